import { type LookupAddress, type LookupOptions, lookup } from 'node:dns'
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'
import type { Dispatcher } from 'undici'

/**
 * Every request the server makes to an address a user typed (a CalDAV server, an organization's logo, later a
 * webhook) goes through here, so that nobody can make the server reach what only it can reach: its own
 * loopback, the cloud's metadata address (169.254.169.254), the LAN behind it. A target is refused when it
 * resolves to anything but a public unicast address, unless the operator allowed that range
 * (`ALLOW_PRIVATE_TARGETS`, e.g. a CalDAV server on the office LAN).
 *
 * The check runs where the connection is made (undici's `connect.lookup`), on the address actually dialled, so
 * a name that answers a public address to a first lookup and a private one to the next (DNS rebinding) gains
 * nothing; addresses written as IP literals never reach a lookup and are checked before the request, at each
 * redirect too, since redirects are followed here rather than by fetch.
 */

/** Thrown (as fetch's `cause`, unwrapped by `outboundFetch`) when a target is not one the server may reach. */
export class OutboundRefused extends Error {
  readonly address: string
  constructor(address: string) {
    super(`${address} is a private or local network address, which this server does not connect to`)
    this.address = address
  }
}

export type Outbound = {
  /** fetch, refusing private targets; `redirect: 'follow'` (the default) re-checks every hop, at most five. */
  fetch: (url: string | URL, init?: RequestInit) => Promise<Response>
  /**
   * The address to dial for a host a user typed (an IMAP or SMTP server), checked as `fetch` checks its
   * targets. Protocols other than HTTP connect to this address, naming the host only for TLS, so the name
   * cannot resolve to another address between the check and the connection.
   */
  resolve: (host: string) => Promise<string>
}

const MAX_REDIRECTS = 5

/** An allowance: `*` for any address, or CIDR ranges (`192.168.1.0/24`, `127.0.0.1/32`, `fd00::/8`). */
export function parseAllowance(text: string): Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> | '*' {
  const entries = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  if (entries.includes('*')) return '*'
  return entries.map((entry) => {
    try {
      return ipaddr.parseCIDR(entry.includes('/') ? entry : `${entry}/${ipaddr.parse(entry).kind() === 'ipv4' ? 32 : 128}`)
    } catch {
      throw new Error(`"${entry}" is not an IP address or a CIDR range`)
    }
  })
}

/** Whether the server may connect to this address: public unicast, or in the operator's allowance. */
export function mayConnect(address: string, allowance: ReturnType<typeof parseAllowance>): boolean {
  if (allowance === '*') return true
  let ip: ipaddr.IPv4 | ipaddr.IPv6
  try {
    ip = ipaddr.parse(address)
  } catch {
    return false
  }
  // ::ffff:127.0.0.1 is 127.0.0.1 to the kernel, and so it is here.
  if (ip instanceof ipaddr.IPv6 && ip.isIPv4MappedAddress()) ip = ip.toIPv4Address()
  if (ip.range() === 'unicast') return true
  return allowance.some(([range, bits]) => range.kind() === ip.kind() && ip.match(range, bits))
}

export function createOutbound(allowText: string): Outbound {
  const allowance = parseAllowance(allowText)

  const guardedLookup = (
    hostname: string,
    options: LookupOptions,
    callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, [])
      const allowed = addresses.filter((a) => mayConnect(a.address, allowance))
      if (allowed.length === 0) return callback(new OutboundRefused(addresses[0]?.address ?? hostname), [])
      if (options.all) return callback(null, allowed)
      const first = allowed[0] as LookupAddress
      callback(null, first.address, first.family)
    })
  }
  // undici is imported on the first outbound request: most servers make none for hours, and loading it holds
  // ~6 MB of heap (bench/README.md, memory).
  let dispatcher: Promise<Dispatcher> | undefined
  const agent = () => {
    dispatcher ??= import('undici').then(({ Agent }) => new Agent({ connect: { lookup: guardedLookup } }))
    return dispatcher
  }

  function checkLiteral(url: URL) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefused(url.protocol)
    const host = url.hostname.replace(/^\[|\]$/g, '')
    if (isIP(host) && !mayConnect(host, allowance)) throw new OutboundRefused(host)
  }

  async function once(url: URL, init: RequestInit): Promise<Response> {
    checkLiteral(url)
    try {
      return await fetch(url, { ...init, redirect: 'manual', dispatcher: await agent() } as RequestInit)
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause
      throw cause instanceof OutboundRefused ? cause : error
    }
  }

  async function resolve(host: string): Promise<string> {
    const bare = host.replace(/^\[|\]$/g, '')
    if (isIP(bare)) {
      if (!mayConnect(bare, allowance)) throw new OutboundRefused(bare)
      return bare
    }
    const addresses = await new Promise<LookupAddress[]>((done, fail) =>
      lookup(bare, { all: true }, (error, found) => (error ? fail(error) : done(found))),
    )
    const allowed = addresses.find((a) => mayConnect(a.address, allowance))
    if (!allowed) throw new OutboundRefused(addresses[0]?.address ?? bare)
    return allowed.address
  }

  return {
    resolve,
    async fetch(input, init = {}) {
      let url = new URL(input)
      if (init.redirect === 'manual' || init.redirect === 'error') {
        const res = await once(url, init)
        if (init.redirect === 'error' && res.status >= 300 && res.status < 400) throw new Error(`${url.origin} answered a redirect`)
        return res
      }
      let current = init
      for (let hop = 0; ; hop++) {
        const res = await once(url, current)
        const location = res.headers.get('location')
        if (res.status < 300 || res.status >= 400 || res.status === 304 || !location) return res
        if (hop === MAX_REDIRECTS) throw new Error(`${url.origin} redirected more than ${MAX_REDIRECTS} times`)
        await res.body?.cancel()
        const next = new URL(location, url)
        // As fetch does: credentials stay with the origin they were meant for.
        if (next.origin !== url.origin) {
          const headers = new Headers(current.headers)
          headers.delete('authorization')
          current = { ...current, headers }
        }
        url = next
        // As fetch does: a 303, and a 301 or 302 after a POST, become a GET without a body.
        const method = (current.method ?? 'GET').toUpperCase()
        if (res.status === 303 ? method !== 'HEAD' : (res.status === 301 || res.status === 302) && method === 'POST') {
          current = { ...current, method: 'GET', body: undefined }
        }
      }
    },
  }
}
