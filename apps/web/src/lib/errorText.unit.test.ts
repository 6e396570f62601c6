import { ERROR_CODES, LANGUAGES, MESSAGES } from '@closeroom/shared'
import { beforeAll, expect, it, vi as vitest } from 'vitest'
import { ar } from '../locales/ar'
import { cn } from '../locales/cn'
import { en } from '../locales/en'
import { fr } from '../locales/fr'
import { vi } from '../locales/vi'
import { ApiError } from './api'
import { fieldErrorText, serverErrorText, serverFieldError, serverRuleError } from './errorText'

// The texts layer outside a browser, as its own test runs it: a bare <html>, French loaded before the checks.
vitest.stubGlobal('document', { documentElement: { lang: '' } })
const { changeLanguage, i18nReady, translate: french } = await import('../locales/i18n')
beforeAll(async () => {
  await i18nReady
  await changeLanguage('fr')
})

// The web shows a refusal by its code, so a code without a sentence would show a translation key.
const screens = { en, fr, vi, cn, ar }

it.each(LANGUAGES)('has a sentence for every error code in %s', (language) => {
  const sentences: Record<string, string | undefined> = screens[language].translation.errors.codes
  expect(ERROR_CODES.filter((code) => !sentences[code]?.trim())).toEqual([])
  expect(
    Object.keys(sentences).filter((code) => !(ERROR_CODES as readonly string[]).includes(code)),
    'not a code',
  ).toEqual([])
})

it.each(LANGUAGES)("has a text for every one of the shared rules' messages in %s", (language) => {
  const texts: Record<string, string | undefined> = screens[language].translation.validation
  expect(Object.keys(MESSAGES).filter((name) => !texts[name]?.trim())).toEqual([])
})

it("names each of the shared rules' messages by a sentence of its own", () => {
  // The browser knows a message by its sentence alone: two names for one sentence would show one name's text for both.
  expect(new Set(Object.values(MESSAGES)).size).toBe(Object.keys(MESSAGES).length)
})

it("shows a refusal by its code, never the server's English message", () => {
  const taken = new ApiError(409, { message: 'This address is taken', code: 'handle_taken' })
  expect(serverErrorText(french, taken)).toBe('Cette adresse est déjà prise. Essayez-en une autre.')
  // An answer with no code we know (a proxy's error page) and anything else thrown read as the generic error.
  expect(serverErrorText(french, new ApiError(502))).toBe('Une erreur s’est produite')
  expect(serverErrorText(french, new TypeError('Failed to fetch'))).toBe('Une erreur s’est produite')
})

it("shows a shared rule's message in the reader's language, with its values", () => {
  expect(fieldErrorText(french, { type: 'too_small', message: MESSAGES.passwordTooShort })).toBe('Au moins 8 caractères')
  expect(fieldErrorText(french, { type: 'custom', message: MESSAGES.seats })).toBe('Indiquez un nombre entier de postes, de 1 à 1000')
  // zod's own English, which no rule names, says what kind of problem it is.
  expect(fieldErrorText(french, { type: 'too_big', message: 'Too big: expected string to have <=120 characters' })).toBe(
    'Cette valeur est trop longue',
  )
})

it("shows a field's refusal by its code under the field", () => {
  const wrong = new ApiError(400, {
    message: 'oldPassword: The current password is incorrect',
    code: 'password_wrong',
    field: 'oldPassword',
  })
  expect(fieldErrorText(french, serverFieldError(wrong) as never)).toBe('Le mot de passe actuel est incorrect')
})

it("shows the server's refusal of a field by a shared rule as that rule's text, and any other by its code", () => {
  const rule = (message: string) => new ApiError(400, { message, code: 'invalid', field: 'answers.size' })
  expect(fieldErrorText(french, serverRuleError(rule(`answers.size: ${MESSAGES.number}`)) as never)).toBe('Indiquez un nombre')
  expect(serverRuleError(rule('answers.size: This form has no such question'))).toBeUndefined()
  // The sentence belongs to the field named, not to another one.
  expect(serverRuleError(rule(`answers.name: ${MESSAGES.required}`))).toBeUndefined()
  expect(serverRuleError(new ApiError(400, { message: MESSAGES.required, code: 'invalid' }))).toBeUndefined()
})
