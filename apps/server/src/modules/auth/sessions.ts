import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm'
import { jwtVerify, SignJWT } from 'jose'
import type { Db } from '../../db/client.ts'
import { sessions, users } from '../../db/schema/index.ts'
import type { Broadcast } from '../../lib/broadcast.ts'
import type { UserRow } from './present-user.ts'
import { createSessionCache, type SessionCacheLimits } from './session-cache.ts'

export const SESSION_COOKIE = 'closeroom_session'
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000
/** lastSeenAt is a hint for the sessions list, not an audit log: write it at most this often. */
const TOUCH_INTERVAL_MS = 10 * 60 * 1000
/**
 * About 1 KB each: 10,000 signed-in devices in 10 MB. A session is read from the database again at least
 * every touch interval, which is when its lastSeenAt may need writing.
 */
const DEFAULT_CACHE: SessionCacheLimits = { maxSessions: 10_000, ttlMs: TOUCH_INTERVAL_MS }

/** What an API key lets its bearer do: `read` narrows the member's permissions to GET and HEAD. */
export type ApiKeyGrant = { id: string; scope: 'read' | 'write' }
/**
 * Who is calling. With an API key, `apiKey` is set and `sessionId` is the key's id, which names no session:
 * routes that act on the session itself are declared session-only and never see a key (http/auth.ts).
 */
export type AuthContext = { user: UserRow; sessionId: string; apiKey?: ApiKeyGrant }

/**
 * Sessions are a signed JWT naming a server-side session row. The signature lets a request be turned away
 * without a query; the row is what makes logout and "sign out everywhere" real. Sessions in use are answered
 * from memory (session-cache.ts): whatever ends a session or changes its user says so through `revoke`,
 * `revokeAll` or `userChanged`, which drop this process's copies and hand the news to the others (over
 * Redis) before the change's request is answered.
 */
export function createSessions(db: Db, secret: string, broadcast: Broadcast, cacheLimits = DEFAULT_CACHE) {
  const key = new TextEncoder().encode(secret)
  const cache = createSessionCache<AuthContext>(broadcast, cacheLimits)

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

  /**
   * Lookups of tokens not cached yet, by token: a page's first requests and its socket handshake (or a person's
   * many tabs after a restart) arrive together with the same cookie, and share one signature check and one read.
   * A lookup is shared only while no forget has come in since it started, as a cached answer would be.
   */
  const lookups = new Map<string, { startedAt: number; auth: Promise<AuthContext | null> }>()

  /**
   * The signed-in user behind a cookie value, or null for anything expired, revoked, forged or deactivated.
   * A token found in the cache was verified when it was put there: the same string cannot change its claims,
   * and checking an HMAC again would cost more than the rest of the request.
   */
  async function resolve(token: string | undefined): Promise<AuthContext | null> {
    if (!token) return null
    const cached = cache.get(token)
    if (cached) return cached
    const readStarted = cache.readStarted()
    const running = lookups.get(token)
    if (running?.startedAt === readStarted) return running.auth
    const auth = lookUp(token, readStarted)
    lookups.set(token, { startedAt: readStarted, auth })
    try {
      return await auth
    } finally {
      if (lookups.get(token)?.auth === auth) lookups.delete(token)
    }
  }

  async function lookUp(token: string, readStarted: number): Promise<AuthContext | null> {
    let sid: unknown
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] })
      sid = payload.sid
    } catch {
      return null
    }
    if (typeof sid !== 'string') return null
    const [row] = await db
      .select({ user: users, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, sid), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`), eq(users.status, 'active')))
    if (!row) return null
    if (Date.now() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, sid))
    }
    const auth = { user: row.user, sessionId: sid }
    cache.keep(token, { auth, expiresAt: row.expiresAt.getTime() }, readStarted)
    return auth
  }

  /** Ends one session; with `userId`, only if it is theirs. Says whether a live session was ended. */
  async function revoke(sessionId: string, userId?: string): Promise<boolean> {
    const [ended] = await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), userId ? eq(sessions.userId, userId) : undefined))
      .returning({ userId: sessions.userId })
    if (ended) await cache.forget(ended.userId)
    return ended !== undefined
  }

  /**
   * Signs a user out of every device, or of every device but one (after a password change). The user's row is
   * read again too, so callers that changed it (password, status) need not say so separately.
   */
  async function revokeAll(userId: string, except?: string) {
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), except ? ne(sessions.id, except) : undefined))
    await cache.forget(userId)
  }

  /**
   * After any write to a users row: what `/api/auth/me` shows and every permission check reads comes from
   * the cached row, so each process must read it again.
   */
  async function userChanged(userId: string) {
    await cache.forget(userId)
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

  return {
    start,
    resolve,
    revoke,
    revokeAll,
    userChanged,
    list,
    prune,
    /** How many sessions this process keeps in memory now. */
    cachedCount: () => cache.size,
  }
}

export type Sessions = ReturnType<typeof createSessions>
