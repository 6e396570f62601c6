import type { CalendarConnection, CreateCalendarConnection, UpdateCalendarConnection } from '@closeroom/shared'
import { and, asc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { calendarConnections } from '../../db/schema/index.ts'
import { Conflict, Invalid, NotFound } from '../../http/errors.ts'
import type { Encryption } from '../../lib/encryption.ts'
import type { Outbound } from '../../lib/outbound.ts'
import type { AuthContext } from '../auth/module.ts'
import { type CalDavAccount, CalDavError, discoverCalendars, type RemoteCalendar } from './caldav.ts'

export type ConnectionRow = typeof calendarConnections.$inferSelect

const CONNECTION_NOT_FOUND = 'Calendar connection not found'

/** The only way a connection leaves the server: no password, encrypted or not. */
export function presentConnection(row: ConnectionRow): CalendarConnection {
  return {
    id: row.id,
    serverUrl: row.serverUrl,
    username: row.username,
    calendars: row.calendars,
    busyCalendarUrls: row.busyCalendarUrls,
    writeCalendarUrl: row.writeCalendarUrl,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
  }
}

/** Signs in and lists calendars, answering 400 with what went wrong. */
async function discoverOrRefuse(account: CalDavAccount): Promise<RemoteCalendar[]> {
  try {
    return await discoverCalendars(account)
  } catch (error) {
    if (error instanceof CalDavError)
      throw Invalid(error.message, {
        code:
          error.kind === 'auth'
            ? 'calendar_sign_in_failed'
            : error.kind === 'private'
              ? 'calendar_private_address'
              : 'calendar_unreachable',
      })
    throw error
  }
}

/**
 * The signed-in user's CalDAV connections. Each is the user's own: every query names the user and the
 * organization, so another user's id answers 404 like an unknown one.
 */
export function createConnections({
  db,
  encryption,
  outbound,
  changed,
}: {
  db: Db
  encryption: Encryption
  outbound: Outbound
  changed: (id: string, userId: string) => Promise<void>
}) {
  const ownedBy = ({ user }: AuthContext, id: string) =>
    and(
      eq(calendarConnections.id, id),
      eq(calendarConnections.userId, user.id),
      eq(calendarConnections.organizationId, user.organizationId),
    )

  async function load(auth: AuthContext, id: string): Promise<ConnectionRow> {
    const [row] = await db.select().from(calendarConnections).where(ownedBy(auth, id))
    if (!row) throw NotFound(CONNECTION_NOT_FOUND)
    return row
  }

  const accountOf = (row: ConnectionRow): CalDavAccount => ({
    serverUrl: row.serverUrl,
    username: row.username,
    password: encryption.decrypt(row.passwordEncrypted),
    fetch: outbound.fetch,
  })

  async function list({ user }: AuthContext): Promise<CalendarConnection[]> {
    const rows = await db
      .select()
      .from(calendarConnections)
      .where(and(eq(calendarConnections.userId, user.id), eq(calendarConnections.organizationId, user.organizationId)))
      .orderBy(asc(calendarConnections.createdAt))
    return rows.map(presentConnection)
  }

  async function connect({ user }: AuthContext, input: CreateCalendarConnection): Promise<CalendarConnection> {
    const address = new URL(input.serverUrl)
    // Credentials inside the address would be stored and shown in clear: they belong in their own fields.
    if (address.username || address.password) throw Invalid('serverUrl: Put the username and password in their own fields')
    const [existing] = await db
      .select({ id: calendarConnections.id })
      .from(calendarConnections)
      .where(
        and(
          eq(calendarConnections.userId, user.id),
          eq(calendarConnections.serverUrl, input.serverUrl),
          eq(calendarConnections.username, input.username),
        ),
      )
    if (existing) throw Conflict('This calendar account is already connected', { code: 'calendar_connected' })
    const calendars = await discoverOrRefuse({ ...input, fetch: outbound.fetch })
    const [row] = await db
      .insert(calendarConnections)
      .values({
        organizationId: user.organizationId,
        userId: user.id,
        serverUrl: input.serverUrl,
        username: input.username,
        passwordEncrypted: encryption.encrypt(input.password),
        calendars,
        // Until the user says otherwise: every calendar blocks slots, bookings go into the first.
        busyCalendarUrls: calendars.map((c) => c.url),
        writeCalendarUrl: calendars[0]?.url ?? null,
      })
      .returning()
    if (!row) throw new Error('calendar connection insert returned nothing')
    await changed(row.id, user.id)
    return presentConnection(row)
  }

  async function update(auth: AuthContext, id: string, input: z.infer<typeof UpdateCalendarConnection>): Promise<CalendarConnection> {
    const row = await load(auth, id)
    const known = new Set(row.calendars.map((c) => c.url))
    if (input.busyCalendarUrls?.some((url) => !known.has(url)))
      throw Invalid('busyCalendarUrls: Choose among the calendars of this connection')
    if (input.writeCalendarUrl && !known.has(input.writeCalendarUrl))
      throw Invalid('writeCalendarUrl: Choose among the calendars of this connection')
    const set: Partial<ConnectionRow> = {}
    if (input.busyCalendarUrls) set.busyCalendarUrls = [...new Set(input.busyCalendarUrls)]
    if (input.writeCalendarUrl !== undefined) set.writeCalendarUrl = input.writeCalendarUrl
    if (Object.keys(set).length === 0) return presentConnection(row)
    const [updated] = await db.update(calendarConnections).set(set).where(ownedBy(auth, id)).returning()
    if (!updated) throw NotFound(CONNECTION_NOT_FOUND)
    await changed(id, auth.user.id)
    return presentConnection(updated)
  }

  async function remove(auth: AuthContext, id: string): Promise<void> {
    const deleted = await db.delete(calendarConnections).where(ownedBy(auth, id)).returning({ id: calendarConnections.id })
    if (deleted.length === 0) throw NotFound(CONNECTION_NOT_FOUND)
    await changed(id, auth.user.id)
  }

  /** Lists the calendars again (one was added or renamed); choices naming a vanished calendar are dropped. */
  async function refresh(auth: AuthContext, id: string): Promise<CalendarConnection> {
    const row = await load(auth, id)
    let calendars: RemoteCalendar[]
    try {
      calendars = await discoverOrRefuse(accountOf(row))
    } catch (error) {
      await db
        .update(calendarConnections)
        .set({ lastError: (error as Error).message })
        .where(ownedBy(auth, id))
      throw error
    }
    const urls = new Set(calendars.map((c) => c.url))
    const [updated] = await db
      .update(calendarConnections)
      .set({
        calendars,
        busyCalendarUrls: row.busyCalendarUrls.filter((url) => urls.has(url)),
        writeCalendarUrl: row.writeCalendarUrl && urls.has(row.writeCalendarUrl) ? row.writeCalendarUrl : null,
        lastError: null,
      })
      .where(ownedBy(auth, id))
      .returning()
    if (!updated) throw NotFound(CONNECTION_NOT_FOUND)
    await changed(id, auth.user.id)
    return presentConnection(updated)
  }

  return { list, connect, update, remove, refresh, accountOf }
}
