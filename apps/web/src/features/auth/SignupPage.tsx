import { Signup } from '@closeroom/shared'
import { Button, Stack } from '@mui/material'
import { useTranslation } from 'react-i18next'
import { useAuthContext } from '../../app/AuthProvider'
import { AuthLayout } from '../../components/AuthLayout'
import { FormError } from '../../components/FormError'
import { FormTextField } from '../../components/FormTextField'
import { RouterLink } from '../../components/RouterLink'
import { useSchemaForm } from '../../lib/forms'

export default function SignupPage() {
  const { t } = useTranslation()
  const { signup } = useAuthContext()
  const { form, serverError, submit } = useSchemaForm(Signup, { email: '' })
  const { isSubmitting } = form.formState

  return (
    <AuthLayout title={t('auth.signup.title')} subtitle={t('auth.signup.text')}>
      <FormError message={serverError} />
      <Stack component="form" noValidate spacing={2.5} onSubmit={submit(signup)}>
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
