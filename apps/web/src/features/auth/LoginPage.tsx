import { Login } from '@closeroom/shared'
import { Alert, Button, Stack } from '@mui/material'
import { lazy, Suspense } from 'react'
import { useSearchParams } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { AuthLayout } from '../../components/AuthLayout'
import { FormError } from '../../components/FormError'
import { FormTextField } from '../../components/FormTextField'
import { RouterLink } from '../../components/RouterLink'
import { useSchemaForm } from '../../lib/forms'
import { loadTexts, useTranslation } from '../../locales/i18n'

// Its texts come with it, so the pages' first paint waits for neither.
const SignInWith = lazy(async () => (await Promise.all([import('./SignInWith'), loadTexts('sign-in-with')]))[0])

export default function LoginPage() {
  const { t } = useTranslation()
  const { login } = useAuthContext()
  const [params] = useSearchParams()
  const { form, serverError, submit } = useSchemaForm(Login, { email: params.get('email') ?? '', password: '' })
  const { isSubmitting } = form.formState

  return (
    <AuthLayout
      title={t('auth.login.title')}
      subtitle={
        <>
          {t('auth.login.noAccount')} <RouterLink to="/register">{t('auth.login.getStarted')}</RouterLink>
        </>
      }
    >
      {params.get('reset') === 'done' && (
        <Alert severity="success" sx={{ mb: 3 }}>
          {t('auth.login.passwordSaved')}
        </Alert>
      )}
      <Suspense fallback={null}>
        <SignInWith part="refusal" />
      </Suspense>
      <FormError error={serverError} />
      {/* Signing in sets the session; the guest guard then takes the user on to where they were going. */}
      <Stack component="form" noValidate spacing={2.5} onSubmit={submit(login)}>
        <FormTextField form={form} name="email" label={t('fields.email')} type="email" autoComplete="email" autoFocus />
        <FormTextField form={form} name="password" label={t('fields.password')} type="password" autoComplete="current-password" />
        <RouterLink to="/forgot-password" variant="body2" sx={{ alignSelf: 'flex-end', fontWeight: 600 }}>
          {t('auth.login.forgot')}
        </RouterLink>
        <Button type="submit" size="large" variant="contained" loading={isSubmitting}>
          {t('auth.login.submit')}
        </Button>
      </Stack>
      <Suspense fallback={null}>
        <SignInWith part="buttons" />
      </Suspense>
    </AuthLayout>
  )
}
