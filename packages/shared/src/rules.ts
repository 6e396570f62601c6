import { isValidPhoneNumber, parsePhoneNumberWithError } from 'libphonenumber-js'
import { z } from 'zod'

// The spec's validation rules (section 5). The browser's forms and the server apply the same ones.

import { PHONE_INVALID, URL_INVALID } from './messages.ts'

/**
 * Empty passes; anything else must be an international phone number (with a leading +), kept in E.164
 * ("+33 6 12 34 56 78" becomes "+33612345678") so that one number is stored one way.
 */
export const phone = z
  .string()
  .trim()
  .refine((value) => value === '' || isValidPhoneNumber(value), { message: PHONE_INVALID })
  .transform((value) => (value === '' ? '' : parsePhoneNumberWithError(value).number))

/**
 * Empty passes; otherwise https:// is put in front of the value and the result must parse as a URL. The check is
 * piped into a string schema so that answers carrying a URL are typed as strings in the OpenAPI document: a
 * transform's output alone has no JSON Schema.
 */
export const httpsUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? '' : `https://${value.replace(/^https?:\/\//i, '')}`))
  .pipe(z.string().refine((value) => value === '' || isUrl(value), { message: URL_INVALID }))

function isUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.hostname.includes('.') || url.hostname === 'localhost'
  } catch {
    return false
  }
}

// Building a DateTimeFormat costs a quarter of a millisecond, and every slots request validates a zone: a
// zone found valid once stays valid (the set is bounded by the zones the runtime knows).
const knownZones = new Set<string>()

export function isTimeZone(value: string): boolean {
  if (knownZones.has(value)) return true
  try {
    new Intl.DateTimeFormat('en', { timeZone: value })
    knownZones.add(value)
    return true
  } catch {
    return false
  }
}
