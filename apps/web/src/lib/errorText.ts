import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORDS_DIFFER, PHONE_INVALID, URL_INVALID } from '@closeroom/shared'
import type { ErrorOption, FieldError } from 'react-hook-form'
import type { TFunction } from '../locales/i18n'
import { ApiError } from './api'

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

/** A field error the server gave: its message holds the refusal's code, not a sentence. */
const SERVER = 'server'

/**
 * The text of a refusal, translated by its code: the server's own message is English, for API users. Anything
 * else thrown (a failure in the browser, an answer that is not the API's) reads as the generic error.
 */
export function serverErrorText(t: TFunction, error: unknown): string {
  return t(`errors.codes.${error instanceof ApiError ? error.code : 'server_error'}`)
}

/** Whether a field's error is the server's refusal, which fieldErrorText translates by its code. */
export const isServerFieldError = (error: FieldError) => error.type === SERVER

/** The server's refusal of one field, for react-hook-form's setError: fieldErrorText translates it by its code. */
export function serverFieldError(error: ApiError): ErrorOption {
  return { type: SERVER, message: error.code }
}

/** The text to show under a field: a schema message or the server's refusal, translated. */
export function fieldErrorText(t: TFunction, error: FieldError | undefined): string | undefined {
  if (!error?.message) return undefined
  if (isServerFieldError(error)) return t(`errors.codes.${error.message}`)
  const key = messageKeys[error.message]
  if (key) return t(key, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })
  // zod's own wording (a value over a length limit, a malformed value) has no entry above: say what kind of
  // problem it is rather than show an English sentence.
  return t(error.type === 'too_big' ? 'validation.tooLong' : 'validation.invalid')
}
