import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm'
import { jwtVerify, SignJWT } from 'jose'
import type { Db } from '../../db/client.ts'
import { sessions, users } from '../../db/schema/index.ts'
import type { UserRow } from './present-user.ts'

export const SESSION_COOKIE = 'closeroom_session'
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000
/** lastSeenAt is a hint for the sessions list, not an audit log: write it at most this often. */
const TOUCH_INTERVAL_MS = 10 * 60 * 1000

export type AuthContext = { user: UserRow; sessionId: string }

/**
 * Sessions are a signed JWT naming a server-side session row. The signature lets a request be turned away
 * without a query; the row is what makes logout and "sign out everywhere" real.
 */
export function createSessions(db: Db, secret: string) {
  const key = new TextEncoder().encode(secret)

  async function start(userId: string, userAgent: string | undefined) {
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS)
    const [row] = await db
      .insert(sessions)
      .values({ userId, userAgent: userAgent?.slice(0, 300) ?? null, expiresAt })
      .returning({ id: sessions.id })
    if (!row) throw new Error('session insert returned nothing')
    const token = await new SignJWT({ sid: row.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(key)
    return { token, expiresAt }
  }

  /** The signed-in user behind a cookie value, or null for anything expired, revoked, forged or deactivated. */
  async function resolve(token: string | undefined): Promise<AuthContext | null> {
    if (!token) return null
    let sid: unknown
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] })
      sid = payload.sid
    } catch {
      return null
    }
    if (typeof sid !== 'string') return null
    const [row] = await db
      .select({ user: users, lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, sid), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`), eq(users.status, 'active')))
    if (!row) return null
    if (Date.now() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, sid))
    }
    return { user: row.user, sessionId: sid }
  }

  /** Ends one session; with `userId`, only if it is theirs. Says whether a live session was ended. */
  async function revoke(sessionId: string, userId?: string): Promise<boolean> {
    const ended = await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), userId ? eq(sessions.userId, userId) : undefined))
      .returning({ id: sessions.id })
    return ended.length > 0
  }

  /** Signs a user out of every device, or of every device but one (after a password change). */
  async function revokeAll(userId: string, except?: string) {
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), except ? ne(sessions.id, except) : undefined))
  }

  async function list(userId: string, currentId: string) {
    const rows = await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
      .orderBy(sessions.createdAt)
    return rows.map((s) => ({
      id: s.id,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      userAgent: s.userAgent,
      current: s.id === currentId,
    }))
  }

  /** Expired and revoked rows serve no one; called at start-up. */
  async function prune() {
    await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`))
  }

  return { start, resolve, revoke, revokeAll, list, prune }
}

export type Sessions = ReturnType<typeof createSessions>
