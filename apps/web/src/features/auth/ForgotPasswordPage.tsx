import { ForgotPassword } from '@closeroom/shared'
import { Alert, Button, Stack } from '@mui/material'
import { useState } from 'react'
import { AuthLayout } from '../../components/AuthLayout'
import { FormError } from '../../components/FormError'
import { FormTextField } from '../../components/FormTextField'
import { RouterLink } from '../../components/RouterLink'
import { client, unwrap } from '../../lib/api'
import { useSchemaForm } from '../../lib/forms'
import { useTranslation } from '../../locales/i18n'

export default function ForgotPasswordPage() {
  const { t } = useTranslation()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const { form, serverError, submit } = useSchemaForm(ForgotPassword, { email: '' })
  const { isSubmitting } = form.formState

  const send = submit(async (values) => {
    await unwrap(client.POST('/auth/forgot-password', { body: values }))
    setSentTo(values.email)
  })

  return (
    <AuthLayout title={t('auth.forgot.title')} subtitle={t('auth.forgot.text')}>
      <FormError error={serverError} />
      {sentTo ? (
        <Alert severity="success" role="status" sx={{ mb: 3 }}>
          {t('auth.forgot.sent', { email: sentTo })}
        </Alert>
      ) : (
        <Stack component="form" noValidate spacing={2.5} onSubmit={send} sx={{ mb: 3 }}>
          <FormTextField form={form} name="email" label={t('fields.email')} type="email" autoComplete="email" autoFocus />
          <Button type="submit" size="large" variant="contained" loading={isSubmitting}>
            {t('auth.forgot.submit')}
          </Button>
        </Stack>
      )}
      <RouterLink to="/login" variant="body2">
        {t('auth.forgot.back')}
      </RouterLink>
    </AuthLayout>
  )
}
