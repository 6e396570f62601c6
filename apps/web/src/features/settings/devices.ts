/**
 * A readable name for the device behind a session, from its user agent: "Chrome on macOS". Only the
 * common browsers and systems are named; anything else is an unknown device rather than a raw string.
 */
export function describeDevice(userAgent: string | null): { name: string | null; mobile: boolean } {
  if (!userAgent) return { name: null, mobile: false }
  const browser = firstMatch(userAgent, [
    [/Edg\//, 'Edge'],
    [/OPR\//, 'Opera'],
    [/Firefox\//, 'Firefox'],
    [/(Chrome|Chromium|CriOS)\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ])
  const system = firstMatch(userAgent, [
    [/iPhone|iPad/, 'iOS'],
    [/Android/, 'Android'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/Windows/, 'Windows'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ])
  const mobile = /Mobile|iPhone|Android/.test(userAgent)
  if (!browser && !system) return { name: null, mobile }
  return { name: [browser, system].filter(Boolean).join(' · '), mobile }
}

function firstMatch(text: string, patterns: [RegExp, string][]): string | null {
  return patterns.find(([pattern]) => pattern.test(text))?.[1] ?? null
}
