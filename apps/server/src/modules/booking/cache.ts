import { LRUCache } from 'lru-cache'
import type { eventTypes as eventTypesTable, schedules as schedulesTable } from '../../db/schema/index.ts'
import type { Broadcast } from '../../lib/broadcast.ts'

// The rows as their tables give them (event-types.ts and schedules.ts name them too, and import this file).
type EventTypeRow = typeof eventTypesTable.$inferSelect
type ScheduleRow = typeof schedulesTable.$inferSelect

const CHANNEL = 'booking-cache'

type Change = { eventType: string } | { schedulesOf: string } | { allEventTypes: true }

/**
 * This process's copies of event types and of the schedules their hosts are booked on: every booking page's
 * slots read them, and they change when someone edits them, rarely. Each write of them drops the copies here
 * at once and, with Redis, in every other process; a read that began before a write does not keep what it
 * read (it may have read the row before the write committed).
 */
export async function createBookingCache(broadcast: Broadcast) {
  const eventTypes = new LRUCache<string, EventTypeRow>({ max: 10_000 })
  /** Per user: '' for their default schedule, a schedule id for one an event type names. */
  const schedules = new LRUCache<string, Map<string, ScheduleRow>>({ max: 50_000 })
  let writes = 0

  function drop(change: Change) {
    writes++
    if ('eventType' in change) eventTypes.delete(change.eventType)
    else if ('schedulesOf' in change) schedules.delete(change.schedulesOf)
    else eventTypes.clear()
  }
  broadcast.on<Change>(CHANNEL, {
    message: drop,
    // Changes sent while the Redis link was down never arrive: forget everything rather than keep stale copies.
    missed: () => {
      writes++
      eventTypes.clear()
      schedules.clear()
    },
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

    eventTypeChanged: (id: string) => changed({ eventType: id }),
    schedulesChanged: (userId: string) => changed({ schedulesOf: userId }),
    /** A deleted schedule leaves the event types that named it on their host's default (on delete set null). */
    scheduleDeleted: async (userId: string) => {
      await changed({ schedulesOf: userId })
      await changed({ allEventTypes: true })
    },
  }
}

export type BookingCache = Awaited<ReturnType<typeof createBookingCache>>
