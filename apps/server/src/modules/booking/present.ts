import type { Booking, PublicBooking } from '@closeroom/shared'
import { asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { bookingEvents, bookingParticipants, type bookings, eventTypes, users } from '../../db/schema/index.ts'

export type BookingRow = typeof bookings.$inferSelect

/** A booking's hosts with what the emails and pages show of them. */
export async function participantsOf(db: Db, bookingIds: string[]) {
  if (bookingIds.length === 0) return []
  return db
    .select({
      bookingId: bookingParticipants.bookingId,
      userId: users.id,
      name: users.name,
      email: users.email,
      avatarUrl: users.avatarUrl,
      timeZone: users.timeZone,
    })
    .from(bookingParticipants)
    .innerJoin(users, eq(users.id, bookingParticipants.userId))
    .where(inArray(bookingParticipants.bookingId, bookingIds))
    .orderBy(asc(users.name))
}

/** The seller's view of bookings: hosts, attendee, answers and history. */
export async function presentBookings(db: Db, rows: BookingRow[]): Promise<Booking[]> {
  const ids = rows.map((r) => r.id)
  if (ids.length === 0) return []
  const [hosts, history] = await Promise.all([
    participantsOf(db, ids),
    db.select().from(bookingEvents).where(inArray(bookingEvents.bookingId, ids)).orderBy(asc(bookingEvents.createdAt)),
  ])
  return rows.map((row) => ({
    id: row.id,
    uid: row.uid,
    status: row.status,
    start: row.startAt.toISOString(),
    end: row.endAt.toISOString(),
    title: row.title,
    eventTypeId: row.eventTypeId,
    hosts: hosts.filter((h) => h.bookingId === row.id).map((h) => ({ userId: h.userId, name: h.name })),
    attendee: { name: row.attendeeName, email: row.attendeeEmail, phone: row.attendeePhone, timeZone: row.attendeeTimeZone },
    notes: row.notes,
    answers: row.answers,
    location: { kind: row.locationKind, value: row.locationValue },
    cancelReason: row.cancelReason,
    noShow: row.noShow,
    history: history
      .filter((h) => h.bookingId === row.id)
      .map((h) => ({
        action: h.action,
        by: h.by,
        at: h.createdAt.toISOString(),
        fromStart: h.fromStart?.toISOString() ?? null,
        reason: h.reason,
      })),
    createdAt: row.createdAt.toISOString(),
  }))
}

export function isChangeable(row: BookingRow, now: number): boolean {
  return (row.status === 'pending' || row.status === 'accepted') && row.startAt.getTime() > now
}

/** The buyer's view: what, when, where and who, never the seller's notes on other people or internal ids beyond the page's. */
export async function presentPublicBooking(db: Db, row: BookingRow, handle: string | null, now: number): Promise<PublicBooking> {
  const hosts = await participantsOf(db, [row.id])
  const [eventType] = await db.select({ durations: eventTypes.durations }).from(eventTypes).where(eq(eventTypes.id, row.eventTypeId))
  return {
    uid: row.uid,
    status: row.status,
    start: row.startAt.toISOString(),
    end: row.endAt.toISOString(),
    timeZone: row.attendeeTimeZone,
    title: row.title,
    eventTypeId: row.eventTypeId,
    durations: eventType?.durations ?? [],
    duration: Math.round((row.endAt.getTime() - row.startAt.getTime()) / 60_000),
    hosts: hosts.map((h) => ({ name: h.name, avatarUrl: h.avatarUrl })),
    handle,
    attendee: { name: row.attendeeName, email: row.attendeeEmail },
    location: { kind: row.locationKind, value: row.locationValue },
    cancelReason: row.cancelReason,
    changeable: isChangeable(row, now),
  }
}
