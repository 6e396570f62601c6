import { Slots } from '@closeroom/shared'
import { buildApp } from '../apps/server/src/app.ts'
import { loadConfig } from '../apps/server/src/config.ts'
import { type Database, openDatabase } from '../apps/server/src/db/client.ts'
import { rulesOf } from '../apps/server/src/modules/booking/availability.ts'
import { groupByDate, hostSlots, intersect, teamSlots } from '../apps/server/src/modules/booking/slots.ts'
import { openThrowawayDatabase } from '../apps/server/src/testing/database.ts'
import { seed } from './slots-http.ts'

// Where a slots request's time goes, part by part, on the slots-http bench's data:
//   node bench/slots-profile.ts            (PGlite; BENCH_DATABASE_URL=… for PostgreSQL as well)
// Each part is timed alone, one call at a time for 2 s after 20 warm-up calls, median.

const FROM = '2027-02-01'
const TO = '2027-03-03'

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number

async function time(fn: () => unknown): Promise<number> {
  for (let i = 0; i < 20; i++) await fn()
  const samples: number[] = []
  const until = performance.now() + 2000
  while (performance.now() < until) {
    const started = performance.now()
    await fn()
    samples.push(performance.now() - started)
  }
  return median(samples)
}

async function profile(database: Database, target: string, hosts: number) {
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', SEED_DEMO: 'false' })
  const limit = { max: 1e9, windowMs: 60_000 }
  const app = await buildApp({ config, database, logger: false, limits: { perIp: limit, perEmail: limit, publicReads: limit } })
  try {
    const eventType = await seed(database, hosts, 200)
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    if (!address || typeof address === 'string') throw new Error('no port')
    const path = `/api/public/event-types/${eventType.id}/slots?from=${FROM}&to=${TO}&timeZone=America/New_York`
    const now = Date.now()
    const asked = { start: Date.parse(`${FROM}T05:00:00Z`), end: Date.parse(`${TO}T05:00:00Z`) + 86_400_000 }
    const { availability, bookings, pages } = app.booking
    const { window, loaded } = await availability.load(eventType, asked, now)
    const range = intersect(asked, window)
    const rules = rulesOf(eventType, 30)
    const engine = () =>
      hosts === 1 ? hostSlots(loaded[0] as (typeof loaded)[0], rules, range, now) : teamSlots('round_robin', loaded, rules, range, now)
    const starts = engine()
    const grouped = groupByDate(starts, 'America/New_York')
    const query = { from: FROM, to: TO, timeZone: 'America/New_York' }
    const parts: [string, () => unknown][] = [
      ['HTTP request (fetch, loopback)', async () => (await fetch(`http://127.0.0.1:${address.port}${path}`)).arrayBuffer()],
      ['inject (no socket)', () => app.inject({ method: 'GET', url: path })],
      ['pages.slots (service, no HTTP)', async () => pages.slots(await bookings.publicEventType(eventType.id), query)],
      ['availability.load (the read)', () => availability.load(eventType, asked, now)],
      ['engine', engine],
      ['groupByDate', () => groupByDate(starts, 'America/New_York')],
      ['zod Slots.parse of the answer', () => Slots.parse({ slots: grouped })],
      ['JSON.stringify of the answer', () => JSON.stringify({ slots: grouped })],
    ]
    for (const [name, fn] of parts) console.log(`${target}, ${hosts} host(s): ${name}: ${(await time(fn)).toFixed(3)} ms`)
  } finally {
    await app.close()
  }
}

const targets: [string, () => Promise<Database>][] = [['pglite', () => openDatabase({ dataDir: 'memory://' })]]
if (process.env.BENCH_DATABASE_URL) {
  const url = process.env.BENCH_DATABASE_URL
  targets.push(['postgres', () => openThrowawayDatabase(url)])
}
for (const [name, open] of targets) {
  const database = await open()
  try {
    await profile(database, name, 1)
    await profile(database, name, 50)
  } finally {
    await database.close()
  }
}
