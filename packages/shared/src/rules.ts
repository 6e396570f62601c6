import { isValidPhoneNumber } from 'libphonenumber-js'
import { z } from 'zod'

// The spec's validation rules (section 5). The browser's forms and the server apply the same ones.

export const PHONE_INVALID = 'This phone number is not valid'
export const URL_INVALID = 'Must be a valid URL'

/** Empty passes; anything else must be an international phone number (E.164 or with a leading +). */
export const phone = z
  .string()
  .trim()
  .refine((value) => value === '' || isValidPhoneNumber(value), { message: PHONE_INVALID })

/** Empty passes; otherwise https:// is put in front of the value and the result must parse as a URL. */
export const httpsUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? '' : `https://${value.replace(/^https?:\/\//i, '')}`))
  .refine((value) => value === '' || isUrl(value), { message: URL_INVALID })

function isUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.hostname.includes('.') || url.hostname === 'localhost'
  } catch {
    return false
  }
}

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value })
    return true
  } catch {
    return false
  }
}
