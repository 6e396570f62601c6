import createCache, { type EmotionCache } from '@emotion/cache'
import { CacheProvider } from '@emotion/react'
import { CssBaseline, ThemeProvider as MuiThemeProvider } from '@mui/material'
import { type ReactNode, useEffect, useMemo, useState } from 'react'
import { useSettings } from './SettingsProvider'
import { buildTheme } from './theme'

// Right-to-left needs its own emotion cache so every margin and padding is mirrored, not only the text. Its
// stylis plugin is loaded only for right-to-left readers (main.tsx waits for it before the first paint).
const ltrCache = createCache({ key: 'mui' })
let rtlCache: EmotionCache | null = null
let rtlLoading: Promise<EmotionCache> | null = null

export function loadRtlCache(): Promise<EmotionCache> {
  rtlLoading ??= import('stylis-plugin-rtl').then(({ default: rtlPlugin }) => {
    rtlCache = createCache({ key: 'mui-rtl', stylisPlugins: [rtlPlugin] })
    return rtlCache
  })
  return rtlLoading
}

/**
 * `serverCache`: the server renders each public page with an emotion cache of its own (entry-server.tsx), made
 * for the reader's direction, so the page's styles can be extracted and no page gets another's global styles.
 */
export function ThemeProvider({ children, serverCache }: { children: ReactNode; serverCache?: EmotionCache }) {
  const { resolvedMode, themeDirection, themeContrast, themeColorPresets } = useSettings()
  const [rtl, setRtl] = useState(rtlCache)
  useEffect(() => {
    if (themeDirection === 'rtl' && !rtl) void loadRtlCache().then(setRtl)
  }, [themeDirection, rtl])
  // Until the plugin arrives (a moment after switching to Arabic), the page keeps its left-to-right layout.
  const direction = themeDirection === 'rtl' && (rtl || serverCache) ? 'rtl' : 'ltr'
  const theme = useMemo(
    () => buildTheme({ mode: resolvedMode, direction, themeContrast, themeColorPresets }),
    [resolvedMode, direction, themeContrast, themeColorPresets],
  )
  return (
    <CacheProvider value={serverCache ?? (direction === 'rtl' && rtl ? rtl : ltrCache)}>
      <MuiThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </MuiThemeProvider>
    </CacheProvider>
  )
}
