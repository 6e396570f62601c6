import { ChangePassword, PASSWORDS_DIFFER, type Session } from '@closeroom/shared'
import ComputerOutlined from '@mui/icons-material/ComputerOutlined'
import PhoneIphoneOutlined from '@mui/icons-material/PhoneIphoneOutlined'
import { Alert, Button, Card, Chip, List, ListItem, ListItemIcon, ListItemText, Skeleton, Stack, Typography } from '@mui/material'
import { useSnackbar } from 'notistack'
import { lazy, Suspense } from 'react'
import { z } from 'zod'
import { useAuthContext } from '../../app/AuthProvider'
import { FormError } from '../../components/FormError'
import { FormTextField } from '../../components/FormTextField'
import { serverErrorText } from '../../lib/errorText'
import { useSchemaForm } from '../../lib/forms'
import { formatDateTime } from '../../lib/intl'
import { loadTexts, useTranslation } from '../../locales/i18n'
import { describeDevice } from './devices'
import { endAllSessions, useChangePassword, useEndSession, useSessions } from './queries'

// The shared rule, plus the second typing of the new password that only the form needs.
const PasswordForm = ChangePassword.extend({ confirmPassword: z.string() }).refine((v) => v.newPassword === v.confirmPassword, {
  message: PASSWORDS_DIFFER,
  path: ['confirmPassword'],
})

// With the sign-in-with texts it says a provider's refusal in (they are the sign-in page's).
const LinkedAccountsCard = lazy(async () => (await Promise.all([import('./LinkedAccountsCard'), loadTexts('sign-in-with')]))[0])

/** /settings/change-password: the password, the accounts at other providers, and the devices signed in. */
export default function SecuritySettings() {
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <PasswordCard />
      <Suspense fallback={<Skeleton variant="rounded" height={160} />}>
        <LinkedAccountsCard />
      </Suspense>
      <SessionsCard />
    </Stack>
  )
}

function PasswordCard() {
  const { t } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  const change = useChangePassword()
  const { form, serverError, submit } = useSchemaForm(PasswordForm, { oldPassword: '', newPassword: '', confirmPassword: '' })

  const save = submit(async ({ oldPassword, newPassword }) => {
    await change.mutateAsync({ oldPassword: oldPassword || undefined, newPassword })
    form.reset()
    enqueueSnackbar(t('settingsPages.security.changed'), { variant: 'success' })
  })

  return (
    <Card sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {t('settingsPages.security.passwordTitle')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('settingsPages.security.passwordText')}</Typography>
      <FormError error={serverError} />
      <Stack component="form" noValidate spacing={2.5} onSubmit={save}>
        <FormTextField
          form={form}
          name="oldPassword"
          type="password"
          autoComplete="current-password"
          label={t('settingsPages.security.oldPassword')}
          helperText={t('settingsPages.security.oldPasswordHelp')}
        />
        <FormTextField form={form} name="newPassword" type="password" autoComplete="new-password" label={t('fields.newPassword')} />
        <FormTextField
          form={form}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          label={t('settingsPages.security.confirmPassword')}
        />
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
            {t('settingsPages.security.submit')}
          </Button>
        </Stack>
      </Stack>
    </Card>
  )
}

function SessionsCard() {
  const { t, i18n } = useTranslation()
  const { logout } = useAuthContext()
  const sessions = useSessions()
  const end = useEndSession()

  async function endSession(session: Session) {
    await end.mutateAsync(session.id)
    if (session.current) await logout()
  }
  async function endAll() {
    await endAllSessions()
    await logout()
  }

  return (
    <Card sx={{ p: 3 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <div>
          <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
            {t('settingsPages.security.sessionsTitle')}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>{t('settingsPages.security.sessionsText')}</Typography>
        </div>
        <Button color="error" variant="outlined" onClick={() => void endAll()}>
          {t('settingsPages.security.endAll')}
        </Button>
      </Stack>
      {end.error && <Alert severity="error">{serverErrorText(t, end.error)}</Alert>}
      {sessions.isError && <Alert severity="error">{serverErrorText(t, sessions.error)}</Alert>}
      {!sessions.data && !sessions.isError && <Skeleton variant="rounded" height={120} />}
      <List aria-label={t('settingsPages.security.sessionsTitle')}>
        {sessions.data
          ?.toSorted((a, b) => Number(b.current) - Number(a.current))
          .map((session) => {
            const device = describeDevice(session.userAgent)
            return (
              // The button is a child, not a secondaryAction: that one is positioned over the text, and on a
              // phone it covered the dates. Here it wraps to a row of its own when the text needs the width.
              <ListItem key={session.id} divider sx={{ flexWrap: 'wrap', columnGap: 1 }}>
                <ListItemIcon>{device.mobile ? <PhoneIphoneOutlined /> : <ComputerOutlined />}</ListItemIcon>
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center' }}>
                      <span>{device.name ?? t('settingsPages.security.unknownDevice')}</span>
                      {session.current && <Chip size="small" color="primary" label={t('settingsPages.security.current')} />}
                    </Stack>
                  }
                  secondary={t('settingsPages.security.seen', {
                    since: formatDateTime(session.createdAt, i18n.language),
                    last: formatDateTime(session.lastSeenAt, i18n.language),
                  })}
                  sx={{ flex: '1 1 14rem' }}
                />
                <Button
                  size="small"
                  color="inherit"
                  sx={{ marginInlineStart: 'auto' }}
                  onClick={() => void endSession(session).catch(() => undefined)}
                >
                  {t('settingsPages.security.end')}
                </Button>
              </ListItem>
            )
          })}
      </List>
    </Card>
  )
}
