import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import { bookingParticipants, bookings, calendarConnections, calendarWrites, users } from '../../db/schema/index.ts'
import { type CalDavAccount, deleteEvent, updateEvent, writeEvent } from './caldav.ts'
import type { ConnectionRow } from './connections.ts'
import { bookingCalendar } from './ics.ts'

type Deps = {
  db: Db
  log: Pick<FastifyBaseLogger, 'warn'>
  accountOf: (row: ConnectionRow) => CalDavAccount
  /** Records the outcome of a call on a connection: a message, or null once it works again. */
  recordError: (connectionId: string, message: string | null) => Promise<void>
  appUrl: () => string
}

/**
 * Makes every host's write calendar show a booking as it stands: written when it holds time (pending as
 * tentative, accepted as confirmed), moved in place on a reschedule, deleted once cancelled or declined.
 * Running it twice changes nothing the second time, so a job queue may retry it freely. A calendar that
 * fails is noted on its connection and never fails the caller.
 */
export function createBookingSync({ db, log, accountOf, recordError, appUrl }: Deps) {
  return async function bookingChanged(bookingId: string): Promise<void> {
    const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId))
    if (!booking) return
    const holdsTime = booking.status === 'pending' || booking.status === 'accepted'

    const hosts = await db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(bookingParticipants)
      .innerJoin(users, eq(users.id, bookingParticipants.userId))
      .where(eq(bookingParticipants.bookingId, bookingId))
    const hostById = new Map(hosts.map((h) => [h.id, h]))

    const targets =
      holdsTime && hosts.length > 0
        ? await db
            .select()
            .from(calendarConnections)
            .where(
              and(
                inArray(
                  calendarConnections.userId,
                  hosts.map((h) => h.id),
                ),
                eq(calendarConnections.organizationId, booking.organizationId),
                isNotNull(calendarConnections.writeCalendarUrl),
              ),
            )
        : []
    const written = await db
      .select({ write: calendarWrites, connection: calendarConnections })
      .from(calendarWrites)
      .innerJoin(calendarConnections, eq(calendarConnections.id, calendarWrites.connectionId))
      .where(eq(calendarWrites.bookingId, bookingId))
    const writtenBy = new Map(written.map((w) => [w.connection.id, w.write]))

    const attempt = async (connection: ConnectionRow, run: () => Promise<void>) => {
      try {
        await run()
        if (connection.lastError) await recordError(connection.id, null)
      } catch (error) {
        const message = (error as Error).message
        log.warn({ connectionId: connection.id, bookingId, err: message }, 'could not update a connected calendar')
        await recordError(connection.id, message)
      }
    }

    const targetIds = new Set<string>()
    await Promise.all(
      targets.map((connection) => {
        targetIds.add(connection.id)
        const host = hostById.get(connection.userId)
        const calendarUrl = connection.writeCalendarUrl
        if (!host || !calendarUrl) return Promise.resolve()
        const ics = bookingCalendar({ booking, organizerName: host.name, organizerEmail: host.email, appUrl: appUrl(), method: null })
        const previous = writtenBy.get(connection.id)
        return attempt(connection, async () => {
          const account = accountOf(connection)
          // A booking already written stays where it is, even if the write calendar changed since.
          const result = previous
            ? await updateEvent(account, previous.objectUrl, ics)
            : await writeEvent(account, calendarUrl, booking.uid, ics)
          await db
            .insert(calendarWrites)
            .values({ bookingId, connectionId: connection.id, objectUrl: result.objectUrl, etag: result.etag })
            .onConflictDoUpdate({
              target: [calendarWrites.bookingId, calendarWrites.connectionId],
              set: { objectUrl: result.objectUrl, etag: result.etag },
            })
        })
      }),
    )

    // Cancelled or declined, a host no longer on it, or a connection that stopped writing: take it out.
    await Promise.all(
      written
        .filter(({ connection }) => !targetIds.has(connection.id))
        .map(({ write, connection }) =>
          attempt(connection, async () => {
            await deleteEvent(accountOf(connection), write.objectUrl)
            await db
              .delete(calendarWrites)
              .where(and(eq(calendarWrites.bookingId, bookingId), eq(calendarWrites.connectionId, connection.id)))
          }),
        ),
    )
  }
}
