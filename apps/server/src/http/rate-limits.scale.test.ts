import { Redis } from 'ioredis'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../testing/app.ts'
import { uniqueEmail } from '../testing/factories.ts'
import { defaultLimits } from './rate-limits.ts'

// Two server instances sharing one Redis count tries together: spreading a guessing script over the
// servers behind a load balancer buys it nothing.

const redisUrl = process.env.TEST_REDIS_URL
let a: TestApp
let b: TestApp
const clients: Redis[] = []

beforeAll(async () => {
  if (!redisUrl) throw new Error('TEST_REDIS_URL is not set: run this suite through `npm run test:postgres` (see scripts/services.sh)')
  clients.push(new Redis(redisUrl), new Redis(redisUrl))
  a = await buildTestApp({ limits: defaultLimits, redis: clients[0] })
  b = await buildTestApp({ limits: defaultLimits, redis: clients[1] })
})
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()])
  for (const c of clients) c.disconnect()
})

it('refuses the eleventh try for one email even when the tries are spread over two servers', async () => {
  const email = uniqueEmail('spread')
  const statuses: number[] = []
  for (let i = 0; i < defaultLimits.perEmail.max + 1; i++) {
    const server = i % 2 === 0 ? a : b
    const res = await server.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: `10.1.0.${i + 1}`,
      payload: { email, password: 'wrong password' },
    })
    statuses.push(res.statusCode)
  }
  expect(statuses.slice(0, -1)).toEqual(Array(defaultLimits.perEmail.max).fill(401))
  expect(statuses.at(-1)).toBe(429)
})
