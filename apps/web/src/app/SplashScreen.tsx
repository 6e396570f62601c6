import { Box, CircularProgress } from '@mui/material'
import { useTranslation } from '../locales/i18n'

/** Shown while the first page's chunk downloads. */
export function SplashScreen() {
  const { t } = useTranslation()
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label={t('app.loading')} />
    </Box>
  )
}
