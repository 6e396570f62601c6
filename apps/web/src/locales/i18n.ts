import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language, RTL_LANGUAGES } from '@closeroom/shared'
import Cookies from 'js-cookie'
import { useSyncExternalStore } from 'react'
import { localStorageAvailable } from '../lib/storage'
import { countedKeys } from './plurals'

type Texts = { [key: string]: unknown }

/**
 * The texts come in areas, one chunk per area and language, each downloaded by the pages that show it, in the
 * reader's language and in English, which fills any gap. Every page loads `screens` (sign-in, validation,
 * errors) before its first paint; the buyer's booking pages add `booking-public`, their form `components` (the
 * phone input's words); the sales room adds `salesroom` and `booking-public` (its booking widget), and `signing`
 * when a buyer signs in it; the signing page at /sign/:token `signing` and `booking-public` (its frame); the landing
 * page `landing` and `booking-public` (its language picker), the product room `product-room` and `booking-public` (its booking widget); a
 * routing form `routing-public` (and `components` once it shows a phone input); a room's document viewer `files`; pages with a session load all of them and `app`, the signed-in app's texts (./bundles). All land in one tree per
 * language, so keys keep their full paths.
 */
export type TextArea =
  | 'screens'
  | 'booking-public'
  | 'salesroom'
  | 'signing'
  | 'sign-in-with'
  | 'landing'
  | 'product-room'
  | 'routing-public'
  | 'blog-public'
  | 'meeting'
  | 'components'
  | 'files'
  | 'app'

const areas: Record<TextArea, Record<Language, () => Promise<Texts>>> = {
  screens: {
    en: async () => (await import('./en')).en.translation,
    fr: async () => (await import('./fr')).fr.translation,
    vi: async () => (await import('./vi')).vi.translation,
    cn: async () => (await import('./cn')).cn.translation,
    ar: async () => (await import('./ar')).ar.translation,
  },
  'booking-public': {
    en: async () => (await import('./booking-public/en')).en,
    fr: async () => (await import('./booking-public/fr')).fr,
    vi: async () => (await import('./booking-public/vi')).vi,
    cn: async () => (await import('./booking-public/cn')).cn,
    ar: async () => (await import('./booking-public/ar')).ar,
  },
  // The sales room: the buyer's page at /d/:id and the seller's editor.
  salesroom: {
    en: async () => (await import('./salesroom/en')).en,
    fr: async () => (await import('./salesroom/fr')).fr,
    vi: async () => (await import('./salesroom/vi')).vi,
    cn: async () => (await import('./salesroom/cn')).cn,
    ar: async () => (await import('./salesroom/ar')).ar,
  },
  // Signing in with another account: the buttons on the sign-in and sign-up pages and the refusals.
  'sign-in-with': {
    en: async () => (await import('./sign-in-with/en')).en,
    fr: async () => (await import('./sign-in-with/fr')).fr,
    vi: async () => (await import('./sign-in-with/vi')).vi,
    cn: async () => (await import('./sign-in-with/cn')).cn,
    ar: async () => (await import('./sign-in-with/ar')).ar,
  },
  // Signing an agreement: the recipient's page at /sign/:token, the sales room's signing panel, the signature pad.
  signing: {
    en: async () => (await import('./signing/en')).en,
    fr: async () => (await import('./signing/fr')).fr,
    vi: async () => (await import('./signing/vi')).vi,
    cn: async () => (await import('./signing/cn')).cn,
    ar: async () => (await import('./signing/ar')).ar,
  },
  // The product room: the buyer's page at /p/:id and the seller's card on the product page.
  'product-room': {
    en: async () => (await import('./product-room/en')).en,
    fr: async () => (await import('./product-room/fr')).fr,
    vi: async () => (await import('./product-room/vi')).vi,
    cn: async () => (await import('./product-room/cn')).cn,
    ar: async () => (await import('./product-room/ar')).ar,
  },
  // The organization's landing page at /l/:id.
  landing: {
    en: async () => (await import('./landing/en')).en,
    fr: async () => (await import('./landing/fr')).fr,
    vi: async () => (await import('./landing/vi')).vi,
    cn: async () => (await import('./landing/cn')).cn,
    ar: async () => (await import('./landing/ar')).ar,
  },
  // A routing form as a buyer answers it: /f/:slug, and inline on a landing page or a product room.
  'routing-public': {
    en: async () => (await import('./routing-public/en')).en,
    fr: async () => (await import('./routing-public/fr')).fr,
    vi: async () => (await import('./routing-public/vi')).vi,
    cn: async () => (await import('./routing-public/cn')).cn,
    ar: async () => (await import('./routing-public/ar')).ar,
  },
  // Published posts as visitors read them: on a landing page /l/:id and at /l/:id/posts/:slug.
  'blog-public': {
    en: async () => (await import('./blog/public/en')).en,
    fr: async () => (await import('./blog/public/fr')).fr,
    vi: async () => (await import('./blog/public/vi')).vi,
    cn: async () => (await import('./blog/public/cn')).cn,
    ar: async () => (await import('./blog/public/ar')).ar,
  },
  // The meeting room at /m/:id: lobby, call, leave (`meeting`), with the booking pages' frame.
  meeting: {
    en: async () => (await import('./meeting/en')).en,
    fr: async () => (await import('./meeting/fr')).fr,
    vi: async () => (await import('./meeting/vi')).vi,
    cn: async () => (await import('./meeting/cn')).cn,
    ar: async () => (await import('./meeting/ar')).ar,
  },
  // The file library (/files-manager, /file), the sales room's reading of documents, and the buyer's document viewer.
  files: {
    en: async () => (await import('./files/en')).en,
    fr: async () => (await import('./files/fr')).fr,
    vi: async () => (await import('./files/vi')).vi,
    cn: async () => (await import('./files/cn')).cn,
    ar: async () => (await import('./files/ar')).ar,
  },
  components: {
    en: async () => (await import('./components/en')).en,
    fr: async () => (await import('./components/fr')).fr,
    vi: async () => (await import('./components/vi')).vi,
    cn: async () => (await import('./components/cn')).cn,
    ar: async () => (await import('./components/ar')).ar,
  },
  app: {
    en: async () => (await import('./bundles/en')).default,
    fr: async () => (await import('./bundles/fr')).default,
    vi: async () => (await import('./bundles/vi')).default,
    cn: async () => (await import('./bundles/cn')).default,
    ar: async () => (await import('./bundles/ar')).default,
  },
}
const allAreas = Object.keys(areas) as TextArea[]

// ---- The texts' store: a tree per language, the language shown, and who to tell when either changes. ----
// In place of i18next: the app uses keys, {{name}} interpolation, plural forms (./plurals), an English fallback
// and one list (returnObjects), which take a few lines; i18next and react-i18next cost a buyer's phone 17 KB gzipped.

const texts: Partial<Record<Language, Texts>> = {}
let shown: Language = storedLanguage()
const listeners = new Set<() => void>()

/** What useTranslation gives, new on every change: memos and effects that use `t` follow the language. */
let speaking = speak()

function speak() {
  const language = shown
  return {
    t: ((key: string, options?: TOptions) => translate(key, options)) as TFunction,
    i18n: { language, dir: () => directionOf(language) },
  }
}

function changed() {
  speaking = speak()
  missed = false
  for (const listener of listeners) listener()
}

/**
 * Whether a text was asked for since the last change that the language shown did not have (it fell back to
 * English, a default or the key). Only then can an area arriving change what is on screen: a page's areas load
 * before it renders (lazyPage), so an area that only the part about to mount uses (the booker's, a form's) does
 * not re-render every text of the page, which useSyncExternalStore would do at once, in one long task.
 */
let missed = true

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function merge(into: Texts, from: Texts) {
  for (const [key, value] of Object.entries(from)) {
    const current = into[key]
    if (isTexts(value) && isTexts(current)) merge(current, value)
    else into[key] = isTexts(value) ? merge({}, value) : value
  }
  return into
}

function isTexts(value: unknown): value is Texts {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function lookup(tree: Texts | undefined, key: string): unknown {
  let node: unknown = tree
  for (const part of key.split('.')) node = isTexts(node) ? node[part] : undefined
  return node
}

export type TOptions = { defaultValue?: string; returnObjects?: boolean; [name: string]: unknown }

/** The text at `key` in `language`; with a count, in the plural form the count takes there (./plurals). */
function find(language: Language, key: string, count: unknown): unknown {
  if (typeof count !== 'number') return lookup(texts[language], key)
  for (const counted of countedKeys(key, language, count)) {
    const value = lookup(texts[language], counted)
    if (value !== undefined) return value
  }
  return undefined
}

/**
 * The text at `key` in the language shown, else in English, else `defaultValue`, else the key itself (which
 * the languages test looks for). A numeric `options.count` picks the plural form (`key_one`, `key_few`…, else
 * `key_other`, else `key`). `{{name}}` takes `options.name` (nothing when it is not given); `returnObjects`
 * returns a list as it is.
 */
export function translate(key: string, options: TOptions & { returnObjects: true }): unknown
export function translate(key: string, options?: TOptions): string
export function translate(key: string, options?: TOptions): unknown {
  const own = find(shown, key, options?.count)
  if (own === undefined) missed = true
  const value = own ?? find(DEFAULT_LANGUAGE, key, options?.count)
  if (typeof value !== 'string') return value !== undefined && options?.returnObjects ? value : (options?.defaultValue ?? key)
  if (!value.includes('{{')) return value
  return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(options?.[name] ?? ''))
}

export type TFunction = typeof translate

/** What a component needs to speak: `t`, and the language shown with its direction. */
export function useTranslation() {
  return useSyncExternalStore(subscribe, current, current)
}

const current = () => speaking

/** The language shown. */
export function currentLanguage(): Language {
  return shown
}

/** The areas this reader's pages asked for so far: a change of language loads them in the new language. */
const wanted = new Set<TextArea>()
const loaded = new Map<string, Promise<void>>()

function loadArea(area: TextArea, language: Language): Promise<void> {
  const key = `${language}/${area}`
  let loading = loaded.get(key)
  if (!loading) {
    loading = areas[area][language]().then((tree) => {
      texts[language] = merge(texts[language] ?? {}, tree)
      if (missed) changed()
    })
    loading.catch(() => loaded.delete(key))
    loaded.set(key, loading)
  }
  return loading
}

function loadAreas(wantedAreas: Iterable<TextArea>, ...language: Language[]): Promise<unknown> {
  const languages = new Set<Language>([DEFAULT_LANGUAGE, ...language])
  return Promise.all([...wantedAreas].flatMap((area) => [...languages].map((lng) => loadArea(area, lng))))
}

/** The language shown, or the one a change is loading: a page's texts load in that one too. */
let switchingTo: Language | undefined

function currentLanguages(): Language[] {
  return switchingTo ? [shown, switchingTo] : [shown]
}

/**
 * Loads these text areas (in the reader's language and English) before a page that shows them renders:
 * lazyPage does it for a page, next to the page's own import.
 */
export function loadTexts(...some: TextArea[]): Promise<unknown> {
  for (const area of some) wanted.add(area)
  return loadAreas(some, ...currentLanguages())
}

/** Loads every area: the signed-in app and the pages around it (SessionScope) show any of them. */
export function loadAllTexts(): Promise<unknown> {
  for (const area of allAreas) wanted.add(area)
  return loadAreas(allAreas, ...currentLanguages())
}

export const languageLabels: Record<Language, string> = { en: 'English', fr: 'Français', vi: 'Tiếng Việt', cn: '中文', ar: 'العربية' }

export function directionOf(language: string): 'ltr' | 'rtl' {
  return (RTL_LANGUAGES as readonly string[]).includes(language) ? 'rtl' : 'ltr'
}

/**
 * The chosen language is also kept in a cookie of this name, so the server renders a public page in it
 * (entry-server.tsx); localStorage stays where the app reads it.
 */
export const LANGUAGE_COOKIE = 'language'

function storedLanguage(): Language {
  if (!localStorageAvailable()) return DEFAULT_LANGUAGE
  const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY)
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE
}

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value)
}

function rememberLanguage(language: Language) {
  if (Cookies.get(LANGUAGE_COOKIE) !== language) Cookies.set(LANGUAGE_COOKIE, language, { expires: 365, path: '/', sameSite: 'lax' })
}

/** Whether this reader chose a language here before: a page may then pick one for them (a signer's own). */
export function languageChosen(): boolean {
  return localStorageAvailable() && isLanguage(window.localStorage.getItem(LANGUAGE_STORAGE_KEY))
}

/** Shows the app in `language` once every area in use has loaded in it, and remembers the choice. */
export async function changeLanguage(language: Language) {
  if (localStorageAvailable()) window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  rememberLanguage(language)
  switchingTo = language
  try {
    await loadAreas(wanted, language)
  } finally {
    switchingTo = undefined
  }
  show(language)
}

// Direction is a theme setting (SettingsProvider writes it to <html dir>); the language only names itself.
function show(language: Language) {
  shown = language
  if (typeof document !== 'undefined') document.documentElement.lang = language
  changed()
}

/** Resolves once the reader's screens' texts (and English) are loaded: the app renders after that. */
export const i18nReady = (async () => {
  wanted.add('screens')
  await loadAreas(wanted, shown)
  show(shown)
  // A language chosen before the cookie existed: the server renders the next public page in it.
  if (typeof document !== 'undefined' && languageChosen()) rememberLanguage(shown)
})()

/**
 * The server's render of a public page (entry-server.tsx, one render at a time): every area in `language` and
 * English (kept in the server's memory after the first page in that language), then `language` shown.
 */
export async function speakOnServer(language: Language) {
  await loadAreas(allAreas, language)
  show(language)
}
