import { createHash, randomBytes } from 'node:crypto'
import type { ApiKey, CreateApiKey } from '@closeroom/shared'
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { apiKeys, users } from '../../db/schema/index.ts'
import { NotFound } from '../../http/errors.ts'
import type { Broadcast } from '../../lib/broadcast.ts'
import { createSessionCache, type SessionCacheLimits } from './session-cache.ts'
import type { AuthContext } from './sessions.ts'

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs) and told from a session. */
export const API_KEY_PREFIX = 'cr_live_'
/** How many characters of a key the list shows: the prefix and 8 random ones, too few to guess the rest from. */
const SHOWN_LENGTH = API_KEY_PREFIX.length + 8
/** lastUsedAt is a hint for the list: written at most this often per key and process, not on every request. */
const LAST_USED_INTERVAL_MS = 60_000
const DAY_MS = 24 * 60 * 60 * 1000
/**
 * Keys in use are answered from memory like sessions, in a cache of the same kind listening to the same
 * broadcast: deactivating a member (sessions.revokeAll or userChanged) or revoking a key drops that member's
 * cached keys on every process before the request that did it is answered.
 */
const DEFAULT_CACHE: SessionCacheLimits = { maxSessions: 10_000, ttlMs: 10 * 60_000 }

/** SHA-256 is enough for 32 random bytes (see db/schema/api-keys.ts for why not bcrypt). */
const hashKey = (secret: string) => createHash('sha256').update(secret).digest('hex')

type Row = typeof apiKeys.$inferSelect

function present(row: Row): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }
}

export function createApiKeys(db: Db, broadcast: Broadcast, cacheLimits = DEFAULT_CACHE) {
  const cache = createSessionCache<AuthContext>(broadcast, cacheLimits)
  /** When this process last wrote each key's lastUsedAt. */
  const lastWritten = new Map<string, number>()

  async function create(auth: AuthContext, input: CreateApiKey) {
    const secret = API_KEY_PREFIX + randomBytes(32).toString('base64url')
    const [row] = await db
      .insert(apiKeys)
      .values({
        userId: auth.user.id,
        organizationId: auth.user.organizationId,
        name: input.name,
        prefix: secret.slice(0, SHOWN_LENGTH),
        keyHash: hashKey(secret),
        scope: input.scope,
        expiresAt: input.expiresInDays === null ? null : new Date(Date.now() + input.expiresInDays * DAY_MS),
      })
      .returning()
    if (!row) throw new Error('api key insert returned nothing')
    return { key: present(row), secret }
  }

  /** The member's keys still working, newest first. */
  async function list(auth: AuthContext) {
    const rows = await db
      .select()
      .from(apiKeys)
      .where(
        and(eq(apiKeys.userId, auth.user.id), isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`))),
      )
      .orderBy(desc(apiKeys.createdAt))
    return rows.map(present)
  }

  /** Revokes one of the member's keys; every process stops accepting it before this returns. */
  async function revoke(auth: AuthContext, id: string) {
    const [ended] = await db
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, auth.user.id), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id })
    if (!ended) throw NotFound('API key not found')
    lastWritten.delete(id)
    await cache.forget(auth.user.id)
  }

  /** The member behind a key, or null for anything unknown, expired, revoked, or a member no longer active. */
  async function resolve(secret: string): Promise<AuthContext | null> {
    if (!secret.startsWith(API_KEY_PREFIX)) return null
    let auth = cache.get(secret)
    if (!auth) {
      const readStarted = cache.readStarted()
      const [row] = await db
        .select({ user: users, id: apiKeys.id, scope: apiKeys.scope, expiresAt: apiKeys.expiresAt, lastUsedAt: apiKeys.lastUsedAt })
        .from(apiKeys)
        .innerJoin(users, and(eq(users.id, apiKeys.userId), eq(users.organizationId, apiKeys.organizationId)))
        .where(
          and(
            eq(apiKeys.keyHash, hashKey(secret)),
            isNull(apiKeys.revokedAt),
            or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`)),
            eq(users.status, 'active'),
          ),
        )
      if (!row) return null
      if (row.lastUsedAt && !lastWritten.has(row.id)) lastWritten.set(row.id, row.lastUsedAt.getTime())
      auth = { user: row.user, sessionId: row.id, apiKey: { id: row.id, scope: row.scope } }
      cache.keep(secret, { auth, expiresAt: row.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY }, readStarted)
    }
    await touch(auth.sessionId)
    return auth
  }

  async function touch(id: string) {
    const now = Date.now()
    if (now - (lastWritten.get(id) ?? 0) < LAST_USED_INTERVAL_MS) return
    lastWritten.set(id, now)
    await db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(apiKeys.id, id))
  }

  return { create, list, revoke, resolve }
}

export type ApiKeys = ReturnType<typeof createApiKeys>
