// The spec's constants (section 9), defined once. Every other module imports them from here.

export const HEALTH_CHECK_TIMEOUT_MS = 3000

export const ACTIVITY = {
  blurInactiveMs: 60_000,
  idleInactiveMs: 5 * 60_000,
  inputThrottleMs: 1000,
} as const

export const PROGRESS_BAR = { delayMs: 300, minimum: 0.08, speed: 200, trickleSpeed: 800 } as const

export const SOCKET_OPTIONS = {
  withCredentials: true,
  transports: ['websocket', 'polling'],
  timeout: 20_000,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
} as const

export const SETTINGS_COOKIE = { expiresDays: 3, path: '/' } as const

export const TOASTS = {
  maxSnack: 5,
  autoHideDurationMs: 3000,
  preventDuplicate: true,
  anchor: { vertical: 'top', horizontal: 'right' },
} as const

export const LANGUAGES = ['en', 'fr', 'vi', 'cn', 'ar'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'en'
export const LANGUAGE_STORAGE_KEY = 'i18nextLng'
export const RTL_LANGUAGES: readonly Language[] = ['ar']

export const THEME_MODES = ['light', 'dark', 'system'] as const
export const THEME_PRESETS = ['default', 'cyan', 'purple', 'blue', 'orange', 'red'] as const

export const THEME_DEFAULTS = {
  themeMode: 'system',
  themeDirection: 'ltr',
  themeContrast: 'default',
  themeLayout: 'vertical',
  themeColorPresets: 'blue',
  themeStretch: false,
} as const

export const LAYOUT = {
  header: { mobile: 64, mainDesktop: 88, dashboardDesktop: 92, dashboardDesktopOffset: 60 },
  nav: { width: 260, dashboardWidth: 280, miniWidth: 88, itemHeight: 48, subItemHeight: 36, horizontalItemHeight: 32 },
  icon: { nav: 24, navHorizontal: 22, navMini: 22, default: 20 },
  flag: { width: 26, height: 20, radius: 5 },
} as const

export const LOOK = {
  borderRadius: 8,
  fontFamily: 'Public Sans',
  breakpoints: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 },
  avatarGroupMax: 4,
  dataTableToolbarHeight: 64,
  tabMinWidth: 48,
} as const

export const ANIMATION = { durationIn: 0.64, durationOut: 0.48, distance: 120, distanceAlt: 160, stagger: 0.05 } as const

export const CHARTS = { columnWidth: { default: '28%', belowSm: '40%', belowMd: '32%' }, strokeWidth: 3, donutLabel: 'Total' } as const

export const ROLES = ['owner', 'admin', 'member'] as const

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128
