import { VerifyEmail } from '@closeroom/shared'
import { Alert, Button, Stack } from '@mui/material'
import { useQueryClient } from '@tanstack/react-query'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { meQuery, useAuthContext } from '../../app/AuthProvider'
import { AuthLayout } from '../../components/AuthLayout'
import { FormError } from '../../components/FormError'
import { FormTextField } from '../../components/FormTextField'
import { RouterLink } from '../../components/RouterLink'
import { client, unwrap } from '../../lib/api'
import { serverErrorText } from '../../lib/errorText'
import { useSchemaForm } from '../../lib/forms'
import { useTranslation } from '../../locales/i18n'

export default function VerifyPage() {
  const { t } = useTranslation()
  const { user } = useAuthContext()
  const queryClient = useQueryClient()
  const { enqueueSnackbar } = useSnackbar()
  const [params] = useSearchParams()
  const [verified, setVerified] = useState(false)
  const { form, serverError, submit } = useSchemaForm(VerifyEmail, { email: params.get('email') ?? user?.email ?? '', code: '' })
  const { isSubmitting } = form.formState

  const verify = submit(async (values) => {
    await unwrap(client.POST('/auth/verify', { body: values }))
    setVerified(true)
    await queryClient.invalidateQueries({ queryKey: meQuery.queryKey })
  })

  async function resend() {
    try {
      await unwrap(client.POST('/auth/verify/resend'))
      enqueueSnackbar(t('auth.verify.resent'), { variant: 'success' })
    } catch (error) {
      enqueueSnackbar(serverErrorText(t, error), { variant: 'error' })
    }
  }

  if (verified) {
    return (
      <AuthLayout title={t('auth.verify.title')}>
        <Alert severity="success" role="status" sx={{ mb: 3 }}>
          {t('auth.verify.done')}
        </Alert>
        <RouterLink to="/">{t('auth.verify.continue')}</RouterLink>
      </AuthLayout>
    )
  }

  return (
    <AuthLayout title={t('auth.verify.title')} subtitle={t('auth.verify.text')}>
      <FormError error={serverError} />
      <Stack component="form" noValidate spacing={2.5} onSubmit={verify}>
        <FormTextField form={form} name="email" label={t('fields.email')} type="email" autoComplete="email" />
        <FormTextField
          form={form}
          name="code"
          label={t('fields.code')}
          autoComplete="one-time-code"
          autoFocus
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, style: { letterSpacing: 8, fontWeight: 700 } } }}
        />
        <Button type="submit" size="large" variant="contained" loading={isSubmitting}>
          {t('auth.verify.submit')}
        </Button>
        {user && !user.emailVerified && (
          <Button variant="text" onClick={resend}>
            {t('auth.verify.resend')}
          </Button>
        )}
      </Stack>
    </AuthLayout>
  )
}
