import Fastify, { type FastifyInstance } from 'fastify'
import { type App, buildApp } from '../apps/server/src/app.ts'
import { loadConfig } from '../apps/server/src/config.ts'
import { type Database, openDatabase } from '../apps/server/src/db/client.ts'
import { openThrowawayDatabase } from '../apps/server/src/testing/database.ts'
import { LOAD, type Result, requestsPerSecond, result } from './report.ts'

// GET /api/auth/me with a session: what every page of the web app asks first, through the whole stack
// (security headers, cookie, CSRF hook, session lookup, zod serialization). And a plain route answering
// { ok: true } added to the full app, which pays only what every API request pays before its handler.
// Baseline: a bare Fastify route answering { ok: true } on the same machine, under the same load, in the
// same run.

const BENCH = 'auth-me'

async function listen(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('the server has no port')
  return `http://127.0.0.1:${address.port}`
}

async function bareFastify(): Promise<number> {
  const app = Fastify({ logger: false })
  app.get('/', async () => ({ ok: true }))
  try {
    return await requestsPerSecond(await listen(app))
  } finally {
    await app.close()
  }
}

/** The whole server on a database, quiet, closed (with the database) after `run`. */
async function withApp<T>(database: Database, run: (app: App) => Promise<T>): Promise<T> {
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', SEED_DEMO: 'false' })
  const app = await buildApp({ config, database, logger: false }).catch(async (error) => {
    await database.close()
    throw error
  })
  try {
    return await run(app)
  } finally {
    await app.close()
    await database.close()
  }
}

/** The full app's hooks around a route that does nothing (and makes no query). */
async function plainRoute(): Promise<number> {
  return withApp(await openDatabase({ dataDir: 'memory://' }), async (app) => {
    app.get('/api/bench/plain', async () => ({ ok: true }))
    return requestsPerSecond(`${await listen(app)}/api/bench/plain`)
  })
}

async function authMe(database: Database): Promise<number> {
  return withApp(database, async (app) => {
    const registered = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: 'bench@example.com', password: 'correct horse battery', name: 'Bench Owner' },
    })
    const cookie = String(registered.headers['set-cookie'] ?? '').match(/closeroom_session=[^;]+/)?.[0]
    if (registered.statusCode !== 201 || !cookie) throw new Error(`register failed: ${registered.statusCode} ${registered.body}`)
    return requestsPerSecond(`${await listen(app)}/api/auth/me`, { cookie })
  })
}

export async function authMeBench(): Promise<Result[]> {
  const targets: { name: string; open: () => Promise<Database> }[] = [
    { name: 'pglite', open: () => openDatabase({ dataDir: 'memory://' }) },
  ]
  const postgresUrl = process.env.BENCH_DATABASE_URL
  if (postgresUrl) targets.push({ name: 'postgres', open: () => openThrowawayDatabase(postgresUrl) })

  console.log(
    `${BENCH}: ${LOAD.connections} connections, ${LOAD.seconds} s after ${LOAD.warmUpSeconds} s warm-up; targets: ${targets.map((t) => t.name).join(', ')}`,
  )
  const baseline = await bareFastify()
  const results: Result[] = [
    result({ bench: BENCH, metric: 'a plain route through the full app', value: await plainRoute(), unit: 'req/s', baseline }),
  ]
  for (const target of targets) {
    const value = await authMe(await target.open())
    results.push(result({ bench: BENCH, metric: `GET /api/auth/me (${target.name})`, value, unit: 'req/s', baseline }))
  }
  return results
}
