import { type CountryCode, getCountries, getCountryCallingCode } from 'libphonenumber-js'
import { intlLocale } from '../../lib/intl'

/** `alias` is the English name: people often search a country by the name they know from forms. */
export type Country = { code: CountryCode; name: string; alias: string; callingCode: string }

const known = new Set<string>(getCountries())

export const isCountry = (code: string | undefined): code is CountryCode => !!code && known.has(code)

/** Where the generated flags live (scripts/flags.ts): the lower-cased country code, as webp. */
export const flagUrl = (code: CountryCode) => `${import.meta.env.BASE_URL}assets/flags/${code.toLowerCase()}.webp`

/** Every country libphonenumber-js knows, named in the reader's language and sorted the way that language sorts. */
export function countriesIn(language: string): Country[] {
  const locale = intlLocale(language)
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' })
  const english = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' })
  const collator = new Intl.Collator(locale)
  return getCountries()
    .map((code) => ({ code, name: names.of(code) ?? code, alias: english.of(code) ?? code, callingCode: getCountryCallingCode(code) }))
    .sort((a, b) => collator.compare(a.name, b.name))
}

/**
 * The country a new phone number most likely belongs to: the region of the browser's preferred languages
 * ('fr-CA' → CA), else the region that language is mostly spoken in ('fr' → FR), else the United States.
 */
export function browserCountry(languages: readonly string[] = navigator.languages): CountryCode {
  for (const tag of languages) {
    try {
      const locale = new Intl.Locale(tag)
      const region = locale.region ?? locale.maximize().region
      if (isCountry(region)) return region
    } catch {
      // A malformed tag says nothing about the country; try the next one.
    }
  }
  return 'US'
}
