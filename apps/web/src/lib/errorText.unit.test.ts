import { ERROR_CODES, LANGUAGES } from '@closeroom/shared'
import { expect, it } from 'vitest'
import { ar } from '../locales/ar'
import { cn } from '../locales/cn'
import { en } from '../locales/en'
import { fr } from '../locales/fr'
import type { TFunction } from '../locales/i18n'
import { vi } from '../locales/vi'
import { ApiError } from './api'
import { fieldErrorText, serverErrorText, serverFieldError } from './errorText'

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

/** Translates from the French screens, as the texts layer would once French is loaded. */
const french = ((key: string) =>
  key.split('.').reduce<unknown>((tree, part) => (tree as Record<string, unknown>)?.[part], fr.translation) ?? key) as TFunction

it("shows a refusal by its code, never the server's English message", () => {
  const taken = new ApiError(409, { message: 'This address is taken', code: 'handle_taken' })
  expect(serverErrorText(french, taken)).toBe('Cette adresse est déjà prise. Essayez-en une autre.')
  // An answer with no code we know (a proxy's error page) and anything else thrown read as the generic error.
  expect(serverErrorText(french, new ApiError(502))).toBe('Une erreur s’est produite')
  expect(serverErrorText(french, new TypeError('Failed to fetch'))).toBe('Une erreur s’est produite')
})

it("shows a field's refusal by its code under the field", () => {
  const wrong = new ApiError(400, {
    message: 'oldPassword: The current password is incorrect',
    code: 'password_wrong',
    field: 'oldPassword',
  })
  expect(fieldErrorText(french, serverFieldError(wrong) as never)).toBe('Le mot de passe actuel est incorrect')
})
