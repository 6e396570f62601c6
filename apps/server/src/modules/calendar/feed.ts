import { randomBytes } from 'node:crypto'
import { and, asc, eq, gte, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { bookingParticipants, bookings, calendarFeeds, users } from '../../db/schema/index.ts'
import { NotFound } from '../../http/errors.ts'
import type { AuthContext } from '../auth/module.ts'
import { feedCalendar } from './ics.ts'

const FEED_NOT_FOUND = 'Calendar feed not found'
/** How far back a feed reaches: recent meetings stay visible, old ones stop weighing on every poll. */
const FEED_HISTORY_MS = 30 * 86_400_000

const newToken = () => randomBytes(32).toString('base64url')
const addressOf = (appUrl: string, token: string) => `${appUrl.replace(/\/+$/, '')}/api/calendar/feed/${token}.ics`

/** Per user, a secret ICS address any calendar app can subscribe to: the token is the credential. */
export function createFeeds({ db, appUrl: defaultAppUrl }: { db: Db; appUrl: string }) {
  /** The user's feed address, made on first use. */
  async function feedUrl(userId: string, appUrl = defaultAppUrl): Promise<string> {
    await db.insert(calendarFeeds).values({ userId, token: newToken() }).onConflictDoNothing()
    const [row] = await db.select({ token: calendarFeeds.token }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId))
    if (!row) throw new Error('calendar feed insert returned nothing')
    return addressOf(appUrl, row.token)
  }

  /** A new address for the caller's feed; the old one stops working at once. */
  async function rotateFeed({ user }: AuthContext, appUrl = defaultAppUrl): Promise<string> {
    const token = newToken()
    await db.insert(calendarFeeds).values({ userId: user.id, token }).onConflictDoUpdate({ target: calendarFeeds.userId, set: { token } })
    return addressOf(appUrl, token)
  }

  /** The ICS text of a feed: the owner's pending and accepted bookings from 30 days ago on. */
  async function feed(token: string, appUrl = defaultAppUrl): Promise<string> {
    const bare = token.replace(/\.ics$/, '')
    // Anything not shaped like a token is unknown without asking the database (a NUL byte would upset it).
    if (!/^[A-Za-z0-9_-]{43}$/.test(bare)) throw NotFound(FEED_NOT_FOUND)
    const [owner] = await db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(calendarFeeds)
      .innerJoin(users, eq(users.id, calendarFeeds.userId))
      .where(and(eq(calendarFeeds.token, bare), eq(users.status, 'active')))
    if (!owner) throw NotFound(FEED_NOT_FOUND)
    const rows = await db
      .select({ booking: bookings })
      .from(bookingParticipants)
      .innerJoin(bookings, eq(bookings.id, bookingParticipants.bookingId))
      .where(
        and(
          eq(bookingParticipants.userId, owner.id),
          inArray(bookings.status, ['pending', 'accepted']),
          gte(bookings.endAt, new Date(Date.now() - FEED_HISTORY_MS)),
        ),
      )
      .orderBy(asc(bookings.startAt))
    const events = rows.map(({ booking }) => ({ booking, organizerName: owner.name, organizerEmail: owner.email, appUrl }))
    return feedCalendar(events, `Closeroom · ${owner.name}`)
  }

  return { feedUrl, rotateFeed, feed }
}
