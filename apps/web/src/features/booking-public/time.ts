import { dateTimeFormat, intlLocale } from '../../lib/intl'

// Calendar dates are 'YYYY-MM-DD' strings, read in a named zone; arithmetic on them runs on UTC midnights, so
// no local clock or daylight-saving change shifts a day.

export type IsoDate = string
export type Month = string // 'YYYY-MM'

const utc = (date: IsoDate) => {
  const [y, m, d] = date.split('-').map(Number)
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)
}
const isoOf = (ms: number): IsoDate => new Date(ms).toISOString().slice(0, 10)

export const addDays = (date: IsoDate, days: number): IsoDate => isoOf(utc(date) + days * 86_400_000)
export const monthOf = (date: IsoDate): Month => date.slice(0, 7)
export const firstOfMonth = (month: Month): IsoDate => `${month}-01`
export function addMonths(month: Month, months: number): Month {
  const [y, m] = month.split('-').map(Number)
  const d = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1 + months, 1))
  return d.toISOString().slice(0, 7)
}
export const lastOfMonth = (month: Month): IsoDate => addDays(firstOfMonth(addMonths(month, 1)), -1)
/** 0 is Sunday, as in Date#getDay. */
export const weekdayOf = (date: IsoDate): number => new Date(utc(date)).getUTCDay()

/** Today's date in a time zone. */
export function todayIn(timeZone: string, now = new Date()): IsoDate {
  return dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

export function detectedTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

/** Whether the reader's language counts hours 1–12 (with am/pm) rather than 0–23. */
export function prefers12h(language: string): boolean {
  const cycle = dateTimeFormat(intlLocale(language), { hour: 'numeric' }).resolvedOptions().hourCycle
  return cycle === 'h12' || cycle === 'h11'
}

/** The weekday a week starts on in the reader's language (0 Sunday … 6 Saturday). */
export function firstWeekday(language: string): number {
  const locale = new Intl.Locale(intlLocale(language)) as Intl.Locale & { getWeekInfo?(): { firstDay: number } }
  const firstDay = locale.getWeekInfo?.().firstDay ?? 1
  return firstDay % 7
}

/** The month as weeks of seven cells; a cell outside the month has no date. */
export function monthGrid(month: Month, weekStart: number): { key: string; date: IsoDate | null }[][] {
  const first = firstOfMonth(month)
  const last = lastOfMonth(month)
  const cells: { key: string; date: IsoDate | null }[] = Array.from({ length: (weekdayOf(first) - weekStart + 7) % 7 }, (_, i) => ({
    key: `before-${i}`,
    date: null,
  }))
  for (let day = first; day <= last; day = addDays(day, 1)) cells.push({ key: day, date: day })
  while (cells.length % 7) cells.push({ key: `after-${cells.length}`, date: null })
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7))
}

const format = (language: string, options: Intl.DateTimeFormatOptions) => dateTimeFormat(intlLocale(language), options)

/** '9:30 AM' or '09:30' in the zone. */
export const formatTime = (iso: string, timeZone: string, language: string, h12: boolean) =>
  format(language, { timeZone, hour: 'numeric', minute: '2-digit', hourCycle: h12 ? 'h12' : 'h23' }).format(new Date(iso))

/** 'Tuesday 8 December 2026' for a calendar date. */
export const formatDay = (date: IsoDate, language: string) =>
  format(language, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(utc(date)))

export const formatMonth = (month: Month, language: string) =>
  format(language, { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(new Date(utc(firstOfMonth(month))))

/** Short weekday names in week order, starting at `weekStart`. */
export function weekdayNames(language: string, weekStart: number, width: 'short' | 'long'): string[] {
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) =>
    format(language, { timeZone: 'UTC', weekday: width }).format(new Date(Date.UTC(2023, 0, 1 + ((weekStart + i) % 7)))),
  )
}

/** The date of an instant in a zone. */
export const dateIn = (iso: string, timeZone: string): IsoDate => todayIn(timeZone, new Date(iso))

/** 'Tuesday 8 December 2026, 9:30 – 10:00 AM' in the zone. */
export function formatRange(start: string, end: string, timeZone: string, language: string, h12: boolean): string {
  const range = format(language, {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: h12 ? 'h12' : 'h23',
  })
  return range.formatRange(new Date(start), new Date(end))
}

/** 'Europe/Paris' → 'Europe / Paris', readable in a list. */
export const zoneLabel = (zone: string) => zone.replaceAll('_', ' ').replaceAll('/', ' / ')
