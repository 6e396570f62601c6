import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { LRUCache } from 'lru-cache'
import type { Db } from '../../db/client.ts'
import { calendarConnections, users } from '../../db/schema/index.ts'
import type { Broadcast } from '../../lib/broadcast.ts'
import { createEncryption } from '../../lib/encryption.ts'
import type { Outbound } from '../../lib/outbound.ts'
import { type Interval, mergeIntervals } from './busy.ts'
import { busyTimes } from './caldav.ts'
import { createConnections } from './connections.ts'
import { createFeeds } from './feed.ts'
import { isCloseroomUid } from './ics.ts'
import { createBookingSync } from './sync.ts'

const DAY_MS = 86_400_000
/** How long busy times read from a calendar server are reused: a slots page makes many requests in a row. */
export const BUSY_CACHE_MS = 60_000
const BUSY_CACHE_MAX_ENTRIES = 5_000
const SOURCES_CHANNEL = 'calendar-sources'

type CacheEntry = { expires: number; intervals: Promise<Interval[]> }

/**
 * Connected calendars (CalDAV) and calendar feeds (ICS). `secret` is the key CalDAV passwords are
 * encrypted with (the server secret 'calendar-encryption-key'); `appUrl` goes into the links of the
 * events written and fed.
 */
export async function createCalendarService({
  db,
  secret,
  log,
  appUrl,
  broadcast,
  outbound,
}: {
  db: Db
  /** How it reaches the users' CalDAV servers: never a private address unless the operator allowed it. */
  outbound: Outbound
  secret: string
  log: FastifyBaseLogger
  appUrl: string
  /** Drops other processes' copies of a user's connections when one changes. */
  broadcast: Broadcast
}) {
  const encryption = createEncryption(secret)
  // Busy times per connection and range of whole UTC days: the same days asked again within a minute are
  // answered from memory, and a calendar server that is down is asked at most once a minute.
  const cache = new Map<string, CacheEntry>()
  const forget = (connectionId: string) => {
    for (const key of cache.keys()) if (key.startsWith(`${connectionId}:`)) cache.delete(key)
  }

  // Each user's connections that block slots, asked by every slots request of their booking pages (mostly to
  // learn there are none) and changed only through the connections below, which drop them here and in every
  // other process. They expire like the busy times, for the owner's time zone they carry.
  const sourcesOf = new LRUCache<string, Source[]>({ max: 50_000, ttl: BUSY_CACHE_MS })
  let sourceChanges = 0
  broadcast.on<string>(SOURCES_CHANNEL, {
    message: (userId) => {
      sourceChanges++
      sourcesOf.delete(userId)
    },
    missed: () => {
      sourceChanges++
      sourcesOf.clear()
    },
  })
  const connections = createConnections({
    db,
    encryption,
    outbound,
    changed: (connectionId, userId) => {
      forget(connectionId)
      return broadcast.send(SOURCES_CHANNEL, userId)
    },
  })

  async function recordError(connectionId: string, message: string | null) {
    await db.update(calendarConnections).set({ lastError: message }).where(eq(calendarConnections.id, connectionId))
  }

  type Source = typeof calendarConnections.$inferSelect & { timeZone: string }

  function cachedBusy(connection: Source, from: number, to: number): Promise<Interval[]> {
    const dayFrom = Math.floor(from / DAY_MS) * DAY_MS
    const dayTo = Math.ceil(to / DAY_MS) * DAY_MS
    const key = `${connection.id}:${dayFrom}:${dayTo}:${connection.busyCalendarUrls.join(' ')}`
    const now = Date.now()
    const hit = cache.get(key)
    if (hit && hit.expires > now) return hit.intervals
    if (cache.size >= BUSY_CACHE_MAX_ENTRIES) {
      for (const [k, entry] of cache) if (entry.expires <= now) cache.delete(k)
      if (cache.size >= BUSY_CACHE_MAX_ENTRIES) cache.clear()
    }
    const intervals = (async () => {
      try {
        const found = await busyTimes(connections.accountOf(connection), connection.busyCalendarUrls, dayFrom, dayTo, {
          defaultZone: connection.timeZone,
          // Bookings we wrote into the calendar are in the bookings table already (and a reschedule must not
          // be blocked by the booking's own old time).
          skip: isCloseroomUid,
        })
        // The connection may be a copy from before its last error: clear whatever the row holds now.
        await db
          .update(calendarConnections)
          .set({ lastError: null })
          .where(and(eq(calendarConnections.id, connection.id), isNotNull(calendarConnections.lastError)))
        return found
      } catch (error) {
        const message = (error as Error).message
        log.warn({ connectionId: connection.id, err: message }, 'could not read busy times from a connected calendar')
        await recordError(connection.id, message).catch(() => undefined)
        return []
      }
    })()
    cache.set(key, { expires: now + BUSY_CACHE_MS, intervals })
    return intervals
  }

  async function busySources(userIds: string[]): Promise<Source[]> {
    const missing = userIds.filter((id) => !sourcesOf.has(id))
    if (missing.length > 0) {
      const before = sourceChanges
      const rows = await db
        .select({ connection: calendarConnections, timeZone: users.timeZone })
        .from(calendarConnections)
        .innerJoin(users, and(eq(users.id, calendarConnections.userId), eq(users.organizationId, calendarConnections.organizationId)))
        .where(and(inArray(calendarConnections.userId, missing), sql`jsonb_array_length(${calendarConnections.busyCalendarUrls}) > 0`))
      const read = rows.map((r) => ({ ...r.connection, timeZone: r.timeZone }))
      // A connection changed while this read ran: what it read may predate the change, so it is used, not kept.
      if (sourceChanges !== before)
        return [...read, ...userIds.filter((id) => !missing.includes(id)).flatMap((id) => sourcesOf.get(id) ?? [])]
      for (const id of missing)
        sourcesOf.set(
          id,
          read.filter((s) => s.userId === id),
        )
    }
    return userIds.flatMap((id) => sourcesOf.get(id) ?? [])
  }

  /**
   * Busy intervals (epoch ms, merged, ascending) of each user's busy calendars overlapping [from, to).
   * Never throws for a calendar server: one that fails counts as free and its connection shows the error.
   */
  async function busyFor(userIds: string[], from: number, to: number): Promise<Map<string, Interval[]>> {
    const result = new Map<string, Interval[]>(userIds.map((id) => [id, []]))
    if (userIds.length === 0 || to <= from) return result
    const sources = await busySources([...new Set(userIds)])
    const found = await Promise.all(
      sources.map(async (source) => ({ userId: source.userId, intervals: await cachedBusy(source, from, to) })),
    )
    const perUser = new Map<string, Interval[]>()
    for (const { userId, intervals } of found) {
      const inRange = intervals.filter((i) => i.start < to && i.end > from)
      perUser.set(userId, [...(perUser.get(userId) ?? []), ...inRange])
    }
    for (const [userId, intervals] of perUser) result.set(userId, mergeIntervals(intervals))
    return result
  }

  const bookingChanged = createBookingSync({ db, log, accountOf: connections.accountOf, recordError, appUrl: () => appUrl })
  const feeds = createFeeds({ db, appUrl })

  return {
    list: connections.list,
    connect: connections.connect,
    update: connections.update,
    remove: connections.remove,
    refresh: connections.refresh,
    busyFor,
    bookingChanged,
    feedUrl: feeds.feedUrl,
    rotateFeed: feeds.rotateFeed,
    feed: feeds.feed,
  }
}

export type CalendarService = Awaited<ReturnType<typeof createCalendarService>>
