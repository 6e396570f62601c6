import { can } from '@closeroom/shared'
import { Alert, Button, Typography } from '@mui/material'
import { Link } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { useTranslation } from '../../locales/i18n'
import { OverviewPanels } from './OverviewPanels'
import { WeekAtAGlance } from './WeekAtAGlance'

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
      <Typography variant="h4" component="h1" sx={{ mb: 4 }}>
        {t('home.welcome', { name: user.name })}
      </Typography>
      <WeekAtAGlance timeZone={user.timeZone || Intl.DateTimeFormat().resolvedOptions().timeZone} />
      {/* Those who manage people also see the organization: who has access, sign-ins, teams. */}
      {can(user, 'users.invite') && (
        <>
          <Typography variant="h5" component="h2" sx={{ mt: 5, mb: 2 }}>
            {t('insights.home.organization')}
          </Typography>
          <OverviewPanels />
        </>
      )}
    </>
  )
}
