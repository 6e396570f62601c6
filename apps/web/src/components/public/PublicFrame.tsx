import { LANGUAGES, type Language } from '@closeroom/shared'
import { Box, Container, Link, Stack } from '@mui/material'
import type { ReactNode } from 'react'
import { intlLocale } from '../../lib/intl'
import { languageLabels, useTranslation } from '../../locales/i18n'
import { useSettings } from '../../theme/SettingsProvider'

/**
 * A plain select for the language: the shell's picker (an MUI menu) would double what a buyer downloads to
 * open a booking page.
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation()
  const { setLanguage } = useSettings()
  return (
    <Box
      component="select"
      aria-label={t('bookingPublic.language')}
      data-testid="language-picker"
      value={i18n.language}
      onChange={(event) => setLanguage((event.target as HTMLSelectElement).value as Language)}
      sx={{
        font: 'inherit',
        fontSize: 14,
        color: 'text.primary',
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        py: 0.75,
        px: 1.25,
        cursor: 'pointer',
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid', outlineOffset: 2 },
      }}
    >
      {LANGUAGES.map((language) => (
        <option key={language} value={language} lang={intlLocale(language)}>
          {languageLabels[language]}
        </option>
      ))}
    </Box>
  )
}

/** The frame of the buyer's pages: the page on a soft background, the language at the top, our name at the foot. */
export function PublicFrame({ children, width = 'md' }: { children: ReactNode; width?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation()
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: (theme) => (theme.palette.mode === 'dark' ? 'background.default' : theme.palette.grey[100]),
      }}
    >
      <Stack direction="row" sx={{ justifyContent: 'flex-end', p: { xs: 1.5, md: 2.5 } }}>
        <LanguageSelect />
      </Stack>
      <Container component="main" maxWidth={width} sx={{ flex: 1, pb: 4, px: { xs: 1.5, sm: 3 } }}>
        {children}
      </Container>
      <Box component="footer" sx={{ textAlign: 'center', pb: 3 }}>
        <Link href="/" variant="caption" underline="hover" sx={{ color: 'text.secondary' }}>
          {t('bookingPublic.poweredBy')}
        </Link>
      </Box>
    </Box>
  )
}
