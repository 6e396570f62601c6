import { AsYouType, type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js'

// What a phone field shows (its text) and what it holds (its value, E.164) are two things: the text is
// formatted for the reader as they type, the value is what forms validate and the server stores.

const international = (text: string) => text.trimStart().startsWith('+')

function typer(text: string, country: CountryCode) {
  // A number typed with its own +code speaks for itself; the selected country applies to the rest.
  const typing = new AsYouType(international(text) ? undefined : country)
  const formatted = typing.input(text)
  return { typing, formatted }
}

/** The text formatted the way the country writes its numbers ('0612345678' → '06 12 34 56 78'). */
export const formatTyped = (text: string, country: CountryCode): string => typer(text, country).formatted

/**
 * The E.164 value of what was typed ('06 12 34 56 78' in France → '+33612345678'). Something that is not
 * a number at all stays as typed, so the phone rule can say it is not valid instead of it turning empty.
 */
export function valueOfTyped(text: string, country: CountryCode): string {
  const trimmed = text.trim()
  if (trimmed === '') return ''
  return typer(text, country).typing.getNumberValue() ?? trimmed
}

/** The country a +number names ('+44 20…' → GB), if it names one. */
export function countryOfTyped(text: string): CountryCode | undefined {
  if (!international(text)) return undefined
  const typing = new AsYouType()
  typing.input(text)
  return typing.getCountry()
}

/** The text after choosing another country: the number without its old +code, written the new country's way. */
export function retypeForCountry(text: string, country: CountryCode): string {
  if (!international(text)) return formatTyped(text, country)
  const typing = new AsYouType()
  typing.input(text)
  return formatTyped(typing.getNationalNumber(), country)
}

/** How a stored value reads in the field: its country's national format beside that country's flag. */
export function textOfValue(value: string, country: CountryCode): { text: string; country: CountryCode } {
  if (value === '') return { text: '', country }
  const number = parsePhoneNumberFromString(value)
  if (number?.country) return { text: number.formatNational(), country: number.country }
  return { text: number ? number.formatInternational() : value, country }
}
