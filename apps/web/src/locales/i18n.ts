import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language, RTL_LANGUAGES } from '@closeroom/shared'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { localStorageAvailable } from '../lib/storage'
import type english from './bundles/en'

type Texts = typeof english

// Each language is a chunk of its own (./bundles): a reader downloads their language, and English, which
// fills any gap, rather than all five.
const bundles: Record<Language, () => Promise<{ default: Texts }>> = {
  en: () => import('./bundles/en'),
  fr: () => import('./bundles/fr'),
  vi: () => import('./bundles/vi'),
  cn: () => import('./bundles/cn'),
  ar: () => import('./bundles/ar'),
}

async function load(language: Language) {
  if (i18next.hasResourceBundle(language, 'translation')) return
  i18next.addResourceBundle(language, 'translation', (await bundles[language]()).default)
}

export const languageLabels: Record<Language, string> = { en: 'English', fr: 'Français', vi: 'Tiếng Việt', cn: '中文', ar: 'العربية' }

export function directionOf(language: string): 'ltr' | 'rtl' {
  return (RTL_LANGUAGES as readonly string[]).includes(language) ? 'rtl' : 'ltr'
}

function storedLanguage(): Language {
  if (!localStorageAvailable()) return DEFAULT_LANGUAGE
  const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY)
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : DEFAULT_LANGUAGE
}

export async function changeLanguage(language: Language) {
  if (localStorageAvailable()) window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  await load(language)
  return i18next.changeLanguage(language)
}

// Direction is a theme setting (SettingsProvider writes it to <html dir>); the language only names itself.
i18next.on('languageChanged', (language) => {
  document.documentElement.lang = language
})

/** Resolves once the reader's language (and English) are loaded: the app renders after that. */
export const i18nReady = (async () => {
  const language = storedLanguage()
  await i18next.use(initReactI18next).init({
    resources: {},
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
  })
  await Promise.all([load(DEFAULT_LANGUAGE), load(language)])
  // Tell react-i18next the texts have arrived.
  await i18next.changeLanguage(language)
})()

export default i18next
