import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOutbound, mayConnect, OutboundRefused, parseAllowance } from './outbound.ts'

describe('which addresses the server may connect to', () => {
  const none = parseAllowance('')
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.20', 'private'],
    ['169.254.169.254', 'the cloud metadata address (link-local)'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['::1', 'IPv6 loopback'],
    ['fd00::1', 'IPv6 unique local'],
    ['fe80::1', 'IPv6 link-local'],
    ['::ffff:127.0.0.1', 'loopback written as IPv4-mapped IPv6'],
    ['::ffff:10.0.0.1', 'private written as IPv4-mapped IPv6'],
    ['not an address', 'garbage'],
  ])('refuses %s (%s)', (address) => {
    expect(mayConnect(address, none)).toBe(false)
  })

  it.each(['93.184.215.14', '8.8.8.8', '2001:4860:4860::8888', '::ffff:8.8.8.8'])('allows the public address %s', (address) => {
    expect(mayConnect(address, none)).toBe(true)
  })

  it('allows exactly the ranges the operator lists, or everything with *', () => {
    const lan = parseAllowance('192.168.1.0/24, 127.0.0.1')
    expect(mayConnect('192.168.1.77', lan)).toBe(true)
    expect(mayConnect('192.168.2.1', lan)).toBe(false)
    expect(mayConnect('127.0.0.1', lan)).toBe(true)
    expect(mayConnect('127.0.0.2', lan)).toBe(false)
    expect(mayConnect('::1', lan)).toBe(false)
    expect(mayConnect('10.0.0.1', parseAllowance('*'))).toBe(true)
    expect(() => parseAllowance('192.168.1.0/99')).toThrow('"192.168.1.0/99" is not an IP address or a CIDR range')
  })
})

describe('the outbound fetch, against a real server on loopback', () => {
  let server: Server
  let other: Server
  let base: string
  const asked: string[] = []
  beforeAll(async () => {
    server = createServer((req, res) => {
      asked.push(`${req.method} ${req.url} ${req.headers.authorization ?? '-'}`)
      if (req.url === '/to-other-loopback') res.writeHead(302, { location: `http://127.0.0.2:${port()}/hello` }).end()
      else if (req.url === '/to-self') res.writeHead(307, { location: '/hello' }).end()
      else if (req.url === '/to-other-port') res.writeHead(302, { location: `http://127.0.0.1:${port(other)}/hello` }).end()
      else res.writeHead(200, { 'content-type': 'text/plain' }).end('hello')
    })
    other = createServer((req, res) => {
      asked.push(`${req.method} other ${req.url} ${req.headers.authorization ?? '-'}`)
      res.writeHead(200).end('hello from the other')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${port()}`
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    await new Promise((resolve) => other.close(resolve))
  })
  const port = (of = server) => (of.address() as AddressInfo).port

  it('refuses a loopback target, by address or by name, without connecting', async () => {
    const outbound = createOutbound('')
    asked.length = 0
    await expect(outbound.fetch(`${base}/hello`)).rejects.toBeInstanceOf(OutboundRefused)
    await expect(outbound.fetch(`http://localhost:${port()}/hello`)).rejects.toBeInstanceOf(OutboundRefused)
    await expect(outbound.fetch('file:///etc/passwd')).rejects.toBeInstanceOf(OutboundRefused)
    expect(asked).toEqual([])
  })

  it('reaches an allowed range, follows its redirects, and re-checks every hop', async () => {
    const outbound = createOutbound('127.0.0.1/32')
    asked.length = 0
    const res = await outbound.fetch(`${base}/to-self`, { method: 'PROPFIND', headers: { authorization: 'Basic x' } })
    expect(await res.text()).toBe('hello')
    expect(asked).toEqual(['PROPFIND /to-self Basic x', 'PROPFIND /hello Basic x'])

    // 127.0.0.2 is loopback too, but outside the allowance: refused before any connection.
    await expect(outbound.fetch(`${base}/to-other-loopback`)).rejects.toBeInstanceOf(OutboundRefused)
    // A redirect to another origin that is allowed: followed, without the credentials meant for the first.
    asked.length = 0
    const moved = await outbound.fetch(`${base}/to-other-port`, { headers: { authorization: 'Basic x' } })
    expect(await moved.text()).toBe('hello from the other')
    expect(asked).toEqual(['GET /to-other-port Basic x', 'GET other /hello -'])
  })

  it('hands a redirect back untouched when asked to (webhooks follow none)', async () => {
    const res = await createOutbound('127.0.0.1/32').fetch(`${base}/to-other-port`, { redirect: 'manual' })
    expect(res.status).toBe(302)
  })
})

describe('the address to dial for a mail server', () => {
  it('refuses loopback, by address or by name, unless allowed, and answers the checked address', async () => {
    const guarded = createOutbound('')
    await expect(guarded.resolve('127.0.0.1')).rejects.toBeInstanceOf(OutboundRefused)
    await expect(guarded.resolve('localhost')).rejects.toBeInstanceOf(OutboundRefused)
    await expect(guarded.resolve('[::1]')).rejects.toBeInstanceOf(OutboundRefused)
    const allowed = createOutbound('127.0.0.1/32')
    expect(await allowed.resolve('127.0.0.1')).toBe('127.0.0.1')
  })
})
