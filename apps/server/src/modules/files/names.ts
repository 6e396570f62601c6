const MAX_NAME = 200
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/**
 * The name to show and to save a file under: the last part of whatever path the browser sent, without
 * control characters or the bidirectional overrides that make "invoice{RLO}fdp.exe" read as "invoiceexe.pdf",
 * on one line, at most 200 characters with its extension kept.
 */
export function displayName(raw: string | undefined): string {
  const base = (raw ?? '').normalize('NFC').split(/[\\/]/).pop() ?? ''
  const clean = base.replace(INVISIBLE, '').replace(/\s+/g, ' ').trim()
  const name = clean.replace(/^\.+/, '') || 'file'
  if (name.length <= MAX_NAME) return name
  const dot = name.lastIndexOf('.')
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : ''
  return name.slice(0, MAX_NAME - extension.length) + extension
}

/**
 * Content-Disposition with the name twice: a plain ASCII fallback for old clients and the exact name in
 * RFC 5987 form (filename*=UTF-8''…), which every current browser prefers.
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_')
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`
}

/** A title from a file name: without its extension. */
export const titleOf = (name: string) => name.replace(/\.[A-Za-z0-9]{1,8}$/, '') || name
