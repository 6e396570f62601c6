import type { PublicBooking, PublicEventType } from '@closeroom/shared'
import { Box, Stack, Typography } from '@mui/material'
import { lazy, Suspense, useState } from 'react'
import { Loading } from '../../components/public/states'
import { useTranslation } from '../../locales/i18n'
import { Booker } from '../booking-public/Booker'
import { BookingSummary } from '../booking-public/BookingSummary'
import { DurationChips, HostAvatars, LocationLabel } from '../booking-public/bits'

const BookingForm = lazy(() => import('../booking-public/BookingForm'))

/** The room's booking widget: the booking pages' booker and form for its one event type, booked "from" the room. */
export default function ProductBooking({ roomId, eventType, product }: { roomId: string; eventType: PublicEventType; product: string }) {
  const { t } = useTranslation()
  const [booked, setBooked] = useState<PublicBooking | null>(null)
  if (booked) return <BookingSummary booking={booked} />
  return (
    <Box>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('productRoom.page.bookingIntro', { product })}</Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <HostAvatars hosts={eventType.hosts} size={40} />
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700 }} dir="auto">
            {eventType.title}
          </Typography>
          <Stack direction="row" sx={{ mt: 0.75, alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
            {/* Several durations are the booker's first choice, just below. */}
            {eventType.durations.length === 1 && <DurationChips durations={eventType.durations} />}
            <LocationLabel kind={eventType.location.kind} />
          </Stack>
        </Box>
      </Stack>
      <Box sx={{ mx: { xs: -2, md: -3 }, mt: 1 }}>
        <Booker
          eventType={eventType}
          renderPicked={(slot, actions) => (
            <Suspense fallback={<Loading inline />}>
              <BookingForm eventType={eventType} slot={slot} actions={actions} onBooked={setBooked} room={{ productRoomId: roomId }} />
            </Suspense>
          )}
        />
      </Box>
    </Box>
  )
}
