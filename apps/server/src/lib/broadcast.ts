import { randomUUID } from 'node:crypto'
import type { Redis } from 'ioredis'

const REDIS_CHANNEL = 'closeroom:broadcast'

type Envelope = { from: string; topic: string; message: unknown }
type Listener = {
  message: (message: never) => void
  /** Messages may have been lost (the Redis subscription dropped and came back): forget whatever they keep. */
  missed: () => void
}

/**
 * Tells every server process about a change that makes what they keep in memory wrong (a session ended, a
 * user's role changed). The sending process hears it at once, before `send` returns; with Redis the other
 * processes hear it over pub/sub, and `send` resolves once Redis has taken it for them.
 */
export async function createBroadcast(redis?: Redis) {
  const self = randomUUID()
  const listeners = new Map<string, Listener[]>()

  function deliver(topic: string, message: unknown) {
    for (const listener of listeners.get(topic) ?? []) listener.message(message as never)
  }

  let subscriber: Redis | undefined
  if (redis) {
    subscriber = redis.duplicate()
    subscriber.on('message', (_channel: string, text: string) => {
      const envelope = JSON.parse(text) as Envelope
      if (envelope.from !== self) deliver(envelope.topic, envelope.message)
    })
    let connectedBefore = false
    subscriber.on('ready', () => {
      // ioredis subscribes again by itself after a reconnection; what was sent meanwhile never arrives.
      if (connectedBefore) for (const list of listeners.values()) for (const listener of list) listener.missed()
      connectedBefore = true
    })
    await subscriber.subscribe(REDIS_CHANNEL)
  }

  return {
    /** Listens to one topic; every process that keeps something registers before it serves. */
    on<T>(topic: string, listener: { message: (message: T) => void; missed: () => void }) {
      listeners.set(topic, [...(listeners.get(topic) ?? []), listener as Listener])
    },
    async send<T>(topic: string, message: T) {
      deliver(topic, message)
      if (redis) await redis.publish(REDIS_CHANNEL, JSON.stringify({ from: self, topic, message } satisfies Envelope))
    },
    async close() {
      await subscriber?.quit().catch(() => undefined)
    },
  }
}

export type Broadcast = Awaited<ReturnType<typeof createBroadcast>>
