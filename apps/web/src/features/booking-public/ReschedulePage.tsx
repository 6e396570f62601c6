import type { PublicBooking } from '@closeroom/shared'
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded'
import { Alert, Box, Button, Stack, Typography } from '@mui/material'
import { useState } from 'react'
import { useParams } from 'react-router'
import { PublicFrame } from '../../components/public/PublicFrame'
import { LoadFailed, Loading, NotFound } from '../../components/public/states'
import { surface } from '../../components/public/surface'
import { useRemote } from '../../components/public/useRemote'
import { ApiError } from '../../lib/api'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { bookingApi } from './api'
import { Booker, type BookerEventType, type PickedActions, type PickedSlot } from './Booker'
import { BookingDetails, BookingSummary } from './BookingSummary'
import { addDays, formatRange, todayIn, zoneLabel } from './time'

/** Why a booking cannot be moved or cancelled any more. */
export function Unchangeable({ booking }: { booking: PublicBooking }) {
  const { t } = useTranslation()
  const why = booking.status === 'cancelled' || booking.status === 'declined' ? booking.status : 'past'
  return (
    <Alert severity="info" sx={{ mt: 3, textAlign: 'start' }}>
      {t(`bookingPublic.unchangeable.${why}`)}
    </Alert>
  )
}

/** /e/:uid/reschedule — the buyer's booking, then the slot picker of its event type to move it. */
export default function ReschedulePage() {
  const { id = '' } = useParams()
  const booking = useRemote(id, (signal) => bookingApi.booking(id, signal))
  const handle = booking.data?.changeable ? booking.data.handle : null
  // The event type's booking window comes with the seller's page; a hidden type falls back to a year ahead.
  const profile = useRemote(handle, (signal) => bookingApi.profile(handle ?? '', signal))
  const [moved, setMoved] = useState<PublicBooking | null>(null)

  if (booking.error?.code === 'not_found' || booking.error?.code === 'invalid') return <NotFound />
  if (booking.error) return <LoadFailed retry={booking.reload} />
  if (!booking.data || (handle && profile.loading)) return <Loading />

  if (moved)
    return (
      <PublicFrame width="sm">
        <BookingSummary booking={moved} moved />
      </PublicFrame>
    )
  const current = booking.data
  if (!current.changeable)
    return (
      <PublicFrame width="sm">
        <Box sx={{ ...surface, p: { xs: 3, sm: 5 } }}>
          <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
            {current.title}
          </Typography>
          <BookingDetails booking={current} />
          <Unchangeable booking={current} />
        </Box>
      </PublicFrame>
    )

  const today = todayIn(current.timeZone)
  const known = profile.data?.eventTypes.find((type) => type.id === current.eventTypeId)
  const eventType: BookerEventType = known ?? {
    id: current.eventTypeId,
    durations: current.durations,
    bookableFrom: today,
    bookableUntil: addDays(today, 365),
  }
  return (
    <PublicFrame width="md">
      <RescheduleView booking={current} eventType={eventType} onMoved={setMoved} />
    </PublicFrame>
  )
}

function RescheduleView({
  booking,
  eventType,
  onMoved,
}: {
  booking: PublicBooking
  eventType: BookerEventType
  onMoved(b: PublicBooking): void
}) {
  const { t, i18n } = useTranslation()
  return (
    <Box sx={surface}>
      <Box sx={{ px: { xs: 2, md: 3 }, pt: 3, pb: 2 }}>
        <Typography variant="h4" component="h1">
          {t('bookingPublic.reschedule.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>
          {t('bookingPublic.reschedule.current')}: <strong>{booking.title}</strong>,{' '}
          <Box component="span" data-testid="current-time" sx={{ textDecoration: 'line-through' }}>
            {formatRange(booking.start, booking.end, booking.timeZone, i18n.language, false)}
          </Box>
        </Typography>
      </Box>
      <Booker
        eventType={eventType}
        fixedDuration={booking.duration}
        renderPicked={(slot, actions) => <ConfirmMove booking={booking} slot={slot} actions={actions} onMoved={onMoved} />}
      />
    </Box>
  )
}

function ConfirmMove({
  booking,
  slot,
  actions,
  onMoved,
}: {
  booking: PublicBooking
  slot: PickedSlot
  actions: PickedActions
  onMoved(b: PublicBooking): void
}) {
  const { t, i18n } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const end = new Date(new Date(slot.start).getTime() + slot.duration * 60_000).toISOString()

  async function confirm() {
    setBusy(true)
    setError(null)
    try {
      onMoved(await bookingApi.reschedule(booking.uid, { start: slot.start, timeZone: slot.timeZone }))
    } catch (failure) {
      setBusy(false)
      if (failure instanceof ApiError && failure.code === 'slot_taken') return actions.slotTaken()
      setError(serverErrorText(t, failure))
    }
  }

  return (
    <Box sx={{ px: { xs: 2, md: 3 }, py: 4, borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="overline" component="h2" sx={{ color: 'text.secondary' }}>
        {t('bookingPublic.reschedule.newTime')}
      </Typography>
      <Typography variant="h5" component="p" data-testid="picked-time" sx={{ mt: 0.5 }}>
        {formatRange(slot.start, end, slot.timeZone, i18n.language, slot.h12)}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {zoneLabel(slot.timeZone)}
      </Typography>
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      <Stack direction="row" spacing={1.5} sx={{ mt: 3, flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          onClick={actions.back}
          color="inherit"
          startIcon={<ArrowBackRounded sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />}
        >
          {t('bookingPublic.form.back')}
        </Button>
        <Button variant="contained" size="large" loading={busy} onClick={confirm}>
          {t('bookingPublic.reschedule.confirm')}
        </Button>
      </Stack>
    </Box>
  )
}
