import { Alert, Box, Card, Stack, Typography } from '@mui/material'
import { useTranslation } from 'react-i18next'
import { useAuthContext } from '../../app/AuthProvider'
import { RouterLink } from '../../components/RouterLink'

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
            <RouterLink to={`/auth/verify?email=${encodeURIComponent(user.email)}`} color="inherit">
              {t('home.verifyNow')}
            </RouterLink>
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
