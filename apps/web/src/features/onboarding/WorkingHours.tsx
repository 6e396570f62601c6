import type { TimeRange, WeeklyRange } from '@closeroom/shared'
import { Box, Divider, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material'
import { useTranslation } from '../../locales/i18n'
import { weekdayName } from '../booking/ScheduleEditor'

/** A weekday's hours: its first span is edited here; any further spans (set in Settings) are kept as they are. */
export type Day = { on: boolean; ranges: TimeRange[] }

const NINE_TO_FIVE: TimeRange = { start: '09:00', end: '17:00' }
/** Monday first, as most working weeks are written; days are numbered from Sunday (0) as in the schedule. */
const WEEK = [1, 2, 3, 4, 5, 6, 0]

export function daysOf(hours: WeeklyRange[]): Day[] {
  return [0, 1, 2, 3, 4, 5, 6].map((day) => {
    const ranges = hours.filter((h) => h.day === day).map(({ start, end }) => ({ start, end }))
    return { on: ranges.length > 0, ranges: ranges.length > 0 ? ranges : [NINE_TO_FIVE] }
  })
}

export function weeklyHoursOf(days: Day[]): WeeklyRange[] {
  return days.flatMap((d, day) => (d.on ? d.ranges.map((r) => ({ day, ...r })) : []))
}

/** The days whose first span ends before it starts, by weekday number. */
export function invalidDays(days: Day[]): Set<number> {
  return new Set(days.flatMap((d, day) => (d.on && !(d.ranges[0] && d.ranges[0].start < d.ranges[0].end) ? [day] : [])))
}

/** The working week at a glance: a switch per day and the hours of its first span. */
export function WorkingHours({ days, onChange, showErrors }: { days: Day[]; onChange: (days: Day[]) => void; showErrors: boolean }) {
  const { t, i18n } = useTranslation()
  const invalid = invalidDays(days)
  return (
    <Stack divider={<Divider flexItem />}>
      {WEEK.map((day) => {
        const name = weekdayName(day, i18n.language)
        const hours = days[day] ?? { on: false, ranges: [NINE_TO_FIVE] }
        const first = hours.ranges[0] ?? NINE_TO_FIVE
        const set = (next: Day) => onChange(days.map((d, i) => (i === day ? next : d)))
        const setFirst = (range: TimeRange) => set({ ...hours, ranges: [range, ...hours.ranges.slice(1)] })
        const error = showErrors && invalid.has(day)
        return (
          <Stack key={day} direction={{ xs: 'column', sm: 'row' }} sx={{ py: 1, gap: 1, alignItems: { sm: 'center' } }}>
            <FormControlLabel
              sx={{ width: { sm: 200 }, m: 0 }}
              control={
                <Switch
                  checked={hours.on}
                  onChange={(event) => set({ ...hours, on: event.target.checked })}
                  slotProps={{ input: { 'aria-label': t('onboarding.booking.available', { day: name }) } }}
                />
              }
              label={name}
            />
            {hours.on ? (
              <Box>
                <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
                  <TextField
                    type="time"
                    size="small"
                    value={first.start}
                    onChange={(event) => setFirst({ ...first, start: event.target.value })}
                    error={error}
                    slotProps={{ htmlInput: { step: 300, 'aria-label': t('onboarding.booking.from', { day: name }) } }}
                    sx={{ width: 140 }}
                  />
                  <Typography aria-hidden>–</Typography>
                  <TextField
                    type="time"
                    size="small"
                    value={first.end}
                    onChange={(event) => setFirst({ ...first, end: event.target.value })}
                    error={error}
                    slotProps={{ htmlInput: { step: 300, 'aria-label': t('onboarding.booking.to', { day: name }) } }}
                    sx={{ width: 140 }}
                  />
                  {hours.ranges.length > 1 && (
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      {t('onboarding.booking.moreSpans', { count: hours.ranges.length - 1 })}
                    </Typography>
                  )}
                </Stack>
                {error && (
                  <Typography variant="caption" role="alert" sx={{ color: 'error.main' }}>
                    {t('onboarding.booking.endBeforeStart')}
                  </Typography>
                )}
              </Box>
            ) : (
              <Typography sx={{ color: 'text.secondary' }}>{t('onboarding.booking.unavailable')}</Typography>
            )}
          </Stack>
        )
      })}
    </Stack>
  )
}
