import { Box, Button, CircularProgress, Typography } from '@mui/material'
import NotFoundPage from '../../features/errors/NotFoundPage'
import { useTranslation } from '../../locales/i18n'
import { PublicFrame } from './PublicFrame'

/**
 * A spinner: the whole page's, or `inline` a part's. `minHeight` (a part's usual height, per breakpoint) keeps what
 * follows where the part will push it, so nothing on screen shifts when the part replaces the spinner.
 */
export function Loading({ inline = false, minHeight }: { inline?: boolean; minHeight?: number | { xs: number; md: number } }) {
  const { t } = useTranslation()
  const spinner = <CircularProgress aria-label={t('app.loading')} />
  if (inline) return <Box sx={{ display: 'grid', placeItems: 'center', py: 8, minHeight }}>{spinner}</Box>
  return (
    <PublicFrame>
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>{spinner}</Box>
    </PublicFrame>
  )
}

/** An unknown handle or booking: the product's own 404. */
export function NotFound() {
  return <NotFoundPage />
}

export function LoadFailed({ retry }: { retry(): void }) {
  const { t } = useTranslation()
  return (
    <PublicFrame width="sm">
      <Box sx={{ textAlign: 'center', py: 10 }}>
        <Typography sx={{ mb: 3 }}>{t('bookingPublic.profile.loadError')}</Typography>
        <Button variant="contained" onClick={retry}>
          {t('bookingPublic.profile.retry')}
        </Button>
      </Box>
    </PublicFrame>
  )
}
