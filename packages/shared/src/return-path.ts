// Apart from the schemas, as errors.ts is: the web app's entry checks return paths on every sign-in page.

/**
 * Where to go after signing in, from a `returnTo` someone could have crafted: a path on this site only. `//host`
 * and `/\host` are read by browsers as another site, and control characters can hide either.
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/'
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\u0000-\u001f\u007f]/.test(value)) return '/'
  return value
}
