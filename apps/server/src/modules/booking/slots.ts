import type { BookingWindow, DateOverride, WeeklyRange } from '@closeroom/shared'
import { addDays, dateOfDay, dayNumber, todayIn, wallToUtc, weekdayOfDay, zonedDay, zonedToUtc } from './zones.ts'

// The slot engine: which start instants a host, or a team, can be booked at. Pure: the booking service loads
// schedules, bookings and calendar busy times, and this turns them into starts. One pass per host: the
// schedule becomes instants for the days asked (per date, so DST days are as long as they really are), its
// candidate starts are listed in order, and each busy interval strikes out the candidates it blocks.

const MINUTE = 60_000
const DAY = 86_400_000

export type Interval = { start: number; end: number } // epoch ms, half-open [start, end)

export type HostAvailability = {
  userId: string
  /** The schedule's zone. */
  timeZone: string
  weeklyHours: WeeklyRange[]
  overrides: DateOverride[]
  /** Time the host is not free: existing bookings' blocked ranges (their buffers already included) and external calendar busy times. Unsorted, may overlap. */
  busy: Interval[]
  /** Start instants of the host's existing bookings that count toward this event type's daily/weekly limits. */
  bookedStarts: number[]
}

export type SlotRules = {
  /** Minutes. */
  duration: number
  /** Minutes between candidate starts (the caller passes slotInterval ?? duration). */
  interval: number
  bufferBefore: number
  bufferAfter: number
  /** Minutes; no start earlier than now + this. */
  minimumNotice: number
  /** Most bookings per host per local day (host's zone). */
  dailyLimit: number | null
  /** Most bookings per host per local ISO week, Monday..Sunday, host's zone. */
  weeklyLimit: number | null
}

/** A span of the schedule as instants; `day` is the local day (days since 1970-01-01) its starts belong to. */
type DayRange = { start: number; end: number; day: number; blockEnd: number }

/** 'HH:MM' (validated by the schema) as minutes since midnight; by char codes, as this runs for every range of every call. */
const minutesOf = (time: string) =>
  (time.charCodeAt(0) - 48) * 600 + (time.charCodeAt(1) - 48) * 60 + (time.charCodeAt(3) - 48) * 10 + (time.charCodeAt(4) - 48)

export const intersect = (a: Interval, b: Interval): Interval => ({ start: Math.max(a.start, b.start), end: Math.min(a.end, b.end) })

/**
 * Bounds of the booking window as instants. Rolling: today and the `days` days after it, in timeZone (from
 * today 00:00 to 00:00 of the day after today + days). A date range: its start date 00:00 to the day after its
 * end date 00:00, in timeZone.
 */
export function windowBounds(window: BookingWindow, timeZone: string, now: number): Interval {
  if (window.kind === 'rolling') {
    const today = todayIn(timeZone, now)
    return { start: zonedToUtc(today, 0, timeZone), end: zonedToUtc(addDays(today, window.days + 1), 0, timeZone) }
  }
  return { start: zonedToUtc(window.start, 0, timeZone), end: zonedToUtc(addDays(window.end, 1), 0, timeZone) }
}

/**
 * The host's schedule on local days firstDay..lastDay as instants, sorted by start, each with the end of the
 * block of touching ranges it belongs to (09:00–12:00 and 12:00–17:00, or 22:00–24:00 and the next day's
 * 00:00–02:00, are one block: a meeting may span them).
 */
function scheduleRanges(host: HostAvailability, firstDay: number, lastDay: number): DayRange[] {
  const weekly: [number, number][][] = [[], [], [], [], [], [], []]
  for (const r of host.weeklyHours) weekly[r.day]?.push([minutesOf(r.start), minutesOf(r.end)])
  const overrides = new Map<number, [number, number][]>()
  const firstDate = dateOfDay(firstDay)
  const lastDate = dateOfDay(lastDay)
  for (const o of host.overrides) {
    if (o.date >= firstDate && o.date <= lastDate)
      overrides.set(
        dayNumber(o.date),
        o.ranges.map((r) => [minutesOf(r.start), minutesOf(r.end)]),
      )
  }

  const ranges: DayRange[] = []
  let sorted = true
  for (let day = firstDay; day <= lastDay; day++) {
    const hours = overrides.get(day) ?? weekly[weekdayOfDay(day)] ?? []
    for (const [from, to] of hours) {
      const start = wallToUtc(day * DAY + from * MINUTE, host.timeZone)
      const end = wallToUtc(day * DAY + to * MINUTE, host.timeZone)
      if (end <= start) continue // nothing left once a spring-forward gap is taken out (02:00–03:00 that day)
      const previous = ranges[ranges.length - 1]
      if (previous && start < previous.start) sorted = false
      ranges.push({ start, end, day, blockEnd: end })
    }
  }
  if (!sorted) ranges.sort((a, b) => a.start - b.start)

  let blockFirst = 0
  let blockEnd = Number.NEGATIVE_INFINITY
  ranges.forEach((r, i) => {
    if (r.start > blockEnd) {
      for (let k = blockFirst; k < i; k++) (ranges[k] as DayRange).blockEnd = blockEnd
      blockFirst = i
    }
    blockEnd = Math.max(blockEnd, r.end)
  })
  for (let k = blockFirst; k < ranges.length; k++) (ranges[k] as DayRange).blockEnd = blockEnd
  return ranges
}

/** Index of the first of the sorted starts that is after t. */
function firstAfter(starts: number[], t: number): number {
  let lo = 0
  let hi = starts.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if ((starts[mid] as number) <= t) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * The sorted candidates whose meeting, widened by `before` and `after`, overlaps no busy interval. Each busy
 * interval finds the first candidate it blocks by binary search and blocks forward from there; blocked
 * candidates are skipped over with path-compressed "next open" links, so overlapping busy times cost no
 * rescan. O(candidates + busy × log candidates), and the busy list is never sorted.
 */
function withoutBusy(candidates: number[], busy: Interval[], duration: number, before: number, after: number): number[] {
  const n = candidates.length
  if (n === 0 || busy.length === 0) return candidates
  const next = new Int32Array(n + 1)
  for (let i = 0; i <= n; i++) next[i] = i
  const open = (from: number) => {
    let root = from
    while (next[root] !== root) root = next[root] as number
    for (let i = from; i !== root; ) {
      const following = next[i] as number
      next[i] = root
      i = following
    }
    return root
  }
  for (const b of busy) {
    // A start s is blocked when s - before < b.end and s + duration + after > b.start.
    const until = b.end + before
    for (let i = open(firstAfter(candidates, b.start - duration - after)); i < n && (candidates[i] as number) < until; i = open(i + 1)) {
      next[i] = i + 1
    }
  }
  const free: number[] = []
  for (let i = 0; i < n; i++) if (next[i] === i) free.push(candidates[i] as number)
  return free
}

/** Whether the host may still take a booking starting on local day `day`, by the daily and weekly limits. */
function limitsCheck(host: HostAvailability, rules: SlotRules): (day: number) => boolean {
  const { dailyLimit, weeklyLimit } = rules
  if (dailyLimit === null && weeklyLimit === null) return () => true
  const perDay = new Map<number, number>()
  const perWeek = new Map<number, number>()
  const mondayOf = (day: number) => day - ((weekdayOfDay(day) + 6) % 7)
  for (const start of host.bookedStarts) {
    const day = zonedDay(start, host.timeZone)
    perDay.set(day, (perDay.get(day) ?? 0) + 1)
    const monday = mondayOf(day)
    perWeek.set(monday, (perWeek.get(monday) ?? 0) + 1)
  }
  return (day) =>
    (dailyLimit === null || (perDay.get(day) ?? 0) < dailyLimit) &&
    (weeklyLimit === null || (perWeek.get(mondayOf(day)) ?? 0) < weeklyLimit)
}

/**
 * Sorted available starts of one host within range (already intersected with the booking window). Candidates
 * step by the interval from the start of each range of the schedule as entered, so where starts fall does not
 * depend on the range asked; the meeting must fit in the block of touching ranges, after the minimum notice,
 * with its buffers clear of busy time, on a day and week under the limits.
 */
export function hostSlots(host: HostAvailability, rules: SlotRules, range: Interval, now: number): number[] {
  const from = Math.max(range.start, now + rules.minimumNotice * MINUTE)
  const to = range.end
  if (!(from < to) || rules.duration <= 0 || rules.interval <= 0) return []
  const step = rules.interval * MINUTE
  const duration = rules.duration * MINUTE
  const before = rules.bufferBefore * MINUTE
  const after = rules.bufferAfter * MINUTE

  // A day's ranges all start on that local day; a day more each side covers zones whose date goes backwards
  // at a fall-back, and the last day reaches far enough for the longest meeting starting before `to`.
  const ranges = scheduleRanges(host, zonedDay(from, host.timeZone) - 1, zonedDay(to - 1 + duration, host.timeZone) + 1)
  const open = limitsCheck(host, rules)

  const candidates: number[] = []
  let sorted = true
  for (const r of ranges) {
    if (!open(r.day)) continue
    let start = r.start
    if (start < from) start += Math.ceil((from - start) / step) * step
    // Only overlapping ranges, which schedules do not allow, put a start before one already listed.
    if (start <= (candidates[candidates.length - 1] ?? Number.NEGATIVE_INFINITY)) sorted = false
    const last = Math.min(r.end - 1, r.blockEnd - duration, to - 1)
    for (; start <= last; start += step) candidates.push(start)
  }
  const ordered = sorted ? candidates : [...new Set(candidates)].sort((x, y) => x - y)
  return withoutBusy(ordered, host.busy, duration, before, after)
}

function union(a: number[], b: number[]): number[] {
  const out: number[] = []
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    const x = a[i] as number
    const y = b[j] as number
    if (x < y) {
      out.push(x)
      i++
    } else if (y < x) {
      out.push(y)
      j++
    } else {
      out.push(x)
      i++
      j++
    }
  }
  while (i < a.length) out.push(a[i++] as number)
  while (j < b.length) out.push(b[j++] as number)
  return out
}

function intersection(a: number[], b: number[]): number[] {
  const out: number[] = []
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    const x = a[i] as number
    const y = b[j] as number
    if (x < y) i++
    else if (y < x) j++
    else {
      out.push(x)
      i++
      j++
    }
  }
  return out
}

/** round_robin: union of the hosts' starts (a slot is offered if any host is free); collective: intersection (every host free). Sorted, unique. */
export function teamSlots(
  kind: 'round_robin' | 'collective',
  hosts: HostAvailability[],
  rules: SlotRules,
  range: Interval,
  now: number,
): number[] {
  if (kind === 'collective') {
    const [first, ...rest] = hosts
    let slots = first ? hostSlots(first, rules, range, now) : []
    for (const host of rest) {
      if (slots.length === 0) break
      slots = intersection(slots, hostSlots(host, rules, range, now))
    }
    return slots
  }
  // Merge in pairs, so each start is copied log2(hosts) times rather than once per host after it.
  let lists = hosts.map((host) => hostSlots(host, rules, range, now))
  while (lists.length > 1) {
    const merged: number[][] = []
    for (let i = 0; i < lists.length; i += 2) merged.push(union(lists[i] as number[], lists[i + 1] ?? []))
    lists = merged
  }
  return lists[0] ?? []
}

/** The hosts free at exactly this start (for choosing a round-robin host and for validating a booking's start). */
export function hostsFreeAt(hosts: HostAvailability[], rules: SlotRules, start: number, now: number): string[] {
  const at = { start, end: start + 1 }
  return hosts.filter((host) => hostSlots(host, rules, at, now)[0] === start).map((host) => host.userId)
}

const twoDigits = (n: number) => (n < 10 ? `0${n}` : `${n}`)

/**
 * Groups instants by their calendar date in timeZone: { 'YYYY-MM-DD': ['2026-12-01T09:00:00.000Z', ...] }, dates and lists ascending.
 * A slots answer's fixed cost: the date is worked out once a local day and the UTC day's prefix once a UTC
 * day, and a start on a whole minute (every start the engine makes) is written from them, as toISOString
 * would, about ten times faster than a date and a toISOString per start.
 */
export function groupByDate(starts: number[], timeZone: string): Record<string, string[]> {
  const groups: Record<string, string[]> = {}
  const ascending = starts.every((start, i) => i === 0 || (starts[i - 1] as number) <= start)
  let localDay = Number.NaN
  let group: string[] = []
  let utcDay = Number.NaN
  let prefix = ''
  for (const start of ascending ? starts : [...starts].sort((a, b) => a - b)) {
    const day = zonedDay(start, timeZone)
    if (day !== localDay) {
      localDay = day
      group = []
      groups[dateOfDay(day)] = group
    }
    const today = Math.floor(start / DAY)
    if (today !== utcDay) {
      utcDay = today
      prefix = `${dateOfDay(today)}T`
    }
    const sinceMidnight = start - today * DAY
    if (sinceMidnight % MINUTE !== 0 || today < 0 || today > 2_932_896) {
      group.push(new Date(start).toISOString())
      continue
    }
    const minutes = sinceMidnight / MINUTE
    group.push(`${prefix}${twoDigits(Math.floor(minutes / 60))}:${twoDigits(minutes % 60)}:00.000Z`)
  }
  return groups
}
