import createCache from '@emotion/cache'
import { CacheProvider } from '@emotion/react'
import { CssBaseline, ThemeProvider as MuiThemeProvider } from '@mui/material'
import { type ReactNode, useMemo } from 'react'
import rtlPlugin from 'stylis-plugin-rtl'
import { useSettings } from './SettingsProvider'
import { buildTheme } from './theme'

// Right-to-left needs its own emotion cache so every margin and padding is mirrored, not only the text.
const caches = {
  ltr: createCache({ key: 'mui' }),
  rtl: createCache({ key: 'mui-rtl', stylisPlugins: [rtlPlugin] }),
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const { resolvedMode, themeDirection, themeContrast, themeColorPresets } = useSettings()
  const theme = useMemo(
    () => buildTheme({ mode: resolvedMode, direction: themeDirection, themeContrast, themeColorPresets }),
    [resolvedMode, themeDirection, themeContrast, themeColorPresets],
  )
  return (
    <CacheProvider value={caches[themeDirection]}>
      <MuiThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </MuiThemeProvider>
    </CacheProvider>
  )
}
