import type { PublicBooking, PublicEventType, PublicProfile } from '@closeroom/shared'
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded'
import ScheduleRounded from '@mui/icons-material/ScheduleRounded'
import { Box, Button, Stack, Typography } from '@mui/material'
import { lazy, Suspense } from 'react'
import { Link, useSearchParams } from 'react-router'
import { PublicFrame } from '../../components/public/PublicFrame'
import { Loading } from '../../components/public/states'
import { surface } from '../../components/public/surface'
import { useTranslation } from '../../locales/i18n'
import { Booker } from './Booker'
import { durationText, HostAvatars, LocationLabel } from './bits'
import { prefillOf, withParams } from './prefill'

// The form, its validation (zod, libphonenumber) and its fields load once a time is chosen.
const BookingForm = lazy(() => import('./BookingForm'))

/** What is being booked, with whom: the head of the booker and of the form. */
function EventTypeHead({
  title,
  hosts,
  durations,
  kind,
  description,
  hostName,
}: {
  title: string
  hosts: { name: string; avatarUrl: string | null }[]
  durations: number[]
  kind: PublicEventType['location']['kind']
  description?: string
  hostName: string
}) {
  const { t } = useTranslation()
  return (
    <Stack direction="row" spacing={2} sx={{ px: { xs: 2, md: 3 }, pt: 3, pb: 1, alignItems: 'flex-start' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
          {hostName}
        </Typography>
        <Typography variant="h4" component="h1" sx={{ mt: 0.5 }}>
          {title}
        </Typography>
        <Stack direction="row" sx={{ mt: 1.5, flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: 'text.secondary', typography: 'body2' }}>
            <ScheduleRounded fontSize="small" aria-hidden />
            <span>{durations.map((minutes) => durationText(t, minutes)).join(' · ')}</span>
          </Stack>
          <LocationLabel kind={kind} />
        </Stack>
        {description && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5, whiteSpace: 'pre-line', maxWidth: 640 }}>
            {description}
          </Typography>
        )}
      </Box>
      <HostAvatars hosts={hosts} size={48} />
    </Stack>
  )
}

/** /u/:id?type=… — the event type, the booker, then the form. */
export default function EventTypeBooker({
  profile,
  eventType,
  onBooked,
}: {
  profile: PublicProfile
  eventType: PublicEventType
  onBooked(booking: PublicBooking): void
}) {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const prefill = prefillOf(params)
  return (
    <PublicFrame width="md">
      <Button
        component={Link}
        to={withParams(params, { type: null, date: null, time: null, duration: null })}
        startIcon={<ArrowBackRounded sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />}
        color="inherit"
        sx={{ mb: 1.5 }}
      >
        {t('bookingPublic.booker.back')}
      </Button>
      <Box sx={surface}>
        <EventTypeHead
          title={eventType.title}
          hosts={eventType.hosts.length ? eventType.hosts : [{ name: profile.name, avatarUrl: profile.avatarUrl }]}
          durations={eventType.durations}
          kind={eventType.location.kind}
          description={eventType.description}
          hostName={profile.name}
        />
        <Booker
          eventType={eventType}
          routing={prefill.routing}
          renderPicked={(slot, actions) => (
            <Suspense fallback={<Loading inline />}>
              <BookingForm eventType={eventType} slot={slot} actions={actions} onBooked={onBooked} prefill={prefill} />
            </Suspense>
          )}
        />
      </Box>
    </PublicFrame>
  )
}
