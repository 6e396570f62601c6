import createCache from '@emotion/cache'
import { CacheProvider } from '@emotion/react'
import { CssBaseline, ThemeProvider as MuiThemeProvider } from '@mui/material'
import { type ReactNode, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import rtlPlugin from 'stylis-plugin-rtl'
import { directionOf } from '../locales/i18n'
import { buildTheme } from './theme'

// Right-to-left needs its own emotion cache so every margin and padding is mirrored, not only the text.
const caches = {
  ltr: createCache({ key: 'mui' }),
  rtl: createCache({ key: 'mui-rtl', stylisPlugins: [rtlPlugin] }),
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation()
  const direction = directionOf(i18n.language)
  const theme = useMemo(() => buildTheme(direction), [direction])
  return (
    <CacheProvider value={caches[direction]}>
      <MuiThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </MuiThemeProvider>
    </CacheProvider>
  )
}
