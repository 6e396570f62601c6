import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language, RTL_LANGUAGES } from '@closeroom/shared'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { localStorageAvailable } from '../lib/storage'
import { ar } from './ar'
import { cn } from './cn'
import { components } from './components'
import { en } from './en'
import { fr } from './fr'
import { general } from './general'
import { overview } from './overview'
import { people } from './people'
import { settings } from './settings'
import { shell } from './shell'
import { vi } from './vi'

const screens = { en, fr, vi, cn, ar } satisfies Record<Language, { translation: typeof en.translation }>

/** Each area of the app keeps its text in a file of its own, with the same keys in every language. */
const areas = [shell, people, general, components, settings, overview] as const

export const resources = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    { translation: Object.assign({}, screens[language].translation, ...areas.map((area) => area[language])) },
  ]),
) as Record<Language, { translation: typeof en.translation & typeof shell.en & typeof people.en }>

export const languageLabels: Record<Language, string> = { en: 'English', fr: 'Français', vi: 'Tiếng Việt', cn: '中文', ar: 'العربية' }

export function directionOf(language: string): 'ltr' | 'rtl' {
  return (RTL_LANGUAGES as readonly string[]).includes(language) ? 'rtl' : 'ltr'
}

function storedLanguage(): Language {
  if (!localStorageAvailable()) return DEFAULT_LANGUAGE
  const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY)
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : DEFAULT_LANGUAGE
}

export function changeLanguage(language: Language) {
  if (localStorageAvailable()) window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  return i18next.changeLanguage(language)
}

// Direction is a theme setting (SettingsProvider writes it to <html dir>); the language only names itself.
i18next.on('languageChanged', (language) => {
  document.documentElement.lang = language
})

// Resources are bundled, so initialisation finishes synchronously, before the first render.
void i18next.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false },
})

export default i18next
