import ICAL from 'ical.js'

export type Interval = { start: number; end: number }

/** Enough for an hourly event over years; a rule that never reaches the range stops here. */
const MAX_OCCURRENCES = 100_000
const DAY_MS = 86_400_000

const validZones = new Map<string, boolean>()
function isIanaZone(zone: string): boolean {
  let valid = validZones.get(zone)
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone })
      valid = true
    } catch {
      valid = false
    }
    validZones.set(zone, valid)
  }
  return valid
}

const formatters = new Map<string, Intl.DateTimeFormat>()
/** The zone's offset from UTC at an instant, in ms. */
function offsetAt(zone: string, epoch: number): number {
  let format = formatters.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatters.set(zone, format)
  }
  const parts: Record<string, number> = {}
  for (const p of format.formatToParts(new Date(epoch))) if (p.type !== 'literal') parts[p.type] = Number(p.value)
  const local = Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
  return local - Math.floor(epoch / 1000) * 1000
}

/**
 * The instant a wall-clock time in an IANA zone names. In a spring-forward gap it lands after the gap; in
 * the repeated autumn hour it takes the first one, as calendar apps do.
 */
export function zonedToEpoch(zone: string, y: number, m: number, d: number, h = 0, mi = 0, s = 0): number {
  const wall = Date.UTC(y, m - 1, d, h, mi, s)
  const before = offsetAt(zone, wall - DAY_MS)
  const candidates = [...new Set([before, offsetAt(zone, wall), offsetAt(zone, wall + DAY_MS)])].map((o) => wall - o).sort((a, b) => a - b)
  for (const t of candidates) if (t + offsetAt(zone, t) === wall) return t
  // In the gap: the clock jumped over this time, so read it with the offset from before the jump.
  return wall - before
}

/** ical.js keeps a time's TZID parameter here, though its types do not say so. */
const tzidOf = (time: ICAL.Time) => (time as ICAL.Time & { timezone?: string }).timezone ?? time.zone?.tzid

type ZoneRule = { kind: 'utc' } | { kind: 'iana'; zone: string } | { kind: 'vtimezone'; zone: ICAL.Timezone }

function zoneOf(time: ICAL.Time, vtimezones: Map<string, ICAL.Timezone>, defaultZone: string): ZoneRule {
  const tzid = tzidOf(time)
  if (time.zone === ICAL.Timezone.utcTimezone || tzid === 'Z' || tzid === 'UTC') return { kind: 'utc' }
  if (tzid && tzid !== 'floating') {
    // An IANA name is read with the platform's rules, which are more current than a copied VTIMEZONE.
    if (isIanaZone(tzid)) return { kind: 'iana', zone: tzid }
    const vtimezone = vtimezones.get(tzid)
    if (vtimezone) return { kind: 'vtimezone', zone: vtimezone }
  }
  return { kind: 'iana', zone: defaultZone }
}

function toEpoch(time: ICAL.Time, rule: ZoneRule): number {
  if (rule.kind === 'utc') return Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second)
  if (rule.kind === 'vtimezone') {
    const fields = { year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, second: time.second }
    return ICAL.Time.fromData(fields, rule.zone).toUnixTime() * 1000
  }
  return zonedToEpoch(rule.zone, time.year, time.month, time.day, time.hour, time.minute, time.second)
}

/** The zone of an occurrence: its own when it carries one, else the one of the event it repeats. */
function ruleFor(time: ICAL.Time, reference: ICAL.Time, vtimezones: Map<string, ICAL.Timezone>, defaultZone: string): ZoneRule {
  const own = tzidOf(time)
  return zoneOf(own && own !== 'floating' ? time : reference, vtimezones, defaultZone)
}

function blocks(event: ICAL.Event): boolean {
  const status = String(event.component.getFirstPropertyValue('status') ?? '').toUpperCase()
  const transparency = String(event.component.getFirstPropertyValue('transp') ?? '').toUpperCase()
  return status !== 'CANCELLED' && transparency !== 'TRANSPARENT'
}

/**
 * The busy intervals (epoch ms) that one iCalendar text holds within [from, to): events that are neither
 * cancelled nor transparent, recurring ones expanded (EXDATE and moved or cancelled occurrences honoured),
 * all-day events as whole days. Times without a zone (floating, all-day) are read in `defaultZone`.
 * `skip` drops events by UID.
 */
export function busyIntervals(
  ics: string,
  from: number,
  to: number,
  { defaultZone = 'UTC', skip }: { defaultZone?: string; skip?: (uid: string) => boolean } = {},
): Interval[] {
  const root = new ICAL.Component(ICAL.parse(ics))
  const vtimezones = new Map<string, ICAL.Timezone>()
  for (const vtimezone of root.getAllSubcomponents('vtimezone')) {
    const zone = new ICAL.Timezone(vtimezone)
    if (zone.tzid) vtimezones.set(zone.tzid, zone)
  }
  const zone = isIanaZone(defaultZone) ? defaultZone : 'UTC'

  // A recurring event and its moved occurrences share a UID; the overrides carry a RECURRENCE-ID.
  const masters = new Map<string, ICAL.Component>()
  const overrides = new Map<string, ICAL.Component[]>()
  for (const vevent of root.getAllSubcomponents('vevent')) {
    const uid = String(vevent.getFirstPropertyValue('uid') ?? '')
    if (skip?.(uid)) continue
    if (vevent.hasProperty('recurrence-id')) overrides.set(uid, [...(overrides.get(uid) ?? []), vevent])
    else masters.set(uid, vevent)
  }

  const out: Interval[] = []
  const push = (event: ICAL.Event, start: ICAL.Time, end: ICAL.Time, reference: ICAL.Time) => {
    if (!blocks(event)) return
    const startMs = toEpoch(start, ruleFor(start, reference, vtimezones, zone))
    let endMs = toEpoch(end, ruleFor(end, reference, vtimezones, zone))
    if (endMs <= startMs) endMs = start.isDate ? startMs + DAY_MS : startMs
    if (startMs < to && endMs > from && endMs > startMs) out.push({ start: startMs, end: endMs })
  }

  for (const [uid, component] of masters) {
    const exceptions = (overrides.get(uid) ?? []).map((c) => new ICAL.Event(c))
    overrides.delete(uid)
    const event = new ICAL.Event(component, { exceptions })
    if (!event.startDate) continue
    if (!event.isRecurring()) {
      push(event, event.startDate, event.endDate, event.startDate)
      continue
    }
    const iterator = event.iterator()
    // A moved occurrence may land in the range from a little outside it; a week of slack catches those.
    // Wall-clock times are within a day of their instant, so the cheap comparison skips the far past.
    const slack = 7 * DAY_MS
    const length = Math.max(0, event.endDate.toUnixTime() - event.startDate.toUnixTime()) * 1000
    const wallOf = (t: ICAL.Time) => Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second)
    for (let i = 0, next = iterator.next(); next && i < MAX_OCCURRENCES; i++, next = iterator.next()) {
      const wall = wallOf(next)
      if (wall >= to + slack) break
      if (wall + length < from - slack) continue
      const details = event.getOccurrenceDetails(next)
      push(details.item, details.startDate, details.endDate, details.item.startDate ?? event.startDate)
    }
  }
  // Overrides whose recurring event the server did not send (it was outside the queried range).
  for (const components of overrides.values()) {
    for (const component of components) {
      const event = new ICAL.Event(component)
      if (event.startDate) push(event, event.startDate, event.endDate, event.startDate)
    }
  }
  return out
}

/** Sorts and joins overlapping or touching intervals. */
export function mergeIntervals(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.start - b.start)
  const merged: Interval[] = []
  for (const interval of sorted) {
    const last = merged[merged.length - 1]
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end)
    else merged.push({ ...interval })
  }
  return merged
}
