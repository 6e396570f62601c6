import { createRequire } from 'node:module'
import type sanitizeHtml from 'sanitize-html'

const require = createRequire(import.meta.url)
let library: typeof sanitizeHtml | undefined

/**
 * sanitize-html, loaded the first time HTML is cleaned (a post written or listed, a mail kept) rather than at
 * start: with postcss and htmlparser2 it is ~2 MB of heap an idle server does not need (bench/README.md, memory).
 * A CommonJS package, so `require` loads it synchronously and its callers stay synchronous.
 */
export function sanitizer(): typeof sanitizeHtml {
  library ??= require('sanitize-html') as typeof sanitizeHtml
  return library
}
