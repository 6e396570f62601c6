/** The days a report covers, both included, as calendar dates (YYYY-MM-DD, UTC like the server's days). */
export type Period = { from: string; to: string }

/** The period presets offered above the report, in days. */
export const PERIOD_PRESETS = [7, 30, 90] as const
export const DEFAULT_PRESET = 30

const DAY = 24 * 60 * 60 * 1000
const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10)
const isDate = (value: string | null): value is string => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))

/** The last `days` days, today included. */
export function lastDays(days: number, now = Date.now()): Period {
  return { from: isoDate(now - (days - 1) * DAY), to: isoDate(now) }
}

/** The period the address asks for (`from`, `to`), else the last 30 days; a period the wrong way round is turned. */
export function periodOf(params: URLSearchParams, now = Date.now()): Period {
  const from = params.get('from')
  const to = params.get('to')
  const fallback = lastDays(DEFAULT_PRESET, now)
  const period = { from: isDate(from) ? from : fallback.from, to: isDate(to) ? to : fallback.to }
  return period.from <= period.to ? period : { from: period.to, to: period.from }
}

/** Which preset `period` is, if any. */
export function presetOf(period: Period, now = Date.now()): number | null {
  return (
    PERIOD_PRESETS.find((days) => {
      const preset = lastDays(days, now)
      return preset.from === period.from && preset.to === period.to
    }) ?? null
  )
}

/** Every day of `period` with its counts, days without responses at zero (the server may leave them out). */
export function everyDay<T extends { date: string }>(period: Period, days: T[], empty: (date: string) => T): T[] {
  const byDate = new Map(days.map((day) => [day.date.slice(0, 10), day]))
  const all: T[] = []
  for (let time = Date.parse(period.from); time <= Date.parse(period.to); time += DAY) {
    const date = isoDate(time)
    all.push(byDate.get(date) ?? empty(date))
  }
  return all
}
