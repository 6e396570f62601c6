import { Card, Typography } from '@mui/material'
import { useTranslation } from '../../locales/i18n'

/** /permission-denied: the 403 message inside the app's layout. */
export default function ForbiddenContent() {
  const { t } = useTranslation()
  return (
    <Card sx={{ p: { xs: 4, md: 8 }, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('errors.forbidden.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{t('errors.forbidden.text')}</Typography>
    </Card>
  )
}
