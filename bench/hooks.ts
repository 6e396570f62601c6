import fastifyCookie from '@fastify/cookie'
import Fastify, { type FastifyInstance } from 'fastify'
import { registerAuth } from '../apps/server/src/http/auth.ts'
import { registerSecurityHeaders } from '../apps/server/src/http/security-headers.ts'
import { createBroadcast } from '../apps/server/src/lib/broadcast.ts'
import { createApiKeys } from '../apps/server/src/modules/auth/api-keys.ts'
import { createSessions } from '../apps/server/src/modules/auth/sessions.ts'
import { type Result, result } from './report.ts'
import { startBenchApp } from './server.ts'

// What each hook every API request passes through costs, in CPU time per request: a bare Fastify route
// answering { ok: true } with one of the app's hooks in front of it, next to the same route with none, and
// the full app's plain route and GET /api/auth/me. Requests go through inject (no sockets), so the numbers
// are the server's own work; CPU time, not wall time, so that what else the machine runs moves them less.
// Variants alternate round by round and each reports its median round.

const BENCH = 'hooks'
const WARM_UP = 2_000
const ROUNDS = 7
const PER_ROUND = 3_000

type Variant = { name: string; app: FastifyInstance; url: string; cookie: string }

async function bareWith(name: string, setup: (app: FastifyInstance) => Promise<void> | void): Promise<Variant> {
  const app = Fastify({ logger: false })
  await setup(app)
  app.get('/api/plain', async () => ({ ok: true }))
  await app.ready()
  return { name, app, url: '/api/plain', cookie: '' }
}

async function cpuMicrosPerRequest({ app, url, cookie }: Variant, requests: number) {
  const start = process.cpuUsage()
  for (let i = 0; i < requests; i++) {
    const res = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
  }
  const used = process.cpuUsage(start)
  return (used.user + used.system) / requests
}

export async function hooksBench(): Promise<Result[]> {
  const full = await startBenchApp()
  try {
    full.app.get('/api/bench/plain', async () => ({ ok: true }))
    const registered = await full.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: 'hooks@example.com', password: 'correct horse battery', name: 'Bench Owner' },
    })
    const cookie = String(registered.headers['set-cookie'] ?? '').match(/closeroom_session=[^;]+/)?.[0] ?? ''
    const broadcast = await createBroadcast()
    const sessions = createSessions(full.database.db, 'bench', broadcast)
    const apiKeys = createApiKeys(full.database.db, broadcast)
    const variants: Variant[] = [
      await bareWith('bare Fastify', () => {}),
      await bareWith('security headers (computed once)', (app) => registerSecurityHeaders(app)),
      await bareWith('@fastify/cookie', async (app) => {
        await app.register(fastifyCookie)
      }),
      await bareWith('session lookup, no cookie', async (app) => {
        await app.register(fastifyCookie)
        // No Authorization header here: the key limiter is never reached.
        registerAuth(app, { sessions, apiKeys, keyLimit: async () => undefined })
      }),
      { name: 'the full app, plain route', app: full.app, url: '/api/bench/plain', cookie: '' },
      { name: 'the full app, GET /api/auth/me', app: full.app, url: '/api/auth/me', cookie },
    ]
    const rounds = new Map(variants.map((v) => [v, [] as number[]]))
    for (const variant of variants) await cpuMicrosPerRequest(variant, WARM_UP)
    for (let round = 0; round < ROUNDS; round++) {
      for (const variant of variants) rounds.get(variant)?.push(await cpuMicrosPerRequest(variant, PER_ROUND))
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0
    const baseline = median(rounds.get(variants[0] as Variant) ?? [])
    console.log(`${BENCH}: CPU µs per request through inject, median of ${ROUNDS} rounds of ${PER_ROUND}`)
    return variants
      .slice(1)
      .map((variant) =>
        result({ bench: BENCH, metric: variant.name, value: Number(median(rounds.get(variant) ?? []).toFixed(1)), unit: 'µs', baseline }),
      )
  } finally {
    await full.close()
  }
}
