import { SETTINGS_COOKIE, THEME_DEFAULTS, THEME_MODES, THEME_PRESETS } from '@closeroom/shared'
import Cookies from 'js-cookie'

export type ThemeMode = (typeof THEME_MODES)[number]
export type ThemePreset = (typeof THEME_PRESETS)[number]

export type ThemeSettings = {
  themeMode: ThemeMode
  themeDirection: 'ltr' | 'rtl'
  themeContrast: 'default' | 'bold'
  themeLayout: 'vertical' | 'mini'
  themeColorPresets: ThemePreset
  themeStretch: boolean
}

export const defaultSettings: ThemeSettings = { ...THEME_DEFAULTS }

const allowed: { [K in keyof ThemeSettings]: readonly ThemeSettings[K][] } = {
  themeMode: THEME_MODES,
  themeDirection: ['ltr', 'rtl'],
  themeContrast: ['default', 'bold'],
  themeLayout: ['vertical', 'mini'],
  themeColorPresets: THEME_PRESETS,
  themeStretch: [false, true],
}

const keys = Object.keys(allowed) as (keyof ThemeSettings)[]

/**
 * Settings live in one cookie each, for 3 days on path /; anything unreadable falls back to the default. The
 * server reads them from the request's cookies (`cookie`) to render a public page as the reader set it.
 */
export function readSettings(cookie: (name: string) => string | undefined = (name) => Cookies.get(name)): ThemeSettings {
  const settings = { ...defaultSettings } as Record<keyof ThemeSettings, unknown>
  for (const key of keys) {
    const raw = cookie(key)
    if (raw === undefined) continue
    const value = key === 'themeStretch' ? raw === 'true' : raw
    if ((allowed[key] as readonly unknown[]).includes(value)) settings[key] = value
  }
  return settings as ThemeSettings
}

export function writeSetting<K extends keyof ThemeSettings>(key: K, value: ThemeSettings[K]) {
  Cookies.set(key, String(value), { expires: SETTINGS_COOKIE.expiresDays, path: SETTINGS_COOKIE.path, sameSite: 'lax' })
}

export function clearSettings() {
  for (const key of keys) Cookies.remove(key, { path: SETTINGS_COOKIE.path })
}

/** light → dark → system → light */
export function nextMode(mode: ThemeMode): ThemeMode {
  return mode === 'light' ? 'dark' : mode === 'dark' ? 'system' : 'light'
}
