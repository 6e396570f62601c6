import { Redis } from 'ioredis'
import { afterAll, expect, it } from 'vitest'
import { createBroadcast } from './broadcast.ts'

// Two processes' broadcasts on one Redis. "Signed out everywhere" is only true if the other process has
// dropped the session by the time the sender answers its request, not merely once Redis has queued the news.

const url = process.env.TEST_REDIS_URL
if (!url) throw new Error('TEST_REDIS_URL must be set: run `npm run test:postgres` after `source scripts/services.sh && start_services`')
const connections: Redis[] = []
const closers: Array<() => Promise<void>> = []

async function processBroadcast() {
  const redis = new Redis(url as string)
  connections.push(redis)
  const broadcast = await createBroadcast(redis)
  closers.push(broadcast.close)
  const heard: unknown[] = []
  broadcast.on<{ userId: string }>('sessions', { message: (message) => heard.push(message), missed: () => undefined })
  return { broadcast, heard }
}

afterAll(async () => {
  for (const close of closers) await close()
  for (const redis of connections) redis.disconnect()
})

it('resolves a send only after every other process has acted on it', async () => {
  const a = await processBroadcast()
  const b = await processBroadcast()
  const c = await processBroadcast()
  for (let round = 0; round < 50; round++) {
    await a.broadcast.send('sessions', { userId: `user-${round}` })
    // Checked synchronously after the send: nothing else may run in between.
    expect(b.heard.at(-1)).toEqual({ userId: `user-${round}` })
    expect(c.heard.at(-1)).toEqual({ userId: `user-${round}` })
  }
  expect(a.heard).toHaveLength(50)
})
