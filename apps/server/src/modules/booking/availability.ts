import type { SlotsQuery } from '@closeroom/shared'
import { BOOKING_LIMITS } from '@closeroom/shared'
import { and, eq, gt, inArray, lt, ne } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { bookingHosts, bookings, eventTypeHosts, users } from '../../db/schema/index.ts'
import { Invalid } from '../../http/errors.ts'
import type { EventTypeRow } from './event-types.ts'
import type { ScheduleService } from './schedules.ts'
import { type HostAvailability, type Interval, type SlotRules, windowBounds } from './slots.ts'
import { addDays, zonedToUtc } from './zones.ts'

const DAY_MS = 24 * 60 * 60 * 1000
const WEEK_MS = 7 * DAY_MS

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

/**
 * Everything the slot engine needs about an event type's hosts for a range: their schedules, the time
 * their bookings hold (buffers included, as stored) and their external calendars' busy times, and the
 * bookings that count toward the event type's limits.
 */
export function createAvailability({ db, schedules, external }: { db: Db; schedules: ScheduleService; external?: ExternalBusy }) {
  /** The event type's hosts who can still be booked (a deactivated teammate is skipped). */
  async function hostsOf(eventType: EventTypeRow): Promise<Host[]> {
    return db
      .select({ userId: eventTypeHosts.userId, weight: eventTypeHosts.weight, timeZone: users.timeZone })
      .from(eventTypeHosts)
      .innerJoin(users, eq(users.id, eventTypeHosts.userId))
      .where(and(eq(eventTypeHosts.eventTypeId, eventType.id), eq(users.status, 'active')))
  }

  /** The zones of event types' owners, in one read: booking windows are read in them. */
  async function ownerZones(ownerIds: string[]): Promise<Map<string, string>> {
    const unique = [...new Set(ownerIds)]
    const rows =
      unique.length > 0 ? await db.select({ id: users.id, timeZone: users.timeZone }).from(users).where(inArray(users.id, unique)) : []
    return new Map(rows.map((r) => [r.id, r.timeZone]))
  }

  /** The booking window as instants, read in the owner's zone. */
  async function windowOf(eventType: EventTypeRow, now: number, zones?: Map<string, string>): Promise<Interval & { timeZone: string }> {
    const timeZone = (zones ?? (await ownerZones([eventType.ownerId]))).get(eventType.ownerId) ?? 'UTC'
    return { ...windowBounds(eventType.bookingWindow, timeZone, now), timeZone }
  }

  async function load(eventType: EventTypeRow, hosts: Host[], range: Interval, options: { ignoreBookingId?: string } = {}) {
    const userIds = hosts.map((h) => h.userId)
    if (userIds.length === 0) return []
    const margin = Math.max(eventType.bufferBefore, eventType.bufferAfter) * 60_000 + DAY_MS
    const from = new Date(range.start - margin)
    const to = new Date(range.end + margin)
    const ignore = options.ignoreBookingId ? ne(bookingHosts.bookingId, options.ignoreBookingId) : undefined
    // Independent reads: on PostgreSQL they run side by side on the pool.
    const [held, counted, calendarBusy, scheduleRows] = await Promise.all([
      db
        .select({ userId: bookingHosts.userId, start: bookingHosts.blockedFrom, end: bookingHosts.blockedUntil })
        .from(bookingHosts)
        .where(and(inArray(bookingHosts.userId, userIds), lt(bookingHosts.blockedFrom, to), gt(bookingHosts.blockedUntil, from), ignore)),
      // Limits count this event type's bookings per local day and week: a week either side covers both.
      eventType.dailyLimit !== null || eventType.weeklyLimit !== null
        ? db
            .select({ userId: bookingHosts.userId, start: bookings.startAt })
            .from(bookingHosts)
            .innerJoin(bookings, eq(bookings.id, bookingHosts.bookingId))
            .where(
              and(
                eq(bookings.eventTypeId, eventType.id),
                inArray(bookingHosts.userId, userIds),
                gt(bookings.startAt, new Date(range.start - WEEK_MS)),
                lt(bookings.startAt, new Date(range.end + WEEK_MS)),
                ignore,
              ),
            )
        : [],
      external ? external.busyFor(userIds, from.getTime(), to.getTime()) : new Map<string, Interval[]>(),
      schedules.forHosts(
        hosts.map((h) => ({ userId: h.userId, scheduleId: h.userId === eventType.ownerId ? eventType.scheduleId : null })),
      ),
    ])
    return hosts.map((host): HostAvailability => {
      const schedule = scheduleRows.get(host.userId)
      return {
        userId: host.userId,
        timeZone: schedule?.timeZone ?? host.timeZone,
        weeklyHours: schedule?.weeklyHours ?? [],
        overrides: schedule?.overrides ?? [],
        busy: [
          ...held.filter((b) => b.userId === host.userId).map((b) => ({ start: b.start.getTime(), end: b.end.getTime() })),
          ...(calendarBusy.get(host.userId) ?? []),
        ],
        bookedStarts: counted.filter((b) => b.userId === host.userId).map((b) => b.start.getTime()),
      }
    })
  }

  return { hostsOf, windowOf, ownerZones, load }
}

export type Availability = ReturnType<typeof createAvailability>
