import type { FastifyReply } from 'fastify'
import { contentDisposition } from './names.ts'
import type { FileRow, FileStore } from './store.ts'

/**
 * Answers with a stored file. The type is the sniffed one and the browser may not guess another (nosniff);
 * the sandbox policy keeps anything that did run as script from reaching the app, its cookies or its origin.
 */
export function sendFile(
  reply: FastifyReply,
  files: FileStore,
  file: Pick<FileRow, 'contentType' | 'size' | 'name' | 'storageKey'>,
  disposition: 'inline' | 'attachment',
) {
  return reply
    .header('content-type', file.contentType.startsWith('text/') ? `${file.contentType}; charset=utf-8` : file.contentType)
    .header('content-length', file.size)
    .header('content-disposition', contentDisposition(disposition, file.name))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'")
    .header('cross-origin-resource-policy', 'same-origin')
    .header('cache-control', 'private, no-cache')
    .send(files.open(file))
}
