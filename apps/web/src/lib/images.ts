/** A typed-in picture address worth previewing: only a complete https URL, never a half-typed relative path. */
export function httpsImage(value: string | undefined | null): string | undefined {
  return value && /^https:\/\/[^/\s]+\.[^/\s]+/i.test(value) ? value : undefined
}
