import type { Readable } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { errorBody } from '../../http/errors.ts'

export type Playable = { size: number; contentType: string; open(range?: { start: number; end: number }): Readable }

/**
 * The one byte range of a `Range: bytes=…` header within `size` bytes: `start-`, `start-end` or `-suffix`.
 * Null when there is no header (the whole file); 'unsatisfiable' for a range outside the file or several
 * ranges (players ask for one at a time).
 */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  if (header === undefined) return null
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match || (match[1] === '' && match[2] === '')) return 'unsatisfiable'
  const [, from, to] = match as unknown as [string, string, string]
  if (from === '') {
    const suffix = Number(to)
    if (suffix === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(from)
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1)
  if (start >= size || end < start) return 'unsatisfiable'
  return { start, end }
}

/**
 * Streams a recording, whole or the range asked for (206), so that a <video> can seek without downloading
 * what comes before. Never sniffed as anything but video, never framed as a page.
 */
export function sendPlayable(request: FastifyRequest, reply: FastifyReply, file: Playable) {
  const range = byteRange(request.headers.range, file.size)
  if (range === 'unsatisfiable')
    return reply.code(416).header('content-range', `bytes */${file.size}`).send(errorBody(416, 'range: Outside the recording'))
  reply
    .header('content-type', file.contentType)
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'")
    .header('cross-origin-resource-policy', 'same-origin')
    .header('cache-control', 'private, no-cache')
  if (!range) return reply.header('content-length', file.size).send(file.open())
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(file.open(range))
}
