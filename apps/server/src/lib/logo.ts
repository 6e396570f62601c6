import type { FastifyBaseLogger } from 'fastify'
import type { Outbound } from './outbound.ts'

/** Larger than any logo worth drawing 150 points wide; more is not read. */
const LOGO_MAX_BYTES = 2 * 1024 * 1024
/** Making an order form waits no longer than this for the logo: it is made without one instead. */
const LOGO_TIMEOUT_MS = 5_000

const isPng = (b: Uint8Array) => b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47
const isJpeg = (b: Uint8Array) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff

/**
 * The organization's logo for a generated PDF. Organizations keep no logo file: `logoUrl` is an address of their
 * choosing that browsers load directly (the public pages' header), so the server fetches it here, with a deadline
 * and a size limit, through the outbound fetch (never to a private address the operator did not allow: the address
 * is anyone's to type). Only a PNG or a JPEG (by its bytes) is kept, which is what the PDF can draw; anything else, an
 * address that does not answer, or one that answers too much, gives no logo rather than no order form.
 */
export async function fetchLogo(url: string | null, outbound: Outbound, log: FastifyBaseLogger): Promise<Uint8Array | null> {
  if (!url || !/^https?:\/\//i.test(url)) return null
  try {
    const res = await outbound.fetch(url, { signal: AbortSignal.timeout(LOGO_TIMEOUT_MS), headers: { accept: 'image/png, image/jpeg' } })
    if (!res.ok || !res.body) throw new Error(`it answered ${res.status}`)
    if (Number(res.headers.get('content-length') ?? 0) > LOGO_MAX_BYTES) throw new Error('it is too large')
    const chunks: Uint8Array[] = []
    let size = 0
    for await (const chunk of res.body) {
      size += chunk.byteLength
      if (size > LOGO_MAX_BYTES) throw new Error('it is too large')
      chunks.push(chunk)
    }
    const bytes = Buffer.concat(chunks)
    if (!isPng(bytes) && !isJpeg(bytes)) throw new Error('it is not a PNG or JPEG image')
    return bytes
  } catch (error) {
    log.warn({ url, reason: (error as Error).message }, 'the organization’s logo was left off a generated PDF')
    return null
  }
}
