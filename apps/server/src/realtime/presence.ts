import type { Redis } from 'ioredis'

/**
 * Who is online: a user is online while at least one of their sockets is open, on any process. Joining and
 * leaving answer whether that socket changed the user's state, so user-online and user-offline go out once
 * per change, whichever process saw it.
 */
export type Presence = {
  /** Counts a socket in; true when it is the user's first (they just came online). */
  join(userId: string, socketId: string): Promise<boolean>
  /** Counts a socket out; true when it was the user's last (they just went offline). */
  leave(userId: string, socketId: string): Promise<boolean>
  /** Which of these users are online now, in the order given, and whether they are at their desk. */
  online(userIds: string[]): Promise<{ userId: string; active: boolean }[]>
  /** The activity tracker's latest word for a user: user-active or user-inactive. */
  setActive(userId: string, active: boolean): Promise<void>
  close(): void
}

/** One process: a set of open sockets per user. */
export function memoryPresence(): Presence {
  const sockets = new Map<string, Set<string>>()
  const inactive = new Set<string>()
  return {
    async join(userId, socketId) {
      const open = sockets.get(userId) ?? new Set<string>()
      sockets.set(userId, open)
      open.add(socketId)
      return open.size === 1
    },
    async leave(userId, socketId) {
      const open = sockets.get(userId)
      if (!open?.delete(socketId)) return false
      if (open.size > 0) return false
      sockets.delete(userId)
      inactive.delete(userId)
      return true
    },
    async online(userIds) {
      return userIds.filter((id) => (sockets.get(id)?.size ?? 0) > 0).map((userId) => ({ userId, active: !inactive.has(userId) }))
    },
    async setActive(userId, active) {
      if (active) inactive.delete(userId)
      else inactive.add(userId)
    },
    close() {},
  }
}

/** A socket's entry lives this long unless its process renews it: a crashed process's users fade out. */
const ENTRY_TTL_MS = 60_000
const RENEW_EVERY_MS = 20_000
const key = (userId: string) => `closeroom:presence:${userId}`
const inactiveKey = (userId: string) => `closeroom:inactive:${userId}`

// Each user's open sockets are a sorted set scored by when the entry expires. The scripts drop expired
// entries and count in one step, so two processes counting the same user at once cannot both see "first".
const JOIN = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[3])
local before = redis.call('ZCARD', KEYS[1])
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return before`
const LEAVE = `
local removed = redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[2])
if removed == 0 then return -1 end
return redis.call('ZCARD', KEYS[1])`

/** Several processes sharing Redis; each renews the entries of its own sockets while it lives. */
export function redisPresence(redis: Redis): Presence {
  const local = new Map<string, string>() // socket id → user id
  const renew = setInterval(() => {
    const expires = Date.now() + ENTRY_TTL_MS
    const batch = redis.pipeline()
    for (const [socketId, userId] of local) batch.zadd(key(userId), 'XX', expires, socketId).pexpire(key(userId), ENTRY_TTL_MS)
    if (local.size > 0) void batch.exec().catch(() => undefined)
  }, RENEW_EVERY_MS)
  renew.unref()

  return {
    async join(userId, socketId) {
      local.set(socketId, userId)
      const now = Date.now()
      const before = await redis.eval(JOIN, 1, key(userId), socketId, now + ENTRY_TTL_MS, now, ENTRY_TTL_MS)
      return Number(before) === 0
    },
    async leave(userId, socketId) {
      local.delete(socketId)
      const after = await redis.eval(LEAVE, 1, key(userId), socketId, Date.now())
      if (Number(after) !== 0) return false
      await redis.del(inactiveKey(userId))
      return true
    },
    async online(userIds) {
      if (userIds.length === 0) return []
      const now = Date.now()
      const batch = redis.pipeline()
      for (const id of userIds) batch.zcount(key(id), now, '+inf').exists(inactiveKey(id))
      const answers = (await batch.exec()) ?? []
      return userIds.flatMap((userId, i) =>
        Number(answers[2 * i]?.[1] ?? 0) > 0 ? [{ userId, active: Number(answers[2 * i + 1]?.[1] ?? 0) === 0 }] : [],
      )
    },
    async setActive(userId, active) {
      // It lasts as long as a presence entry would: a crashed process's users do not stay "away" for ever.
      if (active) await redis.del(inactiveKey(userId))
      else await redis.set(inactiveKey(userId), '1', 'PX', ENTRY_TTL_MS * 10)
    },
    close() {
      clearInterval(renew)
    },
  }
}
