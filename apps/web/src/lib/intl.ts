import type { Language } from '@closeroom/shared'

// The product's language codes are the spec's; Intl wants BCP 47 tags ('cn' is not one).
const tags: Record<Language, string> = { en: 'en', fr: 'fr', vi: 'vi', cn: 'zh-CN', ar: 'ar' }

export const intlLocale = (language: string): string => tags[language as Language] ?? 'en'

// Building an Intl formatter costs a tenth of a millisecond or more (it loads the locale's data), formatting with
// one a microsecond: a price list or a calendar formats hundreds of values in one render, so each formatter is
// built once per locale and options, on first use. The keys are bounded: five languages × the options in the code
// (and the time zones of a zone picker).
function kept<F>(build: (locale: string, options: object | undefined) => F) {
  const formats = new Map<string, F>()
  return (locale: string, options?: object): F => {
    const key = `${locale}\u0000${JSON.stringify(options ?? {})}`
    const found = formats.get(key)
    if (found) return found
    const format = build(locale, options)
    formats.set(key, format)
    return format
  }
}

/** `new Intl.NumberFormat(locale, options)`, kept. Throws as it does (an unknown currency). */
export const numberFormat: (locale: string, options?: Intl.NumberFormatOptions) => Intl.NumberFormat = kept(
  (locale, options) => new Intl.NumberFormat(locale, options),
)

/** `new Intl.DateTimeFormat(locale, options)`, kept. */
export const dateTimeFormat: (locale: string, options?: Intl.DateTimeFormatOptions) => Intl.DateTimeFormat = kept(
  (locale, options) => new Intl.DateTimeFormat(locale, options),
)

/** A date and time in the reader's language, e.g. "22 Nov 2026, 14:05". */
export function formatDateTime(iso: string, language: string): string {
  return dateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
}

/** Every IANA time zone this browser knows, with its current UTC offset, for pickers. */
export function timeZoneOptions(): { value: string; offset: string }[] {
  const now = new Date()
  // The browser's list holds places only; UTC itself is a fine choice too (and the server's default).
  const zones = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')]
  return zones.map((value) => ({ value, offset: utcOffset(value, now) }))
}

export function utcOffset(timeZone: string, at = new Date()): string {
  const part = dateTimeFormat('en', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')
  // 'GMT' alone is UTC itself.
  return part?.value === 'GMT' ? 'UTC' : (part?.value.replace('GMT', 'UTC') ?? 'UTC')
}

/** A date alone in the reader's language, e.g. "22 November 2026". */
export function formatDate(iso: string, language: string): string {
  return dateTimeFormat(intlLocale(language), { dateStyle: 'long' }).format(new Date(iso))
}

/** A count in the reader's language and digits. */
export function formatNumber(value: number, language: string): string {
  return numberFormat(intlLocale(language)).format(value)
}
