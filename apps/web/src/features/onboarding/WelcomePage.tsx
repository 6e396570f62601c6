import { can } from '@closeroom/shared'
import { Alert, Box, Button, Card, Stack, Step, StepLabel, Stepper, Typography } from '@mui/material'
import { Link, Navigate, useSearchParams } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { SplashScreen } from '../../app/guards'
import { LanguagePicker } from '../../components/LanguagePicker'
import { Logo } from '../../components/Logo'
import { useTranslation } from '../../locales/i18n'
import { SignupForm } from '../auth/SignupPage'
import { BookingPageStep } from './BookingPageStep'
import { DoneStep } from './DoneStep'
import { InviteStep } from './InviteStep'
import { OrganizationStep } from './OrganizationStep'

export const STEPS = ['organization', 'booking', 'team', 'done'] as const
export type StepName = (typeof STEPS)[number]

/**
 * /welcome/signup: signed out, the sign-up form; signed in as an owner, a short setup. The step is in the
 * address (?step=booking), so a reload or the browser's back button lands on the step it should.
 */
export default function WelcomePage() {
  const { isInitialized, user } = useAuthContext()
  if (!isInitialized) return <SplashScreen />
  if (!user) return <SignupForm />
  if (!can(user, 'organization.setUp')) return <Navigate to="/" replace />
  return <Walkthrough />
}

function Walkthrough() {
  const { t } = useTranslation()
  const { user } = useAuthContext()
  const [params, setParams] = useSearchParams()
  const asked = params.get('step') as StepName | null
  const step: StepName = asked && STEPS.includes(asked) ? asked : 'organization'
  const index = STEPS.indexOf(step)
  const go = (to: StepName) => setParams({ step: to })
  const next = () => go(STEPS[index + 1] ?? 'done')
  const back = () => go(STEPS[index - 1] ?? 'organization')
  if (!user) return null

  return (
    <Box
      sx={{
        minHeight: '100vh',
        bgcolor: (theme) => (theme.palette.mode === 'dark' ? theme.palette.background.default : theme.palette.grey[100]),
      }}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', p: { xs: 2, md: 3 } }}>
        <Logo />
        <LanguagePicker />
      </Stack>
      <Box component="main" sx={{ maxWidth: 760, mx: 'auto', px: 2, pb: 8 }}>
        <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
          {t('onboarding.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('onboarding.subtitle')}</Typography>
        {step !== 'done' && (
          <Alert
            severity="info"
            sx={{ mb: 3 }}
            action={
              // The same email carries the code that confirms the address.
              !user.emailVerified && (
                <Button component={Link} to={`/auth/verify?email=${encodeURIComponent(user.email)}`} color="inherit" size="small">
                  {t('home.verifyNow')}
                </Button>
              )
            }
          >
            {t('onboarding.passwordEmailed', { email: user.email })}
          </Alert>
        )}
        <Card sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Stepper activeStep={index} alternativeLabel sx={{ mb: 4 }} aria-label={t('onboarding.progress')}>
            {STEPS.map((name) => (
              <Step key={name}>
                <StepLabel>{t(`onboarding.steps.${name}`)}</StepLabel>
              </Step>
            ))}
          </Stepper>
          {step === 'organization' && <OrganizationStep onDone={next} />}
          {step === 'booking' && <BookingPageStep onDone={next} onBack={back} />}
          {step === 'team' && <InviteStep onDone={next} onBack={back} />}
          {step === 'done' && <DoneStep onBack={back} />}
        </Card>
      </Box>
    </Box>
  )
}
