import PublicRounded from '@mui/icons-material/PublicRounded'
import { Alert, Box, Button, CircularProgress, Divider, Stack, Typography } from '@mui/material'
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useRemote } from '../../components/public/useRemote'
import { useTranslation } from '../../locales/i18n'
import { bookingApi } from './api'
import { DurationChips } from './bits'
import { MonthCalendar } from './MonthCalendar'
import { savedH12, savedTimeZone, saveH12, saveTimeZone } from './prefs'
import {
  addDays,
  addMonths,
  firstOfMonth,
  formatDay,
  formatMonth,
  formatTime,
  type IsoDate,
  lastOfMonth,
  type Month,
  monthOf,
  todayIn,
  zoneLabel,
} from './time'

const TimeZoneDialog = lazy(() => import('./TimeZoneDialog'))

export type BookerEventType = { id: string; durations: number[]; bookableFrom: IsoDate; bookableUntil: IsoDate }
export type PickedSlot = { start: string; duration: number; timeZone: string; h12: boolean }
export type PickedActions = { back(): void; slotTaken(): void }

/**
 * The slot picker: a month of days with free times, the chosen day's times in the buyer's time zone, then
 * whatever `renderPicked` shows for the chosen time (the booking form, or the reschedule confirmation). The
 * day, duration and time live in the address (?date=&duration=&time=), so a link can be shared and Back
 * goes back a step.
 */
export function Booker({
  eventType,
  fixedDuration,
  routing,
  renderPicked,
}: {
  eventType: BookerEventType
  /** Rescheduling keeps the booking's duration. */
  fixedDuration?: number
  /** A routing response: only the times of the members routing chose for the buyer. */
  routing?: string
  renderPicked(slot: PickedSlot, actions: PickedActions): ReactNode
}) {
  const { t, i18n } = useTranslation()
  const language = i18n.language
  const [params, setParams] = useSearchParams()
  const [timeZone, setTimeZone] = useState(savedTimeZone)
  const [h12, setH12] = useState(() => savedH12(language))
  const [zoneOpen, setZoneOpen] = useState(false)
  const [notice, setNotice] = useState<string | null>(null)

  const today = todayIn(timeZone)
  const durationParam = Number(params.get('duration'))
  const duration = fixedDuration ?? (eventType.durations.includes(durationParam) ? durationParam : (eventType.durations[0] ?? 30))
  const dateParam = params.get('date')
  const date = dateParam && /^\d{4}-\d{2}-\d{2}$/.test(dateParam) ? dateParam : null
  const time = params.get('time')
  // One day of slack on each side: the window is in the host's dates, the calendar in the buyer's.
  const from = addDays(eventType.bookableFrom, -1) < today ? today : addDays(eventType.bookableFrom, -1)
  const until = addDays(eventType.bookableUntil, 1)
  const [month, setMonth] = useState<Month>(() => monthOf(date ?? (from > today ? from : today)))

  const slotsKey = `${eventType.id}|${month}|${timeZone}|${duration}|${routing ?? ''}`
  const slots = useRemote(slotsKey, (signal) =>
    bookingApi.slots(eventType.id, { from: firstOfMonth(month), to: lastOfMonth(month), timeZone, duration, routing }, signal),
  )
  const byDate = slots.data?.slots ?? {}
  const available = useMemo(() => new Set(Object.keys(byDate).filter((day) => (byDate[day]?.length ?? 0) > 0)), [byDate])
  const times = date ? (byDate[date] ?? []) : []

  function update(changes: Record<string, string | null>, replace = false) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key)
          else next.set(key, value)
        }
        return next
      },
      { replace },
    )
  }

  const actions: PickedActions = {
    back: () => update({ time: null }),
    slotTaken: () => {
      setNotice(t('bookingPublic.booker.slotTaken'))
      slots.reload()
      update({ time: null }, true)
    },
  }

  if (time && date) return renderPicked({ start: time, duration, timeZone, h12 }, actions)

  const nextMonth = addMonths(month, 1)
  const monthEmpty = !slots.loading && !slots.error && available.size === 0

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ px: { xs: 2, md: 3 }, py: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1.5 }}
      >
        {fixedDuration === undefined && eventType.durations.length > 1 ? (
          <DurationChips
            durations={eventType.durations}
            selected={duration}
            onSelect={(minutes) => update({ duration: String(minutes), time: null }, true)}
          />
        ) : (
          <span />
        )}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            size="small"
            color="inherit"
            startIcon={<PublicRounded />}
            onClick={() => setZoneOpen(true)}
            aria-label={t('bookingPublic.booker.timeZoneButton', { zone: zoneLabel(timeZone) })}
            sx={{ fontWeight: 500, color: 'text.secondary' }}
          >
            {zoneLabel(timeZone)}
          </Button>
          <Stack
            direction="row"
            role="group"
            aria-label={t('bookingPublic.booker.timeFormat')}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 0.25 }}
          >
            {[true, false].map((twelve) => (
              <Button
                key={String(twelve)}
                size="small"
                aria-pressed={h12 === twelve}
                variant={h12 === twelve ? 'contained' : 'text'}
                color={h12 === twelve ? 'primary' : 'inherit'}
                onClick={() => {
                  setH12(twelve)
                  saveH12(twelve)
                }}
                sx={{ minWidth: 48, py: 0.25 }}
              >
                {t(twelve ? 'bookingPublic.booker.h12' : 'bookingPublic.booker.h24')}
              </Button>
            ))}
          </Stack>
        </Stack>
      </Stack>
      <Divider />
      {zoneOpen && (
        <Suspense fallback={null}>
          <TimeZoneDialog
            value={timeZone}
            onClose={() => setZoneOpen(false)}
            onChange={(zone) => {
              setTimeZone(zone)
              saveTimeZone(zone)
            }}
          />
        </Suspense>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 272px' } }}>
        <Box sx={{ p: { xs: 1.5, sm: 3 } }}>
          <MonthCalendar
            month={month}
            onMonthChange={setMonth}
            available={available}
            selected={date}
            onSelect={(day) => {
              setNotice(null)
              update({ date: day, time: null })
            }}
            from={from}
            until={until}
            today={today}
            loading={slots.loading}
          />
          {monthEmpty && (
            <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center', justifyContent: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('bookingPublic.booker.noTimesMonth', { month: formatMonth(month, language) })}
              </Typography>
              {firstOfMonth(nextMonth) <= until && (
                <Button size="small" onClick={() => setMonth(nextMonth)}>
                  {t('bookingPublic.booker.nextAvailable', { month: formatMonth(nextMonth, language) })}
                </Button>
              )}
            </Stack>
          )}
        </Box>
        <Box
          component="section"
          aria-label={date ? t('bookingPublic.booker.timesOn', { date: formatDay(date, language) }) : undefined}
          sx={{ p: { xs: 2, sm: 3 }, borderTop: { xs: 1, md: 0 }, borderInlineStart: { md: 1 }, borderColor: 'divider' }}
        >
          {notice && (
            <Alert severity="warning" role="alert" sx={{ mb: 2 }} onClose={() => setNotice(null)}>
              {notice}
            </Alert>
          )}
          {slots.error ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={slots.reload}>
                  {t('bookingPublic.profile.retry')}
                </Button>
              }
            >
              {t('bookingPublic.booker.slotsError')}
            </Alert>
          ) : !date ? (
            <Typography sx={{ color: 'text.secondary', pt: { md: 1 } }}>{t('bookingPublic.booker.pickDay')}</Typography>
          ) : (
            <>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 2 }}>
                {formatDay(date, language)}
              </Typography>
              {slots.loading && !slots.data ? (
                <CircularProgress size={28} aria-label={t('bookingPublic.booker.loading')} />
              ) : times.length === 0 ? (
                <Typography sx={{ color: 'text.secondary' }}>{t('bookingPublic.booker.noTimesDay')}</Typography>
              ) : (
                <Stack spacing={1} sx={{ maxHeight: { md: 400 }, overflowY: 'auto', p: 0.5, m: -0.5 }}>
                  {times.map((start) => (
                    <Button
                      key={start}
                      variant="outlined"
                      size="large"
                      onClick={() => {
                        setNotice(null)
                        update({ time: start })
                      }}
                      sx={{ fontWeight: 600, flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}
                    >
                      {formatTime(start, timeZone, language, h12)}
                    </Button>
                  ))}
                </Stack>
              )}
            </>
          )}
        </Box>
      </Box>
    </Box>
  )
}
