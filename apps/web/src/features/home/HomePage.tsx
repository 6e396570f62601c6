import { Alert, Button, Typography } from '@mui/material'
import { Link } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { useTranslation } from '../../locales/i18n'
import { OverviewPanels } from './OverviewPanels'

export default function HomePage() {
  const { t } = useTranslation()
  const { user } = useAuthContext()
  if (!user) return null

  return (
    <>
      {!user.emailVerified && (
        <Alert
          severity="warning"
          sx={{ mb: 3 }}
          action={
            <Button component={Link} to={`/auth/verify?email=${encodeURIComponent(user.email)}`} color="inherit" size="small">
              {t('home.verifyNow')}
            </Button>
          }
        >
          {t('home.unverified')}
        </Alert>
      )}
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('home.welcome', { name: user.name })}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 4 }}>{t('home.role', { role: t(`home.roles.${user.role}`) })}</Typography>
      <OverviewPanels />
    </>
  )
}
