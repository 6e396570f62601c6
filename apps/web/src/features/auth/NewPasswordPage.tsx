import { ResetPassword } from '@closeroom/shared'
import { Alert, Button, Stack } from '@mui/material'
import { useNavigate, useSearchParams } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { AuthLayout } from '../../components/AuthLayout'
import { FormError } from '../../components/FormError'
import { FormTextField } from '../../components/FormTextField'
import { RouterLink } from '../../components/RouterLink'
import { client, unwrap } from '../../lib/api'
import { fieldErrorText } from '../../lib/errorText'
import { useSchemaForm } from '../../lib/forms'
import { useTranslation } from '../../locales/i18n'

export default function NewPasswordPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { logout } = useAuthContext()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const { form, serverError, submit } = useSchemaForm(ResetPassword, { token, password: '' })
  const { errors, isSubmitting } = form.formState

  // A new password signs every session out on the server; drop this tab's session too, then sign in afresh.
  const save = submit(async (values) => {
    await unwrap(client.POST('/auth/reset-password', { body: values }))
    await logout()
    navigate('/login?reset=done', { replace: true })
  })

  return (
    <AuthLayout title={t('auth.newPassword.title')} subtitle={t('auth.newPassword.text')}>
      {!token ? (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {t('auth.newPassword.missingToken')}
        </Alert>
      ) : (
        <>
          <FormError error={serverError} text={fieldErrorText(t, errors.token)} />
          <Stack component="form" noValidate spacing={2.5} onSubmit={save} sx={{ mb: 3 }}>
            <FormTextField
              form={form}
              name="password"
              label={t('fields.newPassword')}
              type="password"
              autoComplete="new-password"
              autoFocus
            />
            <Button type="submit" size="large" variant="contained" loading={isSubmitting}>
              {t('auth.newPassword.submit')}
            </Button>
          </Stack>
        </>
      )}
      <RouterLink to="/forgot-password" variant="body2">
        {t('auth.newPassword.askAgain')}
      </RouterLink>
    </AuthLayout>
  )
}
