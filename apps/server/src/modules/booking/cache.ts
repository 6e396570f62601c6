import { LRUCache } from 'lru-cache'
import type { eventTypes as eventTypesTable, schedules as schedulesTable } from '../../db/schema/index.ts'
import type { Broadcast } from '../../lib/broadcast.ts'
import { onUserChanged } from '../auth/module.ts'

// The rows as their tables give them (event-types.ts and schedules.ts name them too, and import this file).
type EventTypeRow = typeof eventTypesTable.$inferSelect
type ScheduleRow = typeof schedulesTable.$inferSelect

const CHANNEL = 'booking-cache'

type Change = { eventType: string } | { schedulesOf: string } | { allEventTypes: true } | { blockedOf: string[] } | { everything: true }

/** Who hosts an event type today: the active hosts with their weights and zones, and the owner's zone. */
export type HostSet = { ownerId: string; ownerZone: string; hosts: { userId: string; weight: number; timeZone: string }[] }

/**
 * One booking_hosts row of a host, epoch ms: an Interval as it is, so the slot engine takes the kept rows
 * without a copy. Nothing else: a reschedule, which sets its own booking aside, and an event type with daily or
 * weekly limits, which counts its own bookings, read the database.
 */
export type BlockedRow = { start: number; end: number }

/** A host's rows whose blocked time ends after `since`, as read at one moment; any range from `since` on is answered from them. */
export type HostBlocked = { since: number; rows: BlockedRow[] }

export type BookingCacheLimits = {
  /** Event types whose host sets are kept. */
  hostSets: number
  /** Blocked rows kept over all hosts (a host counts one more than its rows). */
  blockedRows: number
  /** How long a host's blocked rows are kept at most, in case a change ever went unheard. */
  blockedTtlMs: number
}

// 200,000 rows are about 10 MB: a thousand hosts with 200 bookings ahead each.
const DEFAULT_LIMITS: BookingCacheLimits = { hostSets: 10_000, blockedRows: 200_000, blockedTtlMs: 10 * 60_000 }

/**
 * This process's copies of what every booking page's slots read: event types, the schedules their hosts are
 * booked on, who hosts each event type, and each host's blocked time. Each write of them drops the copies here
 * at once and, with Redis, in every other process (a booking's commit drops its hosts' blocked time; a user's
 * change, heard from auth, the host sets they are in); a read that began before a write does not keep what it
 * read (it may have read the rows before the write committed).
 */
export async function createBookingCache(broadcast: Broadcast, limits: BookingCacheLimits = DEFAULT_LIMITS) {
  const eventTypes = new LRUCache<string, EventTypeRow>({ max: 10_000 })
  /** Per user: '' for their default schedule, a schedule id for one an event type names. */
  const schedules = new LRUCache<string, Map<string, ScheduleRow>>({ max: 50_000 })
  /** Per event type: its hosts as the slots see them (event_type_hosts, users' status and zones). */
  const hostSets = new LRUCache<string, HostSet>({ max: limits.hostSets })
  /**
   * Per user: the time their bookings hold from some moment on (booking_hosts). Bounded by the rows it holds,
   * so a few very busy hosts cannot push memory past the limit any more than many quiet ones.
   */
  const blocked = new LRUCache<string, HostBlocked>({
    maxSize: limits.blockedRows,
    sizeCalculation: (entry) => entry.rows.length + 1,
    ttl: limits.blockedTtlMs,
  })
  let writes = 0

  function forgetAll() {
    writes++
    eventTypes.clear()
    schedules.clear()
    hostSets.clear()
    blocked.clear()
  }

  function drop(change: Change) {
    writes++
    if ('eventType' in change) {
      eventTypes.delete(change.eventType)
      hostSets.delete(change.eventType)
    } else if ('schedulesOf' in change) schedules.delete(change.schedulesOf)
    else if ('blockedOf' in change) for (const userId of change.blockedOf) blocked.delete(userId)
    else if ('everything' in change) forgetAll()
    else {
      eventTypes.clear()
      hostSets.clear()
    }
  }
  broadcast.on<Change>(CHANNEL, {
    message: drop,
    // Changes sent while the Redis link was down never arrive: forget everything rather than keep stale copies.
    missed: forgetAll,
  })
  // A user deactivated, or their zone changed: the host sets they are in (as a host or as the owner whose zone
  // reads the booking window) are read again. Every process hears it from the user's own writers.
  onUserChanged(broadcast, {
    changed: (userId) => {
      writes++
      const stale = [...hostSets.entries()].filter(([, set]) => set.ownerId === userId || set.hosts.some((h) => h.userId === userId))
      for (const [id] of stale) hostSets.delete(id)
      blocked.delete(userId)
    },
    missed: forgetAll,
  })
  const changed = (change: Change) => broadcast.send(CHANNEL, change)

  /** The cached value, or `read`'s, kept unless a write happened meanwhile. */
  async function through<T>(cached: T | undefined, read: () => Promise<T>, keep: (value: T) => void): Promise<T> {
    if (cached !== undefined) return cached
    const before = writes
    const value = await read()
    if (writes === before) keep(value)
    return value
  }

  return {
    eventType: (id: string, read: () => Promise<EventTypeRow | undefined>) =>
      through(eventTypes.get(id), read, (row) => row && eventTypes.set(id, row)),

    /** Each host's schedule; `read` is asked only for the hosts not held here. */
    async schedules(
      hosts: { userId: string; scheduleId: string | null }[],
      read: (missing: { userId: string; scheduleId: string | null }[]) => Promise<Map<string, ScheduleRow>>,
    ): Promise<Map<string, ScheduleRow>> {
      const found = new Map<string, ScheduleRow>()
      const missing = hosts.filter((h) => {
        const row = schedules.get(h.userId)?.get(h.scheduleId ?? '')
        if (row) found.set(h.userId, row)
        return !row
      })
      if (missing.length === 0) return found
      const rows = await through(
        undefined,
        () => read(missing),
        (read) => {
          for (const host of missing) {
            const row = read.get(host.userId)
            if (!row) continue
            const held = schedules.get(host.userId) ?? new Map<string, ScheduleRow>()
            held.set(host.scheduleId ?? '', row)
            schedules.set(host.userId, held)
          }
        },
      )
      for (const [userId, row] of rows) found.set(userId, row)
      return found
    },

    /** The event type's hosts; `read` is asked when they are not held here. */
    hostSet: (eventTypeId: string, read: () => Promise<HostSet | undefined>) =>
      through(hostSets.get(eventTypeId), read, (set) => set && hostSets.set(eventTypeId, set)),

    /**
     * Each user's blocked rows from `since` on at least; `read` is asked, once, for the users not held here
     * (or held from a later moment), and reads them from `since`.
     */
    async blocked(
      userIds: string[],
      since: number,
      read: (missing: string[]) => Promise<Map<string, BlockedRow[]>>,
    ): Promise<Map<string, BlockedRow[]>> {
      const found = new Map<string, BlockedRow[]>()
      const missing: string[] = []
      for (const userId of userIds) {
        const held = blocked.get(userId)
        if (held && held.since <= since) found.set(userId, held.rows)
        else missing.push(userId)
      }
      if (missing.length === 0) return found
      const rows = await through(
        undefined,
        () => read(missing),
        (read) => {
          for (const userId of missing) blocked.set(userId, { since, rows: read.get(userId) ?? [] })
        },
      )
      for (const userId of missing) found.set(userId, rows.get(userId) ?? [])
      return found
    },

    /** After a commit that added, moved or removed these users' booking_hosts rows. */
    blockedChanged: (userIds: string[]) => (userIds.length > 0 ? changed({ blockedOf: [...new Set(userIds)] }) : Promise.resolve()),

    /** How much is held, for tests and benchmarks. */
    held: () => ({ hostSets: hostSets.size, blockedHosts: blocked.size, blockedRows: blocked.calculatedSize - blocked.size }),

    eventTypeChanged: (id: string) => changed({ eventType: id }),
    /** A team deleted: its event types, and their bookings' hold on the hosts' time, went with it (cascades). Rare: all is read again. */
    teamDeleted: () => changed({ everything: true }),
    schedulesChanged: (userId: string) => changed({ schedulesOf: userId }),
    /** A deleted schedule leaves the event types that named it on their host's default (on delete set null). */
    scheduleDeleted: async (userId: string) => {
      await changed({ schedulesOf: userId })
      await changed({ allEventTypes: true })
    },
  }
}

export type BookingCache = Awaited<ReturnType<typeof createBookingCache>>
