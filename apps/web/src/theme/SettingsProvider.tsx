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

const darkQuery = '(prefers-color-scheme: dark)'
function subscribeToScheme(onChange: () => void) {
  const query = window.matchMedia(darkQuery)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}
const systemPrefersDark = () => window.matchMedia(darkQuery).matches

export function SettingsProvider({ children }: { children: ReactNode }) {
  // Without a saved direction, the language decides (an Arabic reader starts right-to-left).
  const [settings, setSettings] = useState<ThemeSettings>(() => ({
    ...readSettings(),
    ...(Cookies.get('themeDirection') ? {} : { themeDirection: directionOf(currentLanguage()) }),
  }))
  const [open, setOpen] = useState(false)
  const osDark = useSyncExternalStore(subscribeToScheme, systemPrefersDark)

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
