import { randomUUID } from 'node:crypto'
import type { Redis } from 'ioredis'

const REDIS_CHANNEL = 'closeroom:broadcast'
const ACK_CHANNEL = 'closeroom:broadcast:ack'
/** How long a sender waits for the other processes; one that has not answered by then is gone or stalled. */
const ACK_TIMEOUT_MS = 2000

type Envelope = { id: string; from: string; topic: string; message: unknown }
type Ack = { id: string; to: string }
type Listener = {
  message: (message: never) => void
  /** Messages may have been lost (the Redis subscription dropped and came back): forget whatever they keep. */
  missed: () => void
}

/**
 * Tells every server process about a change that makes what they keep in memory wrong (a session ended, a
 * user's role changed). The sending process hears it at once, before `send` returns; with Redis, `send`
 * resolves once every other subscribed process has acted on it and said so. Pub/sub alone only promises
 * that Redis has queued the message: the other process could still answer the next request from what it
 * kept, and "signed out" would not mean signed out everywhere.
 */
export async function createBroadcast(redis?: Redis) {
  const self = randomUUID()
  const listeners = new Map<string, Listener[]>()
  const waiting = new Map<string, { acks: number; expected: number; done: () => void }>()

  function deliver(topic: string, message: unknown) {
    for (const listener of listeners.get(topic) ?? []) listener.message(message as never)
  }

  function acknowledged(id: string) {
    const wait = waiting.get(id)
    if (!wait) return
    wait.acks += 1
    if (wait.acks >= wait.expected) wait.done()
  }

  let subscriber: Redis | undefined
  if (redis) {
    subscriber = redis.duplicate()
    subscriber.on('message', (channel: string, text: string) => {
      if (channel === ACK_CHANNEL) {
        const ack = JSON.parse(text) as Ack
        if (ack.to === self) acknowledged(ack.id)
        return
      }
      const envelope = JSON.parse(text) as Envelope
      if (envelope.from === self) return
      deliver(envelope.topic, envelope.message)
      void redis.publish(ACK_CHANNEL, JSON.stringify({ id: envelope.id, to: envelope.from } satisfies Ack)).catch(() => undefined)
    })
    let connectedBefore = false
    subscriber.on('ready', () => {
      // ioredis subscribes again by itself after a reconnection; what was sent meanwhile never arrives.
      if (connectedBefore) for (const list of listeners.values()) for (const listener of list) listener.missed()
      connectedBefore = true
    })
    await subscriber.subscribe(REDIS_CHANNEL, ACK_CHANNEL)
  }

  async function publish(topic: string, message: unknown) {
    if (!redis) return
    const id = randomUUID()
    let timer: NodeJS.Timeout | undefined
    const allAcked = new Promise<void>((resolve) => {
      // `expected` is known only once Redis says how many subscribers it reached; acks may come first.
      waiting.set(id, { acks: 0, expected: Number.POSITIVE_INFINITY, done: resolve })
      timer = setTimeout(resolve, ACK_TIMEOUT_MS)
    })
    try {
      const reached = await redis.publish(REDIS_CHANNEL, JSON.stringify({ id, from: self, topic, message } satisfies Envelope))
      const wait = waiting.get(id)
      if (wait) {
        // Our own subscriber is among those reached and never acknowledges.
        wait.expected = reached - 1
        if (wait.acks >= wait.expected) wait.done()
      }
      await allAcked
    } finally {
      clearTimeout(timer)
      waiting.delete(id)
    }
  }

  return {
    /** Listens to one topic; every process that keeps something registers before it serves. */
    on<T>(topic: string, listener: { message: (message: T) => void; missed: () => void }) {
      listeners.set(topic, [...(listeners.get(topic) ?? []), listener as Listener])
    },
    async send<T>(topic: string, message: T) {
      deliver(topic, message)
      await publish(topic, message)
    },
    async close() {
      await subscriber?.quit().catch(() => undefined)
    },
  }
}

export type Broadcast = Awaited<ReturnType<typeof createBroadcast>>
