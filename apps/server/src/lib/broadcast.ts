import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'

/**
 * Tells every server process that something it may hold in memory has changed. A listener in this process
 * hears a message at once, before publish returns, so a write followed by a read in the same process never
 * sees a stale copy; other processes hear it over Redis pub/sub when REDIS_URL is set (moments later).
 */
export type Broadcast = {
  publish(channel: string, message: string): void
  /** Resolves once other processes' messages on the channel will be heard. */
  subscribe(channel: string, listener: (message: string) => void): Promise<void>
  close(): Promise<void>
}

type Listeners = Map<string, Set<(message: string) => void>>

function deliver(listeners: Listeners, channel: string, message: string) {
  for (const listener of listeners.get(channel) ?? []) listener(message)
}

function listen(listeners: Listeners, channel: string, listener: (message: string) => void) {
  const set = listeners.get(channel) ?? new Set()
  set.add(listener)
  listeners.set(channel, set)
}

/** One process: what is published is heard here and nowhere else. */
export function memoryBroadcast(): Broadcast {
  const listeners: Listeners = new Map()
  return {
    publish: (channel, message) => deliver(listeners, channel, message),
    subscribe: async (channel, listener) => listen(listeners, channel, listener),
    close: async () => listeners.clear(),
  }
}

const PREFIX = 'closeroom:broadcast:'

/**
 * Several processes sharing Redis. A subscribed connection can do nothing else, hence two; each message
 * carries this process's id so that it is not heard twice here.
 */
export async function redisBroadcast(url: string): Promise<Broadcast> {
  const self = randomUUID()
  const listeners: Listeners = new Map()
  const pub = new Redis(url, { lazyConnect: true })
  const sub = new Redis(url, { lazyConnect: true })
  await Promise.all([pub.connect(), sub.connect()])
  sub.on('message', (fullChannel: string, raw: string) => {
    const split = raw.indexOf(' ')
    if (raw.slice(0, split) === self) return
    deliver(listeners, fullChannel.slice(PREFIX.length), raw.slice(split + 1))
  })
  return {
    publish(channel, message) {
      deliver(listeners, channel, message)
      // A lost message would leave other processes' copies stale: ioredis queues it while reconnecting.
      void pub.publish(PREFIX + channel, `${self} ${message}`).catch(() => undefined)
    },
    async subscribe(channel, listener) {
      const first = !listeners.has(channel)
      listen(listeners, channel, listener)
      if (first) await sub.subscribe(PREFIX + channel)
    },
    async close() {
      listeners.clear()
      await Promise.all([pub.quit().catch(() => undefined), sub.quit().catch(() => undefined)])
    },
  }
}

export const createBroadcast = (redisUrl: string | undefined): Promise<Broadcast> =>
  redisUrl ? redisBroadcast(redisUrl) : Promise.resolve(memoryBroadcast())
