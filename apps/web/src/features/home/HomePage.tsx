import { Alert, Box, Button, Card, Stack, Typography } from '@mui/material'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'

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
      <Card sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('home.account')}
        </Typography>
        <Stack spacing={1}>
          <Typography>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {t('home.email')}:
            </Box>{' '}
            <bdi>{user.email}</bdi>
          </Typography>
          <Typography>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {t('home.timeZone')}:
            </Box>{' '}
            <bdi>{user.timeZone}</bdi>
          </Typography>
        </Stack>
        <Typography sx={{ color: 'text.secondary', mt: 3 }}>{t('home.next')}</Typography>
      </Card>
    </>
  )
}
