import type { Language } from '@closeroom/shared'
import Cookies from 'js-cookie'
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import { changeLanguage, currentLanguage, directionOf } from '../locales/i18n'
import { clearSettings, defaultSettings, nextMode, readSettings, type ThemeSettings, writeSetting } from './settings'

type SettingsContextValue = ThemeSettings & {
  /** The mode actually shown: 'system' resolved through the operating system's preference. */
  resolvedMode: 'light' | 'dark'
  update<K extends keyof ThemeSettings>(key: K, value: ThemeSettings[K]): void
  toggleMode(): void
  reset(): void
  /** Choosing Arabic forces right-to-left; any other language forces left-to-right. */
  setLanguage(language: Language): void
  open: boolean
  setOpen(open: boolean): void
}

const SettingsContext = createContext<SettingsContextValue | null>(null)

/** The reader's settings; without a saved direction, the language decides (an Arabic reader starts right-to-left). */
export function initialSettings(
  cookie: (name: string) => string | undefined = (name) => Cookies.get(name),
  language = currentLanguage(),
): ThemeSettings {
  return { ...readSettings(cookie), ...(cookie('themeDirection') ? {} : { themeDirection: directionOf(language) }) }
}

const darkQuery = '(prefers-color-scheme: dark)'
function subscribeToScheme(onChange: () => void) {
  const query = window.matchMedia(darkQuery)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}
const systemPrefersDark = () => window.matchMedia(darkQuery).matches

/**
 * `server`: what the server knows of the reader when it renders a public page (entry-server.tsx), their cookies'
 * settings and, as far as it can tell, whether their system is dark. In the browser both are read from the page.
 */
export function SettingsProvider({
  children,
  server,
}: {
  children: ReactNode
  server?: { settings: ThemeSettings; prefersDark: boolean }
}) {
  const [settings, setSettings] = useState<ThemeSettings>(() => server?.settings ?? initialSettings())
  const [open, setOpen] = useState(false)
  // A page is hydrated only when the server's guess of the scheme was the system's (entry-server.tsx), so the
  // browser's own answer is the server's snapshot too.
  const osDark = useSyncExternalStore(subscribeToScheme, systemPrefersDark, () => server?.prefersDark ?? systemPrefersDark())

  const update = useCallback(<K extends keyof ThemeSettings>(key: K, value: ThemeSettings[K]) => {
    writeSetting(key, value)
    setSettings((current) => ({ ...current, [key]: value }))
  }, [])

  const reset = useCallback(() => {
    clearSettings()
    setSettings(defaultSettings)
  }, [])

  const toggleMode = useCallback(
    () =>
      setSettings((current) => {
        const themeMode = nextMode(current.themeMode)
        writeSetting('themeMode', themeMode)
        return { ...current, themeMode }
      }),
    [],
  )

  const setLanguage = useCallback(
    (language: Language) => {
      void changeLanguage(language)
      update('themeDirection', directionOf(language))
    },
    [update],
  )

  const resolvedMode = settings.themeMode === 'system' ? (osDark ? 'dark' : 'light') : settings.themeMode

  useEffect(() => {
    document.documentElement.dir = settings.themeDirection
    document.documentElement.style.colorScheme = resolvedMode
  }, [settings.themeDirection, resolvedMode])

  const value = useMemo(
    () => ({ ...settings, resolvedMode, update, toggleMode, reset, setLanguage, open, setOpen }),
    [settings, resolvedMode, update, toggleMode, reset, setLanguage, open],
  )
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>
}

export function useSettings(): SettingsContextValue {
  const context = useContext(SettingsContext)
  if (!context) throw new Error('useSettings must be used within a SettingsProvider')
  return context
}
