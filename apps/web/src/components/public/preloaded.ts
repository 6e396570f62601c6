// A public page the server rendered (apps/web/src/entry-server.tsx) carries the public API answers it was
// rendered with, so its first client render shows the same data and hydrates instead of fetching it again.
// They are keyed by the API path they came from, as the page's useRemote names it.

/** The id of the JSON script element that carries them. */
export const PRELOADED_ELEMENT_ID = 'closeroom-preloaded'

/** Set on <html> by the server-rendered page's inline script when it was rendered for another language or scheme. */
export const STALE_ATTRIBUTE = 'data-stale'

let answers: Record<string, unknown> = readEmbedded()

function readEmbedded(): Record<string, unknown> {
  if (typeof document === 'undefined') return {}
  const text = document.getElementById(PRELOADED_ELEMENT_ID)?.textContent
  if (!text) return {}
  try {
    return JSON.parse(text) as Record<string, unknown>
  } catch {
    return {}
  }
}

/** The embedded answer of GET /api`path`, if the server rendered this page with it. */
export function preloaded<T>(path: string): T | undefined {
  return answers[path] as T | undefined
}

/** Drops an answer once its page has used it: a later visit of the same page in this tab fetches afresh. */
export function forgetPreloaded(path: string) {
  delete answers[path]
}

/** The server's render sets the answers of the page it renders (one render at a time). */
export function setPreloaded(next: Record<string, unknown>) {
  answers = next
}

/**
 * The answers as the text of a `<script type="application/json">`: `<` is escaped so no string in them (a
 * seller's name such as `</script><script>…`) can end the element; U+2028 and U+2029 for old JavaScript parsers.
 */
export function serializePreloaded(value: Record<string, unknown>): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
