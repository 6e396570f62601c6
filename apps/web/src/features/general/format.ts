import { PLAN_CURRENCY } from '@closeroom/shared'

// The product's language codes are the spec's; Intl wants BCP 47 tags ('cn' is not one).
const tags: Record<string, string> = { en: 'en', fr: 'fr', vi: 'vi', cn: 'zh-CN', ar: 'ar' }
const tagOf = (language: string) => tags[language] ?? 'en'

/** An amount in minor units of the plans' currency, without cents when there are none: "$600", "600 $US". */
export function formatPrice(minor: number, language: string): string {
  const whole = minor % 100 === 0
  return new Intl.NumberFormat(tagOf(language), {
    style: 'currency',
    currency: PLAN_CURRENCY,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(minor / 100)
}

/** Countries by their name in the reader's language, sorted as that language sorts. */
export function countryOptions(codes: readonly string[], language: string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([tagOf(language)], { type: 'region', fallback: 'code' })
  const collator = new Intl.Collator(tagOf(language))
  return codes.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name))
}

/** The visitor's country as the browser's language suggests it ("en-GB" → GB), when it is one we list. */
export function guessCountry(codes: readonly string[]): string {
  try {
    const region = new Intl.Locale(navigator.language).maximize().region
    return region && codes.includes(region) ? region : ''
  } catch {
    return ''
  }
}
