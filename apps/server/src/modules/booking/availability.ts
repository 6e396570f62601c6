import type { SlotsQuery } from '@closeroom/shared'
import { BOOKING_LIMITS } from '@closeroom/shared'
import { inArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/index.ts'
import { Invalid, NotFound } from '../../http/errors.ts'
import type { BlockedRow, BookingCache, HostSet } from './cache.ts'
import { EVENT_TYPE_NOT_FOUND, type EventTypeRow } from './event-types.ts'
import type { ScheduleService } from './schedules.ts'
import { type HostAvailability, type Interval, type SlotRules, windowBounds } from './slots.ts'
import { addDays, zonedToUtc } from './zones.ts'

const DAY_MS = 24 * 60 * 60 * 1000
const WEEK_MS = 7 * DAY_MS
/**
 * A host's blocked time is kept from this long before the moment it was read: a range asked from today on,
 * with its margin, is answered from it for days.
 */
const KEPT_BEFORE_MS = 2 * WEEK_MS

/** Busy times from connected calendars (CalDAV); absent when none is configured. */
export type ExternalBusy = { busyFor(userIds: string[], from: number, to: number): Promise<Map<string, Interval[]>> }

export type Host = { userId: string; weight: number; timeZone: string }

export function rulesOf(eventType: EventTypeRow, duration: number): SlotRules {
  return {
    duration,
    interval: eventType.slotInterval ?? duration,
    bufferBefore: eventType.bufferBefore,
    bufferAfter: eventType.bufferAfter,
    minimumNotice: eventType.minimumNotice,
    dailyLimit: eventType.dailyLimit,
    weeklyLimit: eventType.weeklyLimit,
  }
}

/** The asked range as instants: a date starts at its midnight in timeZone, and `to` covers its whole date. */
export function rangeOf(query: Pick<SlotsQuery, 'from' | 'to' | 'timeZone'>): Interval {
  const isDate = (value: string) => value.length === 10
  const start = isDate(query.from) ? zonedToUtc(query.from, 0, query.timeZone) : Date.parse(query.from)
  const end = isDate(query.to) ? zonedToUtc(addDays(query.to, 1), 0, query.timeZone) : Date.parse(query.to)
  if (!(end > start)) throw Invalid('to: The end of the range must be after its start')
  if (end - start > (BOOKING_LIMITS.maxSlotRangeDays + 1) * DAY_MS)
    throw Invalid(`to: Ask for at most ${BOOKING_LIMITS.maxSlotRangeDays} days at a time`)
  return { start, end }
}

/** A host with its blocked time over the range and, with limits, the starts that count. */
type HostRow = Host & { busy: Interval[]; booked: number[] }

/**
 * The owner's zone and the event type's hosts who can still be booked (a deactivated teammate is skipped), as
 * JSON: each with its weight and zone, and the further keys `perHost` adds (`, 'key', value`; `h` is the host's
 * event_type_hosts row, `et` the event type). The one place that says who hosts an event type, for the read
 * from the database and for what the slots pages keep.
 */
const hostsQuery = (eventTypeId: string, perHost: SQL = sql``) => sql`
  select (select o.time_zone from users o where o.id = et.owner_id) as "ownerZone",
    coalesce((
      select json_agg(json_build_object('userId', h.user_id, 'weight', h.weight, 'timeZone', u.time_zone ${perHost}))
      from event_type_hosts h join users u on u.id = h.user_id
      where h.event_type_id = et.id and u.status = 'active'
    ), '[]'::json) as hosts
  from event_types et where et.id = ${eventTypeId}`

/** Epoch milliseconds of a timestamptz, in SQL: JSON carries them as plain numbers (date_part's double is cheaper than extract's numeric). */
const epochMs = (value: SQL) => sql`round(date_part('epoch', ${value}) * 1000)`

/**
 * Everything the slot engine needs about an event type's hosts for a range: their schedules, the time
 * their bookings hold (buffers included, as stored) and their external calendars' busy times, and the
 * bookings that count toward the event type's limits.
 */
export function createAvailability({
  db,
  schedules,
  cache,
  external,
}: {
  db: Db
  schedules: ScheduleService
  /** Host sets and blocked time kept in memory for the slots pages (`fresh: false`); booking/cache.ts drops them on write. */
  cache: BookingCache
  external?: ExternalBusy
}) {
  /** The zones of event types' owners, in one read: booking windows are read in them. */
  async function ownerZones(ownerIds: string[]): Promise<Map<string, string>> {
    const unique = [...new Set(ownerIds)]
    const rows =
      unique.length > 0 ? await db.select({ id: users.id, timeZone: users.timeZone }).from(users).where(inArray(users.id, unique)) : []
    return new Map(rows.map((r) => [r.id, r.timeZone]))
  }

  /** The booking window as instants, read in the owner's zone. */
  async function windowOf(eventType: EventTypeRow, now: number, zones?: Map<string, string>): Promise<BookingWindowBounds> {
    return windowIn(eventType, (zones ?? (await ownerZones([eventType.ownerId]))).get(eventType.ownerId) ?? 'UTC', now)
  }

  /**
   * One round trip: the owner's zone, the hosts who can still be booked (a deactivated teammate is skipped),
   * the time each one's bookings hold over the range and, with limits, the starts that count, as one JSON
   * document. Merging each host's ranges in SQL (range_agg) was measured slower on both PGlite and PostgreSQL
   * (bookings a day apart rarely touch, so it merged little and cost more than the rows it saved); the engine
   * needs no merged input.
   */
  async function readHosts(eventType: EventTypeRow, from: Date, to: Date, ignoreBookingId?: string) {
    const ignore = ignoreBookingId ? sql`and b.booking_id <> ${ignoreBookingId}` : sql``
    const limited = eventType.dailyLimit !== null || eventType.weeklyLimit !== null
    // Limits count this event type's bookings per local day and week: a week either side covers both.
    const counted = limited
      ? sql`(select coalesce(json_agg(${epochMs(sql`k.start_at`)}), '[]'::json)
          from booking_hosts b join bookings k on k.id = b.booking_id
          where b.user_id = h.user_id and k.event_type_id = et.id ${ignore}
            and k.start_at > ${new Date(from.getTime() - WEEK_MS).toISOString()}::timestamptz
            and k.start_at < ${new Date(to.getTime() + WEEK_MS).toISOString()}::timestamptz)`
      : sql`'[]'::json`
    const result = await db.execute(
      hostsQuery(
        eventType.id,
        sql`, 'busy', (
          select coalesce(json_agg(json_build_array(${epochMs(sql`b.blocked_from`)}, ${epochMs(sql`b.blocked_until`)})), '[]'::json)
          from booking_hosts b
          where b.user_id = h.user_id ${ignore}
            and tstzrange(b.blocked_from, b.blocked_until) && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz)
        ), 'booked', ${counted}`,
      ),
    )
    type Read = Host & { busy: [number, number][]; booked: number[] }
    const [row] = (result as unknown as { rows: { ownerZone: string | null; hosts: Read[] }[] }).rows
    if (!row) throw NotFound(EVENT_TYPE_NOT_FOUND)
    const hosts = row.hosts.map((host): HostRow => ({ ...host, busy: host.busy.map(([start, end]) => ({ start, end })) }))
    return { ownerZone: row.ownerZone ?? 'UTC', hosts }
  }

  /** The owner's zone and the active hosts with their weights and zones, as readHosts gives them, without their time. */
  async function readHostSet(eventType: EventTypeRow): Promise<HostSet | undefined> {
    const result = await db.execute(hostsQuery(eventType.id))
    const [row] = (result as unknown as { rows: { ownerZone: string | null; hosts: Host[] }[] }).rows
    return row && { ownerId: eventType.ownerId, ownerZone: row.ownerZone ?? 'UTC', hosts: row.hosts }
  }

  /** Each user's booking_hosts rows whose blocked time ends after `since`, one JSON array of pairs a user, in no order. */
  async function readBlocked(userIds: string[], since: number): Promise<Map<string, BlockedRow[]>> {
    const result = await db.execute(sql`
      select u.id as "userId", (
          select coalesce(json_agg(json_build_array(${epochMs(sql`b.blocked_from`)}, ${epochMs(sql`b.blocked_until`)})), '[]'::json)
          from booking_hosts b
          where b.user_id = u.id and b.blocked_until > ${new Date(since).toISOString()}::timestamptz
        ) as rows
      from unnest(array[${sql.join(
        userIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}]) as u(id)`)
    const rows = (result as unknown as { rows: { userId: string; rows: [number, number][] }[] }).rows
    return new Map(rows.map((r) => [r.userId, r.rows.map(([start, end]) => ({ start, end }))]))
  }

  /**
   * readHosts from memory: the host set and each host's blocked rows as booking/cache.ts keeps them (read on
   * a miss), cut to the range here.
   */
  async function cachedHosts(eventType: EventTypeRow, from: Date, to: Date, now: number) {
    const since = Math.min(from.getTime(), now - KEPT_BEFORE_MS)
    const set = await cache.hostSet(eventType.id, () => readHostSet(eventType))
    if (!set) throw NotFound(EVENT_TYPE_NOT_FOUND)
    const userIds = set.hosts.map((h) => h.userId)
    const blocked =
      userIds.length === 0 ? new Map<string, BlockedRow[]>() : await cache.blocked(userIds, since, (missing) => readBlocked(missing, since))
    const start = from.getTime()
    const end = to.getTime()
    const hosts = set.hosts.map(
      (host): HostRow => ({
        ...host,
        busy: (blocked.get(host.userId) ?? []).filter((row) => row.start < end && row.end > start),
        booked: [],
      }),
    )
    return { ownerZone: set.ownerZone, hosts }
  }

  /**
   * The event type's booking window and its hosts' availability around `asked`, for the slot engine: one
   * query, then the hosts' calendars and schedules (held in memory after the first read) side by side.
   * `fresh` reads the hosts and their bookings from the database (a booking's own check); otherwise they come
   * from memory (the slots pages), which every write of them drops at once, here and in other processes. An
   * event type with daily or weekly limits counts its own bookings, which memory does not keep: it reads too.
   */
  async function load(eventType: EventTypeRow, asked: Interval, now: number, options: { ignoreBookingId?: string; fresh?: boolean } = {}) {
    const margin = Math.max(eventType.bufferBefore, eventType.bufferAfter) * 60_000 + DAY_MS
    const from = new Date(asked.start - margin)
    const to = new Date(asked.end + margin)
    const { ownerZone, hosts: rows } =
      options.fresh || options.ignoreBookingId || eventType.dailyLimit !== null || eventType.weeklyLimit !== null
        ? await readHosts(eventType, from, to, options.ignoreBookingId)
        : await cachedHosts(eventType, from, to, now)
    const hosts: Host[] = rows.map(({ userId, weight, timeZone }) => ({ userId, weight, timeZone }))
    const userIds = hosts.map((h) => h.userId)
    const [calendarBusy, scheduleRows] =
      userIds.length === 0
        ? [new Map<string, Interval[]>(), new Map()]
        : await Promise.all([
            external ? external.busyFor(userIds, from.getTime(), to.getTime()) : new Map<string, Interval[]>(),
            schedules.forHosts(
              hosts.map((h) => ({ userId: h.userId, scheduleId: h.userId === eventType.ownerId ? eventType.scheduleId : null })),
            ),
          ])
    const loaded = rows.map((host): HostAvailability => {
      const schedule = scheduleRows.get(host.userId)
      return {
        userId: host.userId,
        timeZone: schedule?.timeZone ?? host.timeZone,
        weeklyHours: schedule?.weeklyHours ?? [],
        overrides: schedule?.overrides ?? [],
        // Read from the database or cut from memory for this request: the engine only reads it, so no copy.
        busy: calendarBusy.get(host.userId)?.length ? [...host.busy, ...(calendarBusy.get(host.userId) ?? [])] : host.busy,
        bookedStarts: host.booked,
      }
    })
    return { window: windowIn(eventType, ownerZone, now), hosts, loaded }
  }

  return { windowOf, ownerZones, load }
}

export type BookingWindowBounds = Interval & { timeZone: string }

function windowIn(eventType: EventTypeRow, timeZone: string, now: number): BookingWindowBounds {
  return { ...windowBounds(eventType.bookingWindow, timeZone, now), timeZone }
}

export type Availability = ReturnType<typeof createAvailability>
