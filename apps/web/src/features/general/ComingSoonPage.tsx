import { NotifyRequest } from '@closeroom/shared'
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined'
import PhoneIphoneRounded from '@mui/icons-material/PhoneIphoneRounded'
import { Alert, Box, Button, Container, Stack, Typography } from '@mui/material'
import { useState } from 'react'
import { useAuthContext } from '../../app/AuthProvider'
import { FormError } from '../../components/FormError'
import { MainLayout } from '../../components/MainLayout'
import { useSchemaForm } from '../../lib/forms'
import { useTranslation } from '../../locales/i18n'
import { Field, sendContact } from './fields'

const highlights = ['calls', 'alerts', 'deals'] as const

/** The next feature to be released, the mobile apps, with a way to hear when they are out. */
export default function ComingSoonPage() {
  const { t } = useTranslation()
  const { user } = useAuthContext()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const { form, serverError, submit } = useSchemaForm(NotifyRequest, { topic: 'notify', feature: 'mobile-apps', email: user?.email ?? '' })
  const { isSubmitting } = form.formState

  const send = submit(async (values) => {
    await sendContact(values)
    setSentTo(values.email)
  })

  return (
    <MainLayout>
      <Container maxWidth="md" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
        <Box
          sx={(theme) => ({
            width: 96,
            height: 96,
            mx: 'auto',
            mb: 3,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            color: 'primary.main',
            bgcolor: theme.alpha(theme.palette.primary.main, 0.12),
          })}
        >
          <PhoneIphoneRounded sx={{ fontSize: 48 }} />
        </Box>
        <Typography variant="overline" component="p" sx={{ color: 'primary.main' }}>
          {t('general.comingSoon.overline')}
        </Typography>
        <Typography variant="h2" component="h1" sx={{ fontSize: { xs: 32, md: 48 }, mb: 2 }}>
          {t('general.comingSoon.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', fontSize: { md: 18 }, maxWidth: 600, mx: 'auto', mb: 5 }}>
          {t('general.comingSoon.text')}
        </Typography>

        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, mb: 6, textAlign: 'start' }}>
          {highlights.map((key) => (
            <Box key={key} sx={{ p: 2.5, borderRadius: 2, border: 1, borderColor: 'divider' }}>
              <Typography sx={{ fontWeight: 700, mb: 0.5 }}>{t(`general.comingSoon.highlights.${key}.title`)}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t(`general.comingSoon.highlights.${key}.text`)}
              </Typography>
            </Box>
          ))}
        </Box>

        <Box sx={{ maxWidth: 520, mx: 'auto' }}>
          {sentTo ? (
            <Alert severity="success" role="status" sx={{ textAlign: 'start' }}>
              {t('general.comingSoon.sent', { email: sentTo })}
            </Alert>
          ) : (
            <>
              <FormError error={serverError} />
              <Stack
                component="form"
                noValidate
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1.5}
                onSubmit={send}
                sx={{ alignItems: 'flex-start' }}
              >
                <Field form={form} name="email" label={t('fields.email')} type="email" autoComplete="email" fullWidth />
                <Button
                  type="submit"
                  size="large"
                  variant="contained"
                  loading={isSubmitting}
                  startIcon={<NotificationsActiveOutlined />}
                  sx={{ flexShrink: 0, minHeight: 56, width: { xs: '100%', sm: 'auto' } }}
                >
                  {t('general.comingSoon.submit')}
                </Button>
              </Stack>
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1.5 }}>
                {t('general.comingSoon.privacy')}
              </Typography>
            </>
          )}
        </Box>
      </Container>
    </MainLayout>
  )
}
