import { NOTIFICATION_KINDS, type NotificationKind } from '@closeroom/shared'
import {
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { usePush } from '../../app/PushProvider'
import { serverErrorText } from '../../lib/errorText'
import { SW_UNSUPPORTED } from '../../lib/serviceWorker'
import { NO_SUBSCRIPTION, PERMISSION_DENIED, PUBLIC_KEY_FAILED } from '../../lib/webPush'
import { useTranslation } from '../../locales/i18n'
import { usePreferences, useSavePreferences } from './queries'

// The spec's push errors, in the reader's language; anything else the browser throws is a failure to subscribe.
const errorKeys: Record<string, string> = {
  [PUBLIC_KEY_FAILED]: 'notifications.settings.errors.publicKey',
  [PERMISSION_DENIED]: 'notifications.settings.errors.denied',
  [NO_SUBSCRIPTION]: 'notifications.settings.errors.noSubscription',
  [SW_UNSUPPORTED]: 'notifications.settings.errors.unsupported',
}

/** /settings/notifications: push on this browser, and which events come by push or email. */
export default function NotificationSettingsPage() {
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <PushCard />
      <EventsCard />
    </Stack>
  )
}

function PushCard() {
  const { t } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  const { permission, subscription, subscribe, unsubscribe } = usePush()
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const run = async (action: () => Promise<void>, done: string) => {
    setBusy(true)
    setError(null)
    try {
      await action()
      enqueueSnackbar(t(done), { variant: 'success' })
    } catch (caught) {
      setError(errorKeys[(caught as Error).message] ?? 'notifications.settings.errors.failed')
    } finally {
      setBusy(false)
    }
  }

  const state =
    permission === 'unsupported'
      ? t('notifications.settings.pushUnsupported')
      : permission === 'denied'
        ? t('notifications.settings.pushBlocked')
        : subscription
          ? t('notifications.settings.pushOn')
          : t('notifications.settings.pushOff')

  return (
    <Card sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {t('notifications.settings.pushTitle')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('notifications.settings.pushText')}
      </Typography>
      {permission === 'loading' ? (
        <Skeleton height={40} />
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography data-testid="push-state">{state}</Typography>
          {error && (
            <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
              {t(error)}
            </Alert>
          )}
          {permission !== 'unsupported' &&
            (subscription ? (
              <Button variant="outlined" disabled={busy} onClick={() => void run(unsubscribe, 'notifications.settings.turnedOff')}>
                {t('notifications.settings.turnOff')}
              </Button>
            ) : (
              <Button variant="contained" disabled={busy} onClick={() => void run(subscribe, 'notifications.settings.turnedOn')}>
                {t('notifications.settings.turnOn')}
              </Button>
            ))}
        </Stack>
      )}
    </Card>
  )
}

function EventsCard() {
  const { t } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  const preferences = usePreferences()
  const save = useSavePreferences()

  const toggle = (kind: NotificationKind, channel: 'push' | 'email', on: boolean) => {
    const current = preferences.data?.[kind]
    if (!current) return
    save.mutate(
      { [kind]: { ...current, [channel]: on } },
      { onSuccess: () => enqueueSnackbar(t('notifications.settings.saved'), { variant: 'success' }) },
    )
  }

  return (
    <Card sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {t('notifications.settings.eventsTitle')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('notifications.settings.eventsText')}
      </Typography>
      {preferences.error && <Alert severity="error">{serverErrorText(t, preferences.error)}</Alert>}
      {save.error && <Alert severity="error">{serverErrorText(t, save.error)}</Alert>}
      {!preferences.data ? (
        <Skeleton variant="rounded" height={320} />
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('notifications.settings.eventsTitle')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('notifications.settings.event')}</TableCell>
                <TableCell align="center">{t('notifications.settings.push')}</TableCell>
                <TableCell align="center">{t('notifications.settings.email')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {NOTIFICATION_KINDS.map((kind) => {
                const label = t(`notifications.settings.kinds.${kind}`)
                const channels = preferences.data[kind]
                return (
                  <TableRow key={kind}>
                    <TableCell>{label}</TableCell>
                    {(['push', 'email'] as const).map((channel) => (
                      <TableCell key={channel} align="center" padding="checkbox">
                        <Checkbox
                          checked={channels[channel]}
                          onChange={(_, on) => toggle(kind, channel, on)}
                          slotProps={{ input: { 'aria-label': `${label}: ${t(`notifications.settings.${channel}`)}` } }}
                        />
                      </TableCell>
                    ))}
                  </TableRow>
                )
              })}
            </TableBody>
          </Table>
        </Box>
      )}
    </Card>
  )
}
