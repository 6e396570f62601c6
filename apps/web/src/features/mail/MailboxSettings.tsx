import { ConnectMailbox, type ConnectMailbox as ConnectMailboxInput, type Mailbox } from '@closeroom/shared'
import LinkOffRounded from '@mui/icons-material/LinkOffRounded'
import { Alert, Box, Button, Card, Chip, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material'
import { useSnackbar } from 'notistack'
import type { FieldError } from 'react-hook-form'
import { FormError } from '../../components/FormError'
import { serverErrorText } from '../../lib/errorText'
import { useSchemaForm } from '../../lib/forms'
import { formatDateTime } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { useConnectMailbox, useDisconnectMailbox, useMailbox } from './queries'

type Field = keyof ConnectMailboxInput
const errorKind: Partial<Record<Field, string>> = {
  email: 'email',
  imapHost: 'host',
  smtpHost: 'host',
  imapPort: 'port',
  smtpPort: 'port',
  username: 'username',
  password: 'password',
}

const blank = (mailbox?: Mailbox | null): ConnectMailboxInput => ({
  email: mailbox?.email ?? '',
  imapHost: mailbox?.imapHost ?? '',
  imapPort: mailbox?.imapPort ?? 993,
  imapTls: mailbox?.imapTls ?? true,
  smtpHost: mailbox?.smtpHost ?? '',
  smtpPort: mailbox?.smtpPort ?? 465,
  smtpTls: mailbox?.smtpTls ?? true,
  username: mailbox?.username ?? '',
  password: '',
})

/** Settings › Connected apps: the member's mailbox (IMAP to read, SMTP to send), its state, and its form. */
export function MailboxSettings() {
  const { t } = useTranslation()
  const mailbox = useMailbox()
  if (mailbox.isError) return <Alert severity="error">{serverErrorText(t, mailbox.error)}</Alert>
  if (mailbox.isPending) return null
  return <MailboxForm key={mailbox.data?.id ?? 'new'} mailbox={mailbox.data} />
}

function MailboxForm({ mailbox }: { mailbox: Mailbox | null }) {
  const { t, i18n } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  const connect = useConnectMailbox()
  const disconnect = useDisconnectMailbox()
  const { form, serverError, submit } = useSchemaForm(ConnectMailbox, blank(mailbox))
  const { errors } = form.formState
  const text = (field: Field, error: FieldError | undefined) =>
    error ? t(`mail.settings.errors.${errorKind[field] ?? 'host'}` as 'mail.settings.errors.host') : undefined
  const onSubmit = submit(async (values) => {
    await connect.mutateAsync(values)
    enqueueSnackbar(t('mail.settings.connected'), { variant: 'success' })
  })

  const field = (name: Field, label: string, props: Partial<React.ComponentProps<typeof TextField>> = {}) => (
    <TextField
      {...form.register(name, name.endsWith('Port') ? { valueAsNumber: true } : {})}
      label={label}
      error={!!errors[name]}
      helperText={text(name, errors[name] as FieldError | undefined)}
      fullWidth
      {...props}
    />
  )
  const server = (kind: 'imap' | 'smtp') => (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        {t(`mail.settings.${kind}`)}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 1 }}>
        {field(kind === 'imap' ? 'imapHost' : 'smtpHost', t('mail.settings.host'), {
          placeholder: `${kind}.example.com`,
          slotProps: { htmlInput: { dir: 'ltr', autoCapitalize: 'none', spellCheck: false } },
        })}
        {field(kind === 'imap' ? 'imapPort' : 'smtpPort', t('mail.settings.port'), {
          type: 'number',
          sx: { maxWidth: { sm: 140 } },
          slotProps: { htmlInput: { min: 1, max: 65535, dir: 'ltr' } },
        })}
      </Stack>
      <FormControlLabel
        control={
          <Switch
            {...form.register(kind === 'imap' ? 'imapTls' : 'smtpTls')}
            defaultChecked={form.getValues(kind === 'imap' ? 'imapTls' : 'smtpTls')}
          />
        }
        label={t('mail.settings.tls')}
      />
    </Box>
  )

  return (
    <Card component="section" sx={{ p: 3 }} aria-labelledby="mailbox-title">
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 2, mb: 0.5 }}>
        <Typography variant="h6" component="h2" id="mailbox-title" sx={{ flex: 1 }}>
          {t('mail.settings.title')}
        </Typography>
        {mailbox && (
          <Button
            color="error"
            startIcon={<LinkOffRounded />}
            loading={disconnect.isPending}
            onClick={() =>
              window.confirm(t('mail.settings.disconnectConfirm')) &&
              disconnect
                .mutateAsync()
                .then(() => enqueueSnackbar(t('mail.settings.disconnected'), { variant: 'success' }))
                .catch((error: Error) => enqueueSnackbar(serverErrorText(t, error), { variant: 'error' }))
            }
          >
            {t('mail.settings.disconnect')}
          </Button>
        )}
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('mail.settings.text')}
      </Typography>
      {mailbox && (
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }} role="status">
          <Typography variant="subtitle2">{t('mail.settings.status')}</Typography>
          {mailbox.lastError ? (
            <Alert severity="error" sx={{ flex: 1 }}>
              {t('mail.settings.failing', { error: mailbox.lastError })}
            </Alert>
          ) : (
            <>
              <Chip size="small" color="success" label={t('mail.settings.working')} />
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {mailbox.lastSyncedAt
                  ? t('mail.settings.lastSynced', { when: formatDateTime(mailbox.lastSyncedAt, i18n.language) })
                  : t('mail.settings.notYetSynced')}
              </Typography>
            </>
          )}
        </Stack>
      )}
      <FormError error={serverError} />
      <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
        {field('email', t('mail.settings.email'), { type: 'email', autoComplete: 'email', slotProps: { htmlInput: { dir: 'ltr' } } })}
        {server('imap')}
        {server('smtp')}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
          {field('username', t('mail.settings.username'), { autoComplete: 'off', slotProps: { htmlInput: { dir: 'ltr' } } })}
          {field('password', t('mail.settings.password'), { type: 'password', autoComplete: 'new-password' })}
        </Stack>
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
            {mailbox ? t('mail.settings.reconnect') : t('mail.settings.connect')}
          </Button>
        </Stack>
      </Stack>
    </Card>
  )
}
