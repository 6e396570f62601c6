import { MESSAGE_VALUES, MESSAGES, type MessageName } from '@closeroom/shared'
import type { ErrorOption, FieldError } from 'react-hook-form'
import type { TFunction } from '../locales/i18n'
import { ApiError } from './api'

// The shared rules' messages by their sentence, which is all a form's error keeps of them: each names its text.
const messageNames = new Map<string, MessageName>(Object.entries(MESSAGES).map(([name, message]) => [message, name as MessageName]))

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

/**
 * The server's refusal of one field by one of the shared rules ("answers.email: Must be a valid email address",
 * the field's path then the rule's sentence), as the page's own check of that rule gives it, so fieldErrorText
 * shows the rule's text in the reader's language; undefined for any other refusal.
 */
export function serverRuleError(error: ApiError): ErrorOption | undefined {
  const prefix = `${error.field}: `
  if (!error.field || !error.message.startsWith(prefix)) return undefined
  const sentence = error.message.slice(prefix.length)
  return messageNames.has(sentence) ? { type: 'custom', message: sentence } : undefined
}

/** A field's error translated when it is the server's refusal or one of the shared rules' messages. */
export function knownErrorText(t: TFunction, error: FieldError): string | undefined {
  if (!error.message) return undefined
  if (isServerFieldError(error)) return t(`errors.codes.${error.message}`)
  const name = messageNames.get(error.message)
  return name && t(`validation.${name}`, MESSAGE_VALUES)
}

/** A shared rule's message in the reader's language (`validation.invalid` for any other sentence the server wrote). */
export function ruleErrorText(t: TFunction, message: string): string {
  const name = messageNames.get(message)
  return name ? t(`validation.${name}`, MESSAGE_VALUES) : t('validation.invalid')
}

/** The text to show under a field: a schema message or the server's refusal, translated. */
export function fieldErrorText(t: TFunction, error: FieldError | undefined): string | undefined {
  if (!error?.message) return undefined
  const known = knownErrorText(t, error)
  if (known) return known
  // zod's own wording (a value over a length limit, a malformed value) has no entry above: say what kind of
  // problem it is rather than show an English sentence.
  return t(error.type === 'too_big' ? 'validation.tooLong' : 'validation.invalid')
}
