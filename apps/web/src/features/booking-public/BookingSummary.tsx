import type { PublicBooking } from '@closeroom/shared'
import CancelRounded from '@mui/icons-material/CancelRounded'
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded'
import EventRounded from '@mui/icons-material/EventRounded'
import HourglassTopRounded from '@mui/icons-material/HourglassTopRounded'
import { Box, Button, Link as MuiLink, Stack, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { surface } from '../../components/public/surface'
import { useTranslation } from '../../locales/i18n'
import { locationIcons } from './bits'
import { icsHref } from './ics'
import { savedH12 } from './prefs'
import { formatRange, zoneLabel } from './time'

type Headline = 'booked' | 'pending' | 'rescheduled' | 'cancelled' | 'declined'

function headlineOf(booking: PublicBooking, moved: boolean): Headline {
  if (booking.status === 'cancelled' || booking.status === 'declined') return booking.status
  if (booking.status === 'pending') return 'pending'
  return moved ? 'rescheduled' : 'booked'
}

const icons = {
  booked: { Icon: CheckCircleRounded, colour: 'success.main' },
  rescheduled: { Icon: CheckCircleRounded, colour: 'success.main' },
  pending: { Icon: HourglassTopRounded, colour: 'warning.main' },
  cancelled: { Icon: CancelRounded, colour: 'text.secondary' },
  declined: { Icon: CancelRounded, colour: 'text.secondary' },
}

/** Where to meet, as the buyer needs it: the room or link to open, the address, or the number the host will call. */
export function WhereText({ location }: { location: PublicBooking['location'] }) {
  const { t } = useTranslation()
  const { kind, value } = location
  if (kind === 'phone') return <>{value ? t('bookingPublic.summary.callYou', { phone: value }) : t('bookingPublic.location.phone')}</>
  if (kind === 'in_person') return <>{value ?? t('bookingPublic.location.in_person')}</>
  if (!value) return <>{t(`bookingPublic.location.${kind}`)}</>
  const href = new URL(value, window.location.origin).href
  return (
    <MuiLink href={href} target={kind === 'link' ? '_blank' : undefined} rel="noopener noreferrer" sx={{ wordBreak: 'break-all' }}>
      {kind === 'meeting' ? t('bookingPublic.summary.joinRoom') : value}
    </MuiLink>
  )
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '96px 1fr' }, gap: { xs: 0.25, sm: 2 }, py: 1.25 }}>
      <Typography component="dt" variant="body2" sx={{ fontWeight: 700 }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, color: 'text.secondary' }}>
        {children}
      </Typography>
    </Box>
  )
}

/** The booking's details: what, when (in the buyer's zone), who and where. */
export function BookingDetails({ booking }: { booking: PublicBooking }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language
  const WhereIcon = locationIcons[booking.location.kind]
  return (
    <Box component="dl" sx={{ m: 0, textAlign: 'start' }}>
      <Row label={t('bookingPublic.summary.what')}>{booking.title}</Row>
      <Row label={t('bookingPublic.summary.when')}>
        <Box component="span" data-testid="booking-when" sx={{ display: 'block', color: 'text.primary', fontWeight: 600 }}>
          {formatRange(booking.start, booking.end, booking.timeZone, language, savedH12(language))}
        </Box>
        {zoneLabel(booking.timeZone)}
      </Row>
      <Row label={t('bookingPublic.summary.who')}>
        {[...booking.hosts.map((host) => host.name), `${booking.attendee.name} (${booking.attendee.email})`].map((name) => (
          <Box component="span" key={name} sx={{ display: 'block' }}>
            {name}
          </Box>
        ))}
      </Row>
      <Row label={t('bookingPublic.summary.where')}>
        <Stack direction="row" spacing={0.75} component="span" sx={{ alignItems: 'center' }}>
          <WhereIcon fontSize="small" aria-hidden />
          <span>
            <WhereText location={booking.location} />
          </span>
        </Stack>
      </Row>
      {booking.cancelReason && <Row label={t('bookingPublic.summary.reason')}>{booking.cancelReason}</Row>}
    </Box>
  )
}

/** The confirmation: shown after booking, rescheduling or cancelling, with what can be done next. */
export function BookingSummary({ booking, moved = false }: { booking: PublicBooking; moved?: boolean }) {
  const { t } = useTranslation()
  const headline = headlineOf(booking, moved)
  const { Icon, colour } = icons[headline]
  const live = booking.status === 'accepted' || booking.status === 'pending'
  const where = booking.location.value ?? undefined
  return (
    <Box sx={{ ...surface, p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <Icon sx={{ fontSize: 56, color: colour }} aria-hidden />
      <Typography variant="h4" component="h1" role="status" sx={{ mt: 1 }}>
        {t(`bookingPublic.summary.${headline}`)}
      </Typography>
      {live && (
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>
          {t(headline === 'pending' ? 'bookingPublic.summary.pendingText' : 'bookingPublic.summary.bookedText', {
            email: booking.attendee.email,
          })}
        </Typography>
      )}
      <Box sx={{ borderTop: 1, borderBottom: 1, borderColor: 'divider', my: 3, py: 1 }}>
        <BookingDetails booking={booking} />
      </Box>
      {live && (
        <Button
          variant="outlined"
          startIcon={<EventRounded />}
          href={icsHref({
            uid: booking.uid,
            start: booking.start,
            end: booking.end,
            title: booking.title,
            location: booking.location.kind === 'meeting' && where ? new URL(where, window.location.origin).href : where,
            description: booking.hosts.map((host) => host.name).join(', '),
          })}
          download={`${booking.title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'meeting'}.ics`}
        >
          {t('bookingPublic.summary.addToCalendar')}
        </Button>
      )}
      {booking.changeable && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', alignItems: 'center', mt: 3, flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('bookingPublic.summary.needChange')}
          </Typography>
          <MuiLink component={Link} to={`/e/${booking.uid}/reschedule`} variant="body2" sx={{ fontWeight: 600 }}>
            {t('bookingPublic.summary.reschedule')}
          </MuiLink>
          <Typography variant="body2" aria-hidden sx={{ color: 'text.disabled' }}>
            ·
          </Typography>
          <MuiLink component={Link} to={`/e/${booking.uid}/cancel`} variant="body2" sx={{ fontWeight: 600 }}>
            {t('bookingPublic.summary.cancel')}
          </MuiLink>
        </Stack>
      )}
      {!live && booking.handle && (
        <Button component={Link} to={`/u/${booking.handle}`} variant="contained" sx={{ mt: 1 }}>
          {t('bookingPublic.summary.bookAgain')}
        </Button>
      )}
    </Box>
  )
}
