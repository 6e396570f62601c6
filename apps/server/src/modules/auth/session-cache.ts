import { LRUCache } from 'lru-cache'
import type { Broadcast } from '../../lib/broadcast.ts'

const TOPIC = 'sessions:user-changed'

export type SessionCacheLimits = { maxSessions: number; ttlMs: number }

/**
 * Hears every change to a user's row or sessions (`forget` below, which every writer of `users` calls: status,
 * role, time zone, sign-out), in this process and, with Redis, from the others: other modules that keep
 * something about users (booking's hosts) drop it here. `missed` as in lib/broadcast.ts.
 */
export function onUserChanged(broadcast: Broadcast, listener: { changed: (userId: string) => void; missed: () => void }) {
  broadcast.on<{ userId: string }>(TOPIC, { message: ({ userId }) => listener.changed(userId), missed: listener.missed })
}

/**
 * The sessions this process has answered for lately, keyed by the cookie's token, each with its user's row,
 * so that a request or a socket handshake costs neither a signature check nor a query. Bounded in count;
 * an entry also lives at most `ttlMs`, which bounds how stale a copy can be if a broadcast were ever lost.
 * A change to a user, or to any of their sessions, drops all their entries on every process (`forget`).
 */
export function createSessionCache<Auth extends { user: { id: string } }>(broadcast: Broadcast, limits: SessionCacheLimits) {
  type CachedSession = { auth: Auth; expiresAt: number }
  /** The tokens cached for each user, so that forgetting a user does not walk the whole cache. */
  const tokensOf = new Map<string, Set<string>>()
  const cache = new LRUCache<string, CachedSession>({
    max: limits.maxSessions,
    ttl: limits.ttlMs,
    dispose: (entry, token) => {
      const tokens = tokensOf.get(entry.auth.user.id)
      tokens?.delete(token)
      if (tokens?.size === 0) tokensOf.delete(entry.auth.user.id)
    },
  })
  /**
   * Counts the forgets this process has heard of. A read of the database that started before a forget may
   * return what the forget was about, so its result is kept only if no forget came in meanwhile.
   */
  let forgets = 0

  function drop(userId: string) {
    forgets++
    for (const token of [...(tokensOf.get(userId) ?? [])]) cache.delete(token)
  }

  broadcast.on<{ userId: string }>(TOPIC, {
    message: ({ userId }) => drop(userId),
    missed: () => {
      forgets++
      cache.clear()
    },
  })

  return {
    get(token: string): Auth | undefined {
      const entry = cache.get(token)
      if (entry && entry.expiresAt <= Date.now()) {
        cache.delete(token)
        return undefined
      }
      return entry?.auth
    },
    /** Marks the start of a database read whose result may be kept with `keep`. */
    readStarted: () => forgets,
    keep(token: string, entry: CachedSession, startedAt: number) {
      if (startedAt !== forgets) return
      cache.set(token, entry)
      const tokens = tokensOf.get(entry.auth.user.id) ?? new Set()
      tokensOf.set(entry.auth.user.id, tokens.add(token))
    },
    /** Every process reads this user and their sessions from the database again on their next use. */
    forget: (userId: string) => broadcast.send(TOPIC, { userId }),
    get size() {
      return cache.size
    },
  }
}
