import type { Booking } from '@closeroom/shared'
import CloseRounded from '@mui/icons-material/CloseRounded'
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Drawer,
  IconButton,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material'
import { useSnackbar } from 'notistack'
import { type ReactNode, useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { FormError } from '../../components/FormError'
import { formatDateTime, intlLocale } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { useEventTypes } from '../booking/queries'
import { type BookingAction, useBookingAction } from './queries'

const statusColor = { pending: 'warning', accepted: 'success', cancelled: 'default', declined: 'error' } as const

/** The room of a meeting: the app's own /m/:id page, whatever host name the server wrote into the link. */
function meetingPath(value: string | null): string | null {
  if (!value) return null
  try {
    return new URL(value, window.location.origin).pathname
  } catch {
    return null
  }
}

/** One booking's details and what the host can do about it. */
export function BookingDrawer({ booking, onClose }: { booking: Booking | null; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Drawer
      anchor="right"
      open={!!booking}
      onClose={onClose}
      slotProps={{ paper: { 'aria-labelledby': 'booking-title', sx: { width: { xs: '100%', sm: 440 } } } }}
    >
      {booking && (
        <Box sx={{ p: 3 }}>
          <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, mb: 1 }}>
            <Typography id="booking-title" variant="h6" component="h2" sx={{ flex: 1 }}>
              {booking.title}
            </Typography>
            <IconButton aria-label={t('calendarApp.details.close')} onClick={onClose} edge="end">
              <CloseRounded />
            </IconButton>
          </Stack>
          <Details booking={booking} />
        </Box>
      )}
    </Drawer>
  )
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="overline" component="h3" sx={{ color: 'text.secondary', display: 'block', lineHeight: 2 }}>
        {label}
      </Typography>
      <Box sx={{ typography: 'body2' }}>{children}</Box>
    </Box>
  )
}

function Details({ booking }: { booking: Booking }) {
  const { t, i18n } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  const eventTypes = useEventTypes()
  const action = useBookingAction()
  const [asking, setAsking] = useState<'decline' | 'cancel' | null>(null)
  const [reason, setReason] = useState('')
  const locale = intlLocale(i18n.language)
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' }).formatRange(
    new Date(booking.start),
    new Date(booking.end),
  )
  const questions = eventTypes.data?.find((e) => e.id === booking.eventTypeId)?.questions ?? []
  const answers = Object.entries(booking.answers)
  const future = new Date(booking.start).getTime() > Date.now()
  const live = booking.status === 'pending' || booking.status === 'accepted'

  async function run(kind: BookingAction, withReason?: string) {
    await action.mutateAsync({ id: booking.id, action: kind, reason: withReason?.trim() || undefined })
    setAsking(null)
    setReason('')
    const done = { confirm: 'confirmed', decline: 'declined', cancel: 'cancelled' } as const
    enqueueSnackbar(t(`calendarApp.details.${done[kind]}`), { variant: 'success' })
  }

  return (
    <>
      <Chip
        size="small"
        color={statusColor[booking.status]}
        variant={booking.status === 'pending' ? 'outlined' : 'filled'}
        label={t(`calendarApp.status.${booking.status}`)}
        sx={{ mb: 2.5 }}
      />
      {!asking && <FormError error={action.error} />}
      <Row label={t('calendarApp.details.when')}>
        <Typography variant="body1">{when}</Typography>
      </Row>
      <Row label={t('calendarApp.details.attendee')}>
        <Typography variant="subtitle1">{booking.attendee.name}</Typography>
        <Link href={`mailto:${booking.attendee.email}`}>{booking.attendee.email}</Link>
        {booking.attendee.phone && (
          <Box>
            <Link href={`tel:${booking.attendee.phone}`} dir="ltr">
              {booking.attendee.phone}
            </Link>
          </Box>
        )}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('calendarApp.details.timeZone', { zone: booking.attendee.timeZone.replaceAll('_', ' ') })}
        </Typography>
      </Row>
      {booking.hosts.length > 1 && <Row label={t('calendarApp.details.hosts')}>{booking.hosts.map((host) => host.name).join(', ')}</Row>}
      <Row label={t('calendarApp.details.location')}>
        <Location booking={booking} />
      </Row>
      {answers.length > 0 && (
        <Row label={t('calendarApp.details.answers')}>
          <Box component="dl" sx={{ m: 0 }}>
            {answers.map(([key, value]) => (
              <Box key={key} sx={{ mb: 1 }}>
                <Box component="dt" sx={{ color: 'text.secondary' }}>
                  {questions.find((q) => q.id === key)?.label ?? key}
                </Box>
                <Box component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap' }}>
                  {typeof value === 'boolean' ? t(value ? 'calendarApp.details.yes' : 'calendarApp.details.no') : value}
                </Box>
              </Box>
            ))}
          </Box>
        </Row>
      )}
      {booking.notes && (
        <Row label={t('calendarApp.details.notes')}>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {booking.notes}
          </Typography>
        </Row>
      )}
      {booking.cancelReason && <Row label={t('calendarApp.details.cancelReason')}>{booking.cancelReason}</Row>}
      {booking.history.length > 0 && (
        <Row label={t('calendarApp.details.history')}>
          <Stack component="ol" sx={{ m: 0, ps: 2.5, gap: 0.75 }}>
            {booking.history.map((entry) => (
              <li key={`${entry.at}-${entry.action}`}>
                <strong>{t(`calendarApp.details.actions.${entry.action}`)}</strong> {t(`calendarApp.details.by.${entry.by}`)} ·{' '}
                {formatDateTime(entry.at, i18n.language)}
                {entry.fromStart && (
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {' '}
                    ({t('calendarApp.details.movedFrom', { date: formatDateTime(entry.fromStart, i18n.language) })})
                  </Box>
                )}
                {entry.reason && (
                  <Box sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
                    <q>{entry.reason}</q>
                  </Box>
                )}
              </li>
            ))}
          </Stack>
        </Row>
      )}
      {live && future && (
        <>
          <Divider sx={{ my: 2 }} />
          <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
            {booking.status === 'pending' && (
              <>
                <Button variant="contained" onClick={() => void run('confirm').catch(() => undefined)} loading={action.isPending}>
                  {t('calendarApp.details.confirm')}
                </Button>
                <Button variant="outlined" color="error" onClick={() => setAsking('decline')}>
                  {t('calendarApp.details.decline')}
                </Button>
              </>
            )}
            <Button color="error" onClick={() => setAsking('cancel')}>
              {t('calendarApp.details.cancel')}
            </Button>
          </Stack>
        </>
      )}
      <Dialog open={!!asking} onClose={() => setAsking(null)} fullWidth maxWidth="xs">
        <form
          onSubmit={(event) => {
            event.preventDefault()
            if (asking) void run(asking, reason).catch(() => undefined)
          }}
        >
          <DialogTitle>{t(asking === 'decline' ? 'calendarApp.details.declineTitle' : 'calendarApp.details.cancelTitle')}</DialogTitle>
          <DialogContent>
            <FormError error={action.error} />
            <TextField
              autoFocus
              fullWidth
              multiline
              minRows={2}
              margin="dense"
              label={t('calendarApp.details.reasonLabel')}
              helperText={t('calendarApp.details.reasonHelp')}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          </DialogContent>
          <DialogActions>
            <Button color="inherit" onClick={() => setAsking(null)}>
              {t('calendarApp.details.back')}
            </Button>
            <Button type="submit" variant="contained" color="error" loading={action.isPending}>
              {t(asking === 'decline' ? 'calendarApp.details.decline' : 'calendarApp.details.cancel')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  )
}

function Location({ booking }: { booking: Booking }) {
  const { t } = useTranslation()
  const { kind, value } = booking.location
  const label = t(`calendarApp.locationKinds.${kind}`)
  if (kind === 'meeting') {
    const path = meetingPath(value)
    return (
      <Stack sx={{ alignItems: 'flex-start', gap: 1 }}>
        <span>{label}</span>
        {path && (
          <Button variant="contained" size="small" component={RouterLink} to={path}>
            {t('calendarApp.details.join')}
          </Button>
        )}
      </Stack>
    )
  }
  if (kind === 'link' && value)
    return (
      <Stack sx={{ alignItems: 'flex-start', gap: 1 }}>
        <span>{label}</span>
        <Button variant="outlined" size="small" href={value} target="_blank" rel="noopener noreferrer">
          {t('calendarApp.details.open')}
        </Button>
      </Stack>
    )
  if (kind === 'phone') {
    const phone = value ?? booking.attendee.phone
    return phone ? <Link href={`tel:${phone}`}>{t('calendarApp.details.call', { phone })}</Link> : <span>{label}</span>
  }
  return (
    <>
      <div>{label}</div>
      {value && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{value}</Typography>}
    </>
  )
}
