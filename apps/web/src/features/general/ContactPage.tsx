import { CONTACT_TOPICS, type ContactTopic, GeneralMessage } from '@closeroom/shared'
import CodeRounded from '@mui/icons-material/CodeRounded'
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined'
import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded'
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined'
import { Alert, Box, Button, Card, Container, MenuItem, Stack, TextField, Typography } from '@mui/material'
import { useState } from 'react'
import { Controller } from 'react-hook-form'
import { useSearchParams } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { FormError } from '../../components/FormError'
import { MainLayout } from '../../components/MainLayout'
import { fieldErrorText } from '../../lib/errorText'
import { useSchemaForm } from '../../lib/forms'
import { useTranslation } from '../../locales/i18n'
import { Field, sendContact } from './fields'
import { PageHero } from './PageHero'

const channels = [
  { key: 'sales', icon: HandshakeOutlined },
  { key: 'support', icon: SupportAgentOutlined },
  { key: 'openSource', icon: CodeRounded },
] as const

const isTopic = (value: string | null): value is ContactTopic => (CONTACT_TOPICS as readonly string[]).includes(value ?? '')

export default function ContactPage() {
  const { t } = useTranslation()
  const { user } = useAuthContext()
  const [params] = useSearchParams()
  const requested = params.get('topic')
  const [sentTo, setSentTo] = useState<{ name: string; email: string } | null>(null)
  const empty = {
    topic: isTopic(requested) ? requested : ('sales' as const),
    name: user?.name ?? '',
    email: user?.email ?? '',
    company: '',
    message: '',
  }
  const { form, serverError, submit } = useSchemaForm(GeneralMessage, empty)
  const { isSubmitting } = form.formState

  const send = submit(async (values) => {
    await sendContact(values)
    setSentTo({ name: values.name, email: values.email })
    form.reset(empty)
  })

  return (
    <MainLayout>
      <PageHero overline={t('general.contact.overline')} title={t('general.contact.title')} text={t('general.contact.text')} />
      <Container maxWidth="lg" sx={{ pb: { xs: 8, md: 12 } }}>
        <Box sx={{ display: 'grid', gap: { xs: 4, md: 6 }, gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' }, alignItems: 'start' }}>
          <Stack spacing={3}>
            {channels.map(({ key, icon: Icon }) => (
              <Stack key={key} direction="row" spacing={2}>
                <Box
                  sx={(theme) => ({
                    width: 48,
                    height: 48,
                    flexShrink: 0,
                    borderRadius: 1.5,
                    display: 'grid',
                    placeItems: 'center',
                    color: 'primary.main',
                    bgcolor: theme.alpha(theme.palette.primary.main, 0.12),
                  })}
                >
                  <Icon />
                </Box>
                <div>
                  <Typography variant="h6" component="h2">
                    {t(`general.contact.channels.${key}.title`)}
                  </Typography>
                  <Typography sx={{ color: 'text.secondary' }}>{t(`general.contact.channels.${key}.text`)}</Typography>
                </div>
              </Stack>
            ))}
            <Stack direction="row" spacing={2} sx={{ color: 'text.secondary', alignItems: 'center' }}>
              <MailOutlineRounded fontSize="small" />
              <Typography variant="body2">{t('general.contact.replyTime')}</Typography>
            </Stack>
          </Stack>

          <Card sx={{ p: { xs: 3, md: 5 } }}>
            <Typography variant="h5" component="h2" sx={{ mb: 3 }}>
              {t('general.contact.formTitle')}
            </Typography>
            {sentTo && (
              <Alert severity="success" role="status" sx={{ mb: 3 }} onClose={() => setSentTo(null)}>
                {t('general.contact.sent', sentTo)}
              </Alert>
            )}
            <FormError error={serverError} />
            <Stack component="form" noValidate spacing={2.5} onSubmit={send}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
                <Field form={form} name="name" label={t('fields.name')} autoComplete="name" fullWidth />
                <Field form={form} name="email" label={t('fields.email')} type="email" autoComplete="email" fullWidth />
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
                <Field form={form} name="company" label={t('general.fields.companyOptional')} autoComplete="organization" fullWidth />
                <Controller
                  control={form.control}
                  name="topic"
                  render={({ field, fieldState }) => (
                    <TextField
                      select
                      fullWidth
                      label={t('general.fields.topic')}
                      name={field.name}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                      error={!!fieldState.error}
                      helperText={fieldErrorText(t, fieldState.error)}
                    >
                      {CONTACT_TOPICS.map((topic) => (
                        <MenuItem key={topic} value={topic}>
                          {t(`general.contact.topics.${topic}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              </Stack>
              <Field form={form} name="message" label={t('general.fields.message')} multiline minRows={5} />
              <Button type="submit" size="large" variant="contained" loading={isSubmitting} sx={{ alignSelf: 'flex-start' }}>
                {t('general.contact.submit')}
              </Button>
            </Stack>
          </Card>
        </Box>
      </Container>
    </MainLayout>
  )
}
