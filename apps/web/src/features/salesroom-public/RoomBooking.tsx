import type { PublicBooking, PublicEventType } from '@closeroom/shared'
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded'
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded'
import { Box, Button, ButtonBase, Stack, Typography } from '@mui/material'
import { lazy, Suspense, useState } from 'react'
import { useParams, useSearchParams } from 'react-router'
import { Loading } from '../../components/public/states'
import { useRemote } from '../../components/public/useRemote'
import { useTranslation } from '../../locales/i18n'
import { bookingApi } from '../booking-public/api'
import { Booker } from '../booking-public/Booker'
import { BookingSummary } from '../booking-public/BookingSummary'
import { DurationChips, LocationLabel } from '../booking-public/bits'

const BookingForm = lazy(() => import('../booking-public/BookingForm'))

/** The seller's event types, and the buyer's booking pages' booker and form for the one chosen. */
export default function RoomBooking({ handle, sellerName }: { handle: string; sellerName: string }) {
  const { t } = useTranslation()
  const profile = useRemote(handle, (signal) => bookingApi.profile(handle, signal))
  const [chosen, setChosen] = useState<PublicEventType | null>(null)
  const [booked, setBooked] = useState<PublicBooking | null>(null)
  const [, setParams] = useSearchParams()
  // The room's public id, from /d/:id: a booking made here lands on the deal's timeline.
  const { id: salesroomId } = useParams()

  if (profile.error) return <Typography sx={{ color: 'text.secondary' }}>{t('bookingPublic.profile.loadError')}</Typography>
  if (!profile.data) return <Loading inline />
  if (booked) return <BookingSummary booking={booked} />

  const back = () => {
    // The booker keeps the day and time in the address: a new choice starts clean.
    setParams({}, { replace: true })
    setChosen(null)
  }

  if (chosen)
    return (
      <Box>
        <Button
          onClick={back}
          startIcon={<ArrowBackRounded sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />}
          color="inherit"
        >
          {t('salesroom.room.backToMeetings')}
        </Button>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mt: 1 }}>
          {chosen.title}
        </Typography>
        <Box sx={{ mx: { xs: -2, md: -3 } }}>
          <Booker
            eventType={chosen}
            renderPicked={(slot, actions) => (
              <Suspense fallback={<Loading inline />}>
                <BookingForm eventType={chosen} slot={slot} actions={actions} onBooked={setBooked} room={{ salesroomId }} />
              </Suspense>
            )}
          />
        </Box>
      </Box>
    )

  if (profile.data.eventTypes.length === 0)
    return <Typography sx={{ color: 'text.secondary' }}>{t('salesroom.room.noEventTypes')}</Typography>
  return (
    <Box>
      <Typography sx={{ color: 'text.secondary', mb: 1.5 }}>{t('salesroom.room.bookingIntro', { name: sellerName })}</Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, border: 1, borderColor: 'divider', borderRadius: 1.5, overflow: 'hidden' }}>
        {profile.data.eventTypes.map((type) => (
          <Box component="li" key={type.id} sx={{ borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
            <ButtonBase
              onClick={() => setChosen(type)}
              sx={(theme) => ({
                width: '100%',
                display: 'flex',
                gap: 2,
                alignItems: 'center',
                textAlign: 'start',
                px: 2,
                py: 1.75,
                '&:hover': { bgcolor: 'action.hover' },
                '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
              })}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700 }}>{type.title}</Typography>
                <Stack direction="row" sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
                  <DurationChips durations={type.durations} />
                  <LocationLabel kind={type.location.kind} />
                </Stack>
              </Box>
              <ChevronRightRounded
                sx={{ color: 'text.secondary', transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }}
                aria-hidden
              />
            </ButtonBase>
          </Box>
        ))}
      </Box>
    </Box>
  )
}
