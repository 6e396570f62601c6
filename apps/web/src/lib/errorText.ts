import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORDS_DIFFER, PHONE_INVALID, URL_INVALID } from '@closeroom/shared'
import type { FieldError } from 'react-hook-form'
import type { TFunction } from '../locales/i18n'
import { FALLBACK_ERROR } from './api'

// The shared zod schemas word their messages in English, because the server answers with the same words.
// The browser shows each of them in the reader's language instead.
const messageKeys: Record<string, string> = {
  'Must be a valid email address': 'validation.email',
  'Name is required': 'validation.nameRequired',
  'Password is required': 'validation.passwordRequired',
  [`Must be at least ${PASSWORD_MIN_LENGTH} characters`]: 'validation.passwordTooShort',
  [`Must be at most ${PASSWORD_MAX_LENGTH} characters`]: 'validation.passwordTooLong',
  'The code has 6 digits': 'validation.code',
  'Must be an IANA time zone such as Europe/Paris': 'validation.timeZone',
  [PHONE_INVALID]: 'validation.phone',
  [URL_INVALID]: 'validation.url',
  [PASSWORDS_DIFFER]: 'validation.passwordsDiffer',
}

/** The text to show under a field: a schema message translated, or a message from the server as it came. */
export function fieldErrorText(t: TFunction, error: FieldError | undefined): string | undefined {
  if (!error?.message) return undefined
  if (error.type === 'server') return error.message
  const key = messageKeys[error.message]
  if (key) return t(key, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })
  // zod's own wording (a value over a length limit, a malformed value) has no entry above: say what kind of
  // problem it is rather than show an English sentence.
  return t(error.type === 'too_big' ? 'validation.tooLong' : 'validation.invalid')
}

/** The text of an error from the server. Its own message is shown as sent; the client's fallback is ours to translate. */
export function serverErrorText(t: TFunction, message: string): string {
  return message === FALLBACK_ERROR ? t('errors.generic') : message
}
