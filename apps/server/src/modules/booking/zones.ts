// IANA time-zone arithmetic on epoch milliseconds with Intl alone. Offsets are the hot path of the slot
// engine, so each zone's offsets are cached per week of UTC time: a week whose start and end share an offset
// has no transition (no zone changes twice within a week; the closest, Morocco's around Ramadan, are about a
// month apart), and a week that differs is searched once for the exact instant of its change. A new zone
// costs two Intl calls a week, and a change about twenty more.

const MINUTE = 60_000
const DAY = 86_400_000
const WEEK = 7 * DAY

/** Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
export function dayNumber(date: string): number {
  const y0 = Number(date.slice(0, 4))
  const m = Number(date.slice(5, 7))
  const d = Number(date.slice(8, 10))
  const y = m <= 2 ? y0 - 1 : y0
  const era = Math.floor(y / 400)
  const yoe = y - era * 400
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy
  return era * 146_097 + doe - 719_468
}

/** The 'YYYY-MM-DD' date of a day number (Hinnant's civil_from_days). */
export function dateOfDay(days: number): string {
  const z = days + 719_468
  const era = Math.floor(z / 146_097)
  const doe = z - era * 146_097
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365)
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
  const mp = Math.floor((5 * doy + 2) / 153)
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1
  const m = mp < 10 ? mp + 3 : mp - 9
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0)
  return `${String(y).padStart(4, '0')}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`
}

/** 0 is Sunday, as in Date#getDay; 1970-01-01 was a Thursday. */
export const weekdayOfDay = (days: number) => (((days + 4) % 7) + 7) % 7

export const addDays = (date: string, n: number): string => dateOfDay(dayNumber(date) + n)

// ---- offsets ----

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(timeZone: string): Intl.DateTimeFormat {
  let dtf = formatters.get(timeZone)
  if (!dtf) {
    dtf = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatters.set(timeZone, dtf)
  }
  return dtf
}

/** The zone's offset from UTC at ms, in ms, straight from Intl (slow: the caches below call it). */
function intlOffset(ms: number, timeZone: string): number {
  const wholeSecond = ms - (((ms % 1000) + 1000) % 1000)
  let y = 0
  let mo = 0
  let d = 0
  let h = 0
  let mi = 0
  let s = 0
  for (const part of formatter(timeZone).formatToParts(wholeSecond)) {
    const v = Number(part.value)
    if (part.type === 'year') y = v
    else if (part.type === 'month') mo = v
    else if (part.type === 'day') d = v
    else if (part.type === 'hour') h = v
    else if (part.type === 'minute') mi = v
    else if (part.type === 'second') s = v
  }
  const local = dayNumber(`${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`) * DAY
  return local + ((h * 60 + mi) * 60 + s) * 1000 - wholeSecond
}

/** One week of a zone: the offset from its start, and the instant it changes to `after` (Infinity if it does not). */
type WeekOffsets = { before: number; at: number; after: number }

const weekCaches = new Map<string, Map<number, WeekOffsets>>()
const boundaryCaches = new Map<string, Map<number, number>>()

function cacheOf<T>(caches: Map<string, Map<number, T>>, timeZone: string): Map<number, T> {
  let cache = caches.get(timeZone)
  if (!cache) {
    cache = new Map()
    caches.set(timeZone, cache)
  }
  return cache
}

function offsetAtWeekStart(week: number, timeZone: string): number {
  const cache = cacheOf(boundaryCaches, timeZone)
  let offset = cache.get(week)
  if (offset === undefined) {
    offset = intlOffset(week * WEEK, timeZone)
    cache.set(week, offset)
  }
  return offset
}

function weekOffsets(week: number, timeZone: string): WeekOffsets {
  const cache = cacheOf(weekCaches, timeZone)
  let entry = cache.get(week)
  if (!entry) {
    const before = offsetAtWeekStart(week, timeZone)
    const after = offsetAtWeekStart(week + 1, timeZone)
    if (before === after) entry = { before, at: Number.POSITIVE_INFINITY, after }
    else {
      // Transitions fall on whole seconds: search to the second for the first one with the new offset.
      let lo = week * WEEK
      let hi = lo + WEEK
      while (hi - lo > 1000) {
        const mid = lo + Math.floor((hi - lo) / 2000) * 1000
        if (intlOffset(mid, timeZone) === before) lo = mid
        else hi = mid
      }
      entry = { before, at: hi, after }
    }
    cache.set(week, entry)
  }
  return entry
}

/** The offset of timeZone from UTC at instant ms, in milliseconds (+05:30 is 19_800_000). */
export function offsetAt(ms: number, timeZone: string): number {
  const entry = weekOffsets(Math.floor(ms / WEEK), timeZone)
  return ms < entry.at ? entry.before : entry.after
}

// ---- conversions ----

/**
 * The instant of a wall-clock time in timeZone: date plus minutesOfDay (1440 is the next day's 00:00). A time
 * skipped by a spring-forward gap moves forward by the gap; a time repeated by a fall-back is its earlier
 * instant (Temporal's 'compatible' disambiguation).
 */
export function zonedToUtc(date: string, minutesOfDay: number, timeZone: string): number {
  return wallToUtc(dayNumber(date) * DAY + minutesOfDay * MINUTE, timeZone)
}

/** zonedToUtc on a wall-clock time written as ms since 1970-01-01 00:00 on the wall. */
export function wallToUtc(wall: number, timeZone: string): number {
  // No zone changes offset twice within two days, so the offsets a day either side are the only candidates.
  const earlier = offsetAt(wall - DAY, timeZone)
  const later = offsetAt(wall + DAY, timeZone)
  if (earlier === later) return wall - earlier
  const first = wall - earlier
  if (offsetAt(first, timeZone) === earlier) return first // fall-back overlap (earlier instant) or before the change
  const second = wall - later
  if (offsetAt(second, timeZone) === later) return second
  return first // the gap: the offset before the change moves the time forward by the gap
}

export type ZonedTime = { date: string; minutes: number; weekday: number }

/** The wall-clock date, minutes since local midnight and weekday (0 = Sunday) of an instant in timeZone. */
export function utcToZoned(ms: number, timeZone: string): ZonedTime {
  const wall = ms + offsetAt(ms, timeZone)
  const day = Math.floor(wall / DAY)
  return { date: dateOfDay(day), minutes: Math.floor((wall - day * DAY) / MINUTE), weekday: weekdayOfDay(day) }
}

/** The local day number (days since 1970-01-01 on the wall) of an instant in timeZone. */
export const zonedDay = (ms: number, timeZone: string): number => Math.floor((ms + offsetAt(ms, timeZone)) / DAY)

/** Today's date in timeZone at instant now. */
export const todayIn = (timeZone: string, now: number): string => dateOfDay(zonedDay(now, timeZone))
