import { Signup, safeReturnPath } from '@closeroom/shared'
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded'
import { Box, Button, Stack, Typography } from '@mui/material'
import { useRef } from 'react'
import { Navigate, useSearchParams } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { SplashScreen } from '../../app/guards'
import { AuthLayout } from '../../components/AuthLayout'
import { FormError } from '../../components/FormError'
import { FormTextField } from '../../components/FormTextField'
import { RouterLink } from '../../components/RouterLink'
import { useSchemaForm } from '../../lib/forms'
import { useTranslation } from '../../locales/i18n'

/**
 * /signup: someone already signed in goes on; someone who signs up here goes on to the setup walkthrough
 * (/welcome/signup), which the new session opens.
 */
export default function SignupPage() {
  const { isInitialized, isAuthenticated } = useAuthContext()
  const [params] = useSearchParams()
  // Set before the request: the session arrives with the answer, and this page must know it was its own.
  const signingUp = useRef(false)
  if (!isInitialized) return <SplashScreen />
  if (isAuthenticated) return <Navigate to={signingUp.current ? '/welcome/signup' : safeReturnPath(params.get('returnTo'))} replace />
  return (
    <SignupForm
      onSubmit={() => {
        signingUp.current = true
      }}
    />
  )
}

/** Sign-up by email alone: the organization is made at once, the password chosen later from the emailed link. */
export function SignupForm({ onSubmit }: { onSubmit?: () => void }) {
  const { t } = useTranslation()
  const { signup } = useAuthContext()
  const { form, serverError, submit } = useSchemaForm(Signup, { email: '' })
  const { isSubmitting } = form.formState
  const points = [t('auth.signup.pointOrganization'), t('auth.signup.pointPassword'), t('auth.signup.pointSetup')]

  return (
    <AuthLayout
      title={t('auth.signup.title')}
      subtitle={
        <>
          {t('auth.register.hasAccount')} <RouterLink to="/login">{t('auth.register.signIn')}</RouterLink>
        </>
      }
    >
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 3 }}>
        {points.map((point) => (
          <Stack component="li" key={point} direction="row" spacing={1.25} sx={{ alignItems: 'flex-start', py: 0.5 }}>
            <CheckCircleRounded fontSize="small" color="primary" sx={{ mt: 0.25 }} aria-hidden />
            <Typography variant="body2">{point}</Typography>
          </Stack>
        ))}
      </Box>
      <FormError error={serverError} />
      <Stack
        component="form"
        noValidate
        spacing={2.5}
        onSubmit={submit(async (values) => {
          onSubmit?.()
          await signup(values)
        })}
      >
        <FormTextField form={form} name="email" label={t('fields.email')} type="email" autoComplete="email" autoFocus />
        <Button type="submit" size="large" variant="contained" loading={isSubmitting}>
          {t('auth.signup.submit')}
        </Button>
        <RouterLink to="/register" variant="body2" sx={{ textAlign: 'center', fontWeight: 600 }}>
          {t('auth.signup.withPassword')}
        </RouterLink>
      </Stack>
    </AuthLayout>
  )
}
