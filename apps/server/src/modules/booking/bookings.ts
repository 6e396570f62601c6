import { randomBytes } from 'node:crypto'
import {
  type Booking,
  type BookingNotification,
  type CancelBooking,
  type CreateBooking,
  can,
  type PublicBooking,
  type RescheduleBooking,
  SLOT_TAKEN,
} from '@closeroom/shared'
import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { bookingEvents, bookingHosts, bookingParticipants, bookings, eventTypes, publicHandles } from '../../db/schema/index.ts'
import { Conflict, Invalid, isExclusionViolation, NotFound } from '../../http/errors.ts'
import type { AuthContext } from '../auth/module.ts'
import { openBookingMeeting } from '../meetings/module.ts'
import type { WebhookEmit } from '../webhooks/module.ts'
import { checkAnswers } from './answers.ts'
import type { Availability, Host } from './availability.ts'
import { rulesOf } from './availability.ts'
import type { BookingCache } from './cache.ts'
import { EVENT_TYPE_NOT_FOUND, type EventTypeRow } from './event-types.ts'
import type { BookingOrigins } from './origins.ts'
import { type BookingRow, isChangeable, presentBookings, presentPublicBooking } from './present.ts'
import { rankHosts, recentLoads } from './round-robin.ts'
import { type RoutingPort, routedAnswers, routedHosts } from './routed.ts'
import { hostsFreeAt } from './slots.ts'

const BOOKING_NOT_FOUND = 'Booking not found'
const MINUTE = 60_000

export type BookingChange = {
  type: BookingNotification['type']
  by: 'attendee' | 'host'
  /** Where a rescheduled booking was before. */
  previousStart?: Date
}

/** Told after every committed change: emails, the hosts' live calendars, reminders, connected calendars. */
export type BookingListener = (bookingId: string, change: BookingChange) => Promise<void>

type Deps = {
  db: Db
  availability: Availability
  cache: BookingCache
  appUrl: string
  onChange: BookingListener
  /** Bookings made from a deal's sales room or a product's room. */
  origins: BookingOrigins
  /** Bookings made after a routing form. */
  routing: RoutingPort
  emit: WebhookEmit
  now?: () => number
}

/** A URL-safe secret of 128 bits: the buyer's booking link, or a meeting room's id. */
const secret = (bytes: number) => randomBytes(bytes).toString('base64url')

/**
 * Bookings: made, moved and cancelled by buyers through their uid, confirmed, declined and cancelled by
 * hosts. The slot engine decides what is offered; the database's exclusion constraint decides races.
 */
export function createBookingService({ db, availability, cache, appUrl, onChange, origins, routing, emit, now = Date.now }: Deps) {
  async function publicEventType(id: string): Promise<EventTypeRow> {
    const row = await cache.eventType(id, async () => (await db.select().from(eventTypes).where(eq(eventTypes.id, id)))[0])
    if (!row || row.hidden) throw NotFound(EVENT_TYPE_NOT_FOUND)
    return row
  }

  async function byUid(uid: string): Promise<BookingRow> {
    const [row] = await db.select().from(bookings).where(eq(bookings.uid, uid))
    if (!row) throw NotFound(BOOKING_NOT_FOUND)
    return row
  }

  /** The page to book again: the team's page for a team event type, else the owner's. */
  async function handleOf(eventTypeId: string): Promise<string | null> {
    const [row] = await db
      .select({ ownerId: eventTypes.ownerId, teamId: eventTypes.teamId })
      .from(eventTypes)
      .where(eq(eventTypes.id, eventTypeId))
    if (!row) return null
    const [found] = await db
      .select({ handle: publicHandles.handle })
      .from(publicHandles)
      .where(row.teamId ? eq(publicHandles.teamId, row.teamId) : eq(publicHandles.userId, row.ownerId))
    return found?.handle ?? null
  }

  /**
   * Which hosts would take a meeting at `start`, in the order to try them: every host for a collective
   * event type (or none if one is busy), the free ones ranked for round robin, the owner for a personal one.
   * A start that is not free answers 409 when a booking holds it and 400 when it was never offered.
   * `routedTo` narrows the hosts to the members a routing form chose.
   */
  async function hostsFor(
    eventType: EventTypeRow,
    start: number,
    duration: number,
    { ignoreBookingId, routedTo }: { ignoreBookingId?: string; routedTo?: string[] } = {},
  ): Promise<Host[][]> {
    const time = now()
    if (start <= time) throw Invalid('start: This time has passed', { code: 'time_unavailable' })
    const range = { start: start - MINUTE, end: start + duration * MINUTE + MINUTE }
    // From the database, not from what the slots pages keep: a booking is checked against what is there now
    // (and the exclusion constraint still settles races between two of them).
    const all = await availability.load(eventType, range, time, { ignoreBookingId, fresh: true })
    const { window } = all
    const hosts = routedHosts(eventType, all.hosts, routedTo)
    const loaded = routedHosts(eventType, all.loaded, routedTo)
    if (start < window.start || start >= window.end)
      throw Invalid('start: This time is outside the booking window', { code: 'time_unavailable' })
    if (hosts.length === 0) throw Invalid('start: Nobody hosts this event type at the moment', { code: 'time_unavailable' })
    const rules = rulesOf(eventType, duration)
    const free = new Set(hostsFreeAt(loaded, rules, start, time))
    const freeHosts = hosts.filter((h) => free.has(h.userId))
    const enough = eventType.kind === 'collective' ? freeHosts.length === hosts.length : freeHosts.length > 0
    if (!enough) {
      // Was it ever on offer? The same question with no booking or calendar in the way tells.
      const unbooked = loaded.map((h) => ({ ...h, busy: [], bookedStarts: [] }))
      const offered = hostsFreeAt(unbooked, rules, start, time)
      const wouldBe = eventType.kind === 'collective' ? offered.length === hosts.length : offered.length > 0
      throw wouldBe
        ? Conflict(SLOT_TAKEN, { code: 'slot_taken' })
        : Invalid('start: This time is not offered', { code: 'time_unavailable' })
    }
    if (eventType.kind === 'collective') return [hosts]
    if (eventType.kind === 'personal') return [freeHosts]
    const order = rankHosts(
      freeHosts,
      await recentLoads(
        db,
        eventType.id,
        freeHosts.map((h) => h.userId),
        time,
      ),
    )
    return order.map((userId) => freeHosts.filter((h) => h.userId === userId))
  }

  /** The rows that hold the hosts' time: the meeting plus the event type's buffers. */
  function holds(bookingId: string, hosts: Host[], eventType: EventTypeRow, start: number, end: number) {
    return hosts.map((h) => ({
      bookingId,
      userId: h.userId,
      blockedFrom: new Date(start - eventType.bufferBefore * MINUTE),
      blockedUntil: new Date(end + eventType.bufferAfter * MINUTE),
    }))
  }

  function locationOf(
    eventType: EventTypeRow,
    attendeePhone: string | null,
  ): { locationKind: BookingRow['locationKind']; locationValue: string | null } {
    const location = eventType.location
    switch (location.kind) {
      case 'meeting':
        // Its own secret, not the booking's uid: a forwarded invitation must not carry the cancel link.
        return { locationKind: 'meeting', locationValue: `${appUrl}/m/${secret(12)}` }
      case 'phone':
        return { locationKind: 'phone', locationValue: attendeePhone }
      case 'in_person':
        return { locationKind: 'in_person', locationValue: location.address }
      case 'link':
        return { locationKind: 'link', locationValue: location.url }
    }
  }

  /** `roomPass` is the buyer's pass to the private sales room the booking is made from, if any. */
  async function create(input: z.output<typeof CreateBooking>, roomPass?: string): Promise<PublicBooking> {
    const eventType = await publicEventType(input.eventTypeId)
    const routed = input.routingResponseId ? await routing.response(input.routingResponseId, eventType) : null
    const resolved = await origins.resolve(input, eventType, roomPass)
    // The buyer's deal that routing opened or moved, unless a sales room already names theirs.
    const origin = routed?.dealId && !resolved.dealId ? { ...resolved, dealId: routed.dealId } : resolved
    const duration = input.duration ?? eventType.durations[0] ?? 30
    if (!eventType.durations.includes(duration)) throw Invalid("duration: Choose one of this event type's durations")
    const attendeePhone = input.phone || null
    if (eventType.location.kind === 'phone' && !attendeePhone) throw Invalid('phone: A phone number is needed: the host will call you')
    // What the buyer typed on the booking form wins over what they told the routing form.
    const answers = checkAnswers(eventType.questions, { ...routedAnswers(eventType.questions, routed?.answers ?? {}), ...input.answers })
    const start = Date.parse(input.start)
    const end = start + duration * MINUTE
    const candidates = await hostsFor(eventType, start, duration, { routedTo: routed?.memberIds })

    let bookingId: string | undefined
    let hostId: string | undefined
    let holders: Host[] = []
    // Round robin: when the first host is taken in the meantime, the next free one gets the meeting.
    for (const hosts of candidates) {
      try {
        const location = locationOf(eventType, attendeePhone)
        bookingId = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(bookings)
            .values({
              uid: secret(16),
              organizationId: eventType.organizationId,
              eventTypeId: eventType.id,
              status: eventType.requiresConfirmation ? 'pending' : 'accepted',
              title: eventType.title,
              startAt: new Date(start),
              endAt: new Date(end),
              attendeeName: input.name,
              attendeeEmail: input.email,
              attendeePhone,
              attendeeTimeZone: input.timeZone,
              notes: input.notes || null,
              answers,
              ...location,
              ...origin,
            })
            .returning({ id: bookings.id })
          if (!row) throw new Error('booking insert returned nothing')
          await tx.insert(bookingHosts).values(holds(row.id, hosts, eventType, start, end))
          await tx.insert(bookingParticipants).values(hosts.map((h) => ({ bookingId: row.id, userId: h.userId })))
          await tx.insert(bookingEvents).values({ bookingId: row.id, action: 'created', by: 'attendee' })
          // The link's room exists from the start, so the attendee can open it at any time.
          if (location.locationKind === 'meeting' && location.locationValue)
            await openBookingMeeting(tx, {
              id: row.id,
              organizationId: eventType.organizationId,
              hostId: hosts[0]?.userId ?? null,
              dealId: origin.dealId,
              title: eventType.title,
              url: location.locationValue,
            })
          return row.id
        })
        hostId = hosts[0]?.userId
        holders = hosts
        break
      } catch (error) {
        if (!isExclusionViolation(error)) throw error
      }
    }
    if (!bookingId) throw Conflict(SLOT_TAKEN, { code: 'slot_taken' })
    // The slots pages keep each host's blocked time: this one's is read again, here and in every process.
    await cache.blockedChanged(holders.map((h) => h.userId))
    await onChange(bookingId, { type: 'booking-created', by: 'attendee' })
    const row = await rowById(bookingId)
    await origins.booked(row)
    if (input.routingResponseId && hostId)
      await routing.booked(input.routingResponseId, { id: row.id, organizationId: row.organizationId, hostId })
    return presentPublicBooking(db, row, await handleOf(row.eventTypeId), now())
  }

  async function rowById(id: string): Promise<BookingRow> {
    const [row] = await db.select().from(bookings).where(eq(bookings.id, id))
    if (!row) throw NotFound(BOOKING_NOT_FOUND)
    return row
  }

  async function getPublic(uid: string): Promise<PublicBooking> {
    const row = await byUid(uid)
    return presentPublicBooking(db, row, await handleOf(row.eventTypeId), now())
  }

  function assertChangeable(row: BookingRow) {
    if (row.status === 'cancelled') throw Invalid('This booking was cancelled', { code: 'booking_cancelled' })
    if (row.status === 'declined') throw Invalid('This booking was declined', { code: 'booking_declined' })
    if (!isChangeable(row, now())) throw Invalid('This meeting has already started', { code: 'meeting_started' })
  }

  async function reschedule(uid: string, input: RescheduleBooking): Promise<PublicBooking> {
    const row = await byUid(uid)
    assertChangeable(row)
    const [eventType] = await db.select().from(eventTypes).where(eq(eventTypes.id, row.eventTypeId))
    if (!eventType) throw NotFound(EVENT_TYPE_NOT_FOUND)
    const duration = Math.round((row.endAt.getTime() - row.startAt.getTime()) / MINUTE)
    const start = Date.parse(input.start)
    if (start === row.startAt.getTime()) return getPublic(uid)
    const end = start + duration * MINUTE
    const current = (
      await db.select({ userId: bookingParticipants.userId }).from(bookingParticipants).where(eq(bookingParticipants.bookingId, row.id))
    ).map((p) => p.userId)
    const candidates = await hostsFor(eventType, start, duration, { ignoreBookingId: row.id })
    // The same host keeps the meeting when free; round robin hands it to another free host otherwise.
    candidates.sort((a, b) => Number(b.every((h) => current.includes(h.userId))) - Number(a.every((h) => current.includes(h.userId))))
    let moved: Host[] | undefined
    for (const hosts of candidates) {
      try {
        await db.transaction(async (tx) => {
          await tx
            .update(bookings)
            .set({ startAt: new Date(start), endAt: new Date(end), attendeeTimeZone: input.timeZone, sequence: row.sequence + 1 })
            .where(eq(bookings.id, row.id))
          await tx.delete(bookingHosts).where(eq(bookingHosts.bookingId, row.id))
          await tx.insert(bookingHosts).values(holds(row.id, hosts, eventType, start, end))
          await tx.delete(bookingParticipants).where(eq(bookingParticipants.bookingId, row.id))
          await tx.insert(bookingParticipants).values(hosts.map((h) => ({ bookingId: row.id, userId: h.userId })))
          await tx.insert(bookingEvents).values({ bookingId: row.id, action: 'rescheduled', by: 'attendee', fromStart: row.startAt })
        })
        moved = hosts
        break
      } catch (error) {
        if (!isExclusionViolation(error)) throw error
      }
    }
    if (!moved) throw Conflict(SLOT_TAKEN, { code: 'slot_taken' })
    // The old hosts' time is free again and the new ones' taken.
    await cache.blockedChanged([...current, ...moved.map((h) => h.userId)])
    await onChange(row.id, { type: 'booking-rescheduled', by: 'attendee', previousStart: row.startAt })
    return getPublic(uid)
  }

  /** Ends a booking: its hosts' time is free again at once; the row and its history stay. */
  async function close(row: BookingRow, status: 'cancelled' | 'declined', by: 'attendee' | 'host', reason: string | undefined) {
    const freed = await db.transaction(async (tx) => {
      await tx
        .update(bookings)
        .set({ status, cancelReason: reason || null, sequence: row.sequence + 1 })
        .where(eq(bookings.id, row.id))
      const released = await tx.delete(bookingHosts).where(eq(bookingHosts.bookingId, row.id)).returning({ userId: bookingHosts.userId })
      await tx.insert(bookingEvents).values({ bookingId: row.id, action: status, by, reason: reason || null })
      return released.map((r) => r.userId)
    })
    await cache.blockedChanged(freed)
    await onChange(row.id, { type: status === 'cancelled' ? 'booking-cancelled' : 'booking-declined', by })
  }

  async function cancelByAttendee(uid: string, input: CancelBooking): Promise<PublicBooking> {
    const row = await byUid(uid)
    assertChangeable(row)
    await close(row, 'cancelled', 'attendee', input.reason)
    return getPublic(uid)
  }

  // ---- The host's side ----

  /** A booking the caller hosts (or, for owners and admins, any of the organization's). */
  async function hosted(auth: AuthContext, id: string): Promise<BookingRow> {
    const [row] = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, id), eq(bookings.organizationId, auth.user.organizationId)))
    if (!row) throw NotFound(BOOKING_NOT_FOUND)
    const [mine] = await db
      .select({ userId: bookingParticipants.userId })
      .from(bookingParticipants)
      .where(and(eq(bookingParticipants.bookingId, id), eq(bookingParticipants.userId, auth.user.id)))
    if (!mine && !can(auth.user, 'bookings.readAll')) throw NotFound(BOOKING_NOT_FOUND)
    return row
  }

  async function presentOne(id: string): Promise<Booking> {
    const [booking] = await presentBookings(db, [await rowById(id)])
    if (!booking) throw NotFound(BOOKING_NOT_FOUND)
    return booking
  }

  async function list(auth: AuthContext, query: { from?: string; to?: string; status?: BookingRow['status'] }): Promise<Booking[]> {
    const mine = db
      .select({ id: bookingParticipants.bookingId })
      .from(bookingParticipants)
      .where(eq(bookingParticipants.userId, auth.user.id))
    const rows = await db
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.organizationId, auth.user.organizationId),
          inArray(bookings.id, mine),
          query.from ? gt(bookings.endAt, new Date(query.from)) : undefined,
          query.to ? lt(bookings.startAt, new Date(query.to)) : undefined,
          query.status ? eq(bookings.status, query.status) : undefined,
        ),
      )
      .orderBy(asc(bookings.startAt))
      .limit(2000)
    return presentBookings(db, rows)
  }

  async function get(auth: AuthContext, id: string): Promise<Booking> {
    await hosted(auth, id)
    return presentOne(id)
  }

  async function confirm(auth: AuthContext, id: string): Promise<Booking> {
    const row = await hosted(auth, id)
    if (row.status !== 'pending') throw Invalid('Only a booking waiting for confirmation can be confirmed', { code: 'booking_not_pending' })
    if (row.startAt.getTime() <= now()) throw Invalid('This meeting has already started', { code: 'meeting_started' })
    await db.transaction(async (tx) => {
      await tx
        .update(bookings)
        .set({ status: 'accepted', sequence: row.sequence + 1 })
        .where(eq(bookings.id, id))
      await tx.insert(bookingEvents).values({ bookingId: id, action: 'confirmed', by: 'host' })
    })
    await onChange(id, { type: 'booking-confirmed', by: 'host' })
    return presentOne(id)
  }

  async function decline(auth: AuthContext, id: string, input: CancelBooking): Promise<Booking> {
    const row = await hosted(auth, id)
    if (row.status !== 'pending') throw Invalid('Only a booking waiting for confirmation can be declined', { code: 'booking_not_pending' })
    await close(row, 'declined', 'host', input.reason)
    return presentOne(id)
  }

  async function cancelByHost(auth: AuthContext, id: string, input: CancelBooking): Promise<Booking> {
    const row = await hosted(auth, id)
    assertChangeable(row)
    await close(row, 'cancelled', 'host', input.reason)
    return presentOne(id)
  }

  /** The host or an admin says the buyer did not come (or, unmarking, that they did): past accepted meetings only. */
  async function markNoShow(auth: AuthContext, id: string, noShow: boolean): Promise<Booking> {
    const row = await hosted(auth, id)
    if (row.status !== 'accepted') throw Conflict('Only an accepted booking can be marked as a no-show')
    if (row.startAt.getTime() > now()) throw Conflict('A meeting can be marked as a no-show once it has started')
    await db.update(bookings).set({ noShow }).where(eq(bookings.id, id))
    const booking = await presentOne(id)
    if (noShow && !row.noShow) await emit(row.organizationId, 'booking.no_show', booking)
    return booking
  }

  return {
    create,
    getPublic,
    markNoShow,
    reschedule,
    cancelByAttendee,
    list,
    get,
    confirm,
    decline,
    cancelByHost,
    presentOne,
    rowById,
    handleOf,
    publicEventType,
  }
}

export type BookingService = ReturnType<typeof createBookingService>
