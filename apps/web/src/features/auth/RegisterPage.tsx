import { Register } from '@closeroom/shared'
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

export default function RegisterPage() {
  const { t } = useTranslation()
  const { register } = useAuthContext()
  const [params] = useSearchParams()
  const invitation = params.get('invitation') ?? undefined
  const { form, serverError, submit } = useSchemaForm(Register, { name: '', email: params.get('email') ?? '', password: '', invitation })
  const { isSubmitting } = form.formState

  return (
    <AuthLayout
      title={t('auth.register.title')}
      subtitle={
        <>
          {t('auth.register.hasAccount')} <RouterLink to="/login">{t('auth.register.signIn')}</RouterLink>
        </>
      }
    >
      {invitation && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('auth.register.invited')}
        </Alert>
      )}
      <Suspense fallback={null}>
        <SignInWith part="refusal" />
      </Suspense>
      <FormError error={serverError} />
      <Stack component="form" noValidate spacing={2.5} onSubmit={submit(register)}>
        <FormTextField form={form} name="name" label={t('fields.name')} autoComplete="name" autoFocus />
        <FormTextField
          form={form}
          name="email"
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          slotProps={{ htmlInput: { readOnly: !!invitation } }}
        />
        <FormTextField form={form} name="password" label={t('fields.password')} type="password" autoComplete="new-password" />
        <Button type="submit" size="large" variant="contained" loading={isSubmitting}>
          {t('auth.register.submit')}
        </Button>
        {!invitation && (
          <RouterLink to="/signup" variant="body2" sx={{ textAlign: 'center', fontWeight: 600 }}>
            {t('auth.register.emailOnly')}
          </RouterLink>
        )}
      </Stack>
      <Suspense fallback={null}>
        <SignInWith part="buttons" />
      </Suspense>
    </AuthLayout>
  )
}
