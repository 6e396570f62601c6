import { lazy } from 'react'
import { loadTexts } from '../../locales/i18n'

/**
 * The phone input (flags, countries, libphonenumber) with its words, downloaded only when a public form shows a
 * phone field: a buyer's page stays small without it.
 */
export const LazyPhoneInput = lazy(async () => {
  const [{ PhoneInput }] = await Promise.all([import('./PhoneInput'), loadTexts('components')])
  return { default: PhoneInput }
})
