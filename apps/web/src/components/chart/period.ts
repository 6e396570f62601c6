/** The days a dashboard covers, both included, as calendar dates (YYYY-MM-DD) in the reader's time zone. */
export type Period = { from: string; to: string }

export const PERIOD_PRESETS = ['thisWeek', 'thisMonth', 'lastMonth', 'thisQuarter', 'last90', 'nextQuarter', 'thisYear'] as const
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]
export const DEFAULT_PRESET: PeriodPreset = 'thisMonth'

const DAY = 24 * 60 * 60 * 1000
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

// Calendar arithmetic on dates as UTC midnights: no zone's daylight saving shifts a day.
const toTime = (date: string) => Date.parse(`${date}T00:00:00Z`)
const toDate = (time: number) => new Date(time).toISOString().slice(0, 10)
export const addDays = (date: string, days: number) => toDate(toTime(date) + days * DAY)
export const isIsoDate = (value: string | null | undefined): value is string =>
  !!value && ISO_DATE.test(value) && toDate(toTime(value)) === value

/** Today's date in `timeZone` (an IANA name): at 23:30 UTC it is already tomorrow in Tokyo. */
export function todayIn(timeZone: string, now = Date.now()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')}`
}

/** The days `period` spans, both ends included. */
export const lengthInDays = (period: Period) => Math.round((toTime(period.to) - toTime(period.from)) / DAY) + 1

/**
 * A preset in `timeZone`: weeks start on Monday (ISO 8601), "this" periods end today (the rest has not
 * happened), last month is whole. The two that look ahead, for a forecast: next quarter, and this year whole
 * (won so far, forecast for the months left, against the year's quotas).
 */
export function presetPeriod(preset: PeriodPreset, timeZone: string, now = Date.now()): Period {
  const today = todayIn(timeZone, now)
  const [year, month] = today.split('-').map(Number) as [number, number]
  const firstOf = (y: number, m: number) => toDate(Date.UTC(y, m - 1, 1))
  switch (preset) {
    case 'thisWeek': {
      const weekday = (new Date(toTime(today)).getUTCDay() + 6) % 7 // Monday 0 … Sunday 6
      return { from: addDays(today, -weekday), to: today }
    }
    case 'thisMonth':
      return { from: firstOf(year, month), to: today }
    case 'lastMonth': {
      const from = firstOf(month === 1 ? year - 1 : year, month === 1 ? 12 : month - 1)
      return { from, to: addDays(firstOf(year, month), -1) }
    }
    case 'thisQuarter':
      return { from: firstOf(year, month - ((month - 1) % 3)), to: today }
    case 'last90':
      return { from: addDays(today, -89), to: today }
    case 'nextQuarter': {
      const first = month - ((month - 1) % 3) + 3
      const from = first > 12 ? firstOf(year + 1, first - 12) : firstOf(year, first)
      const [y, m] = from.split('-').map(Number) as [number, number]
      return { from, to: addDays(m + 3 > 12 ? firstOf(y + 1, m + 3 - 12) : firstOf(y, m + 3), -1) }
    }
    case 'thisYear':
      return { from: firstOf(year, 1), to: toDate(Date.UTC(year, 11, 31)) }
  }
}

/** The period of the same length just before `period`, to compare with. */
export function previousPeriod(period: Period): Period {
  const days = lengthInDays(period)
  return { from: addDays(period.from, -days), to: addDays(period.from, -1) }
}

/** Which preset `period` is in `timeZone` today, if any. */
export function presetOf(period: Period, timeZone: string, now = Date.now()): PeriodPreset | null {
  return (
    PERIOD_PRESETS.find((preset) => {
      const candidate = presetPeriod(preset, timeZone, now)
      return candidate.from === period.from && candidate.to === period.to
    }) ?? null
  )
}

/** The period the address asks for (`from`, `to`), else the page's default; a period the wrong way round is turned. */
export function periodOf(params: URLSearchParams, timeZone: string, now = Date.now(), fallback: PeriodPreset = DEFAULT_PRESET): Period {
  const from = params.get('from')
  const to = params.get('to')
  if (!isIsoDate(from) || !isIsoDate(to)) return presetPeriod(fallback, timeZone, now)
  return from <= to ? { from, to } : { from: to, to: from }
}
