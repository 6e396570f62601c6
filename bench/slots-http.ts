import { randomBytes } from 'node:crypto'
import { buildApp } from '../apps/server/src/app.ts'
import { loadConfig } from '../apps/server/src/config.ts'
import { type Database, openDatabase } from '../apps/server/src/db/client.ts'
import {
  bookingHosts,
  bookingParticipants,
  bookings,
  eventTypeHosts,
  eventTypes,
  organizations,
  schedules,
  teamMembers,
  teams,
  users,
} from '../apps/server/src/db/schema/index.ts'
import { rulesOf } from '../apps/server/src/modules/booking/availability.ts'
import { hostSlots, intersect, teamSlots } from '../apps/server/src/modules/booking/slots.ts'
import { openThrowawayDatabase } from '../apps/server/src/testing/database.ts'
import { type Result, result } from './report.ts'

// GET /api/public/event-types/:id/slots over 31 days, through the whole server (rate limit, validation, the
// hosts, schedules and bookings, kept in memory after the first read, the engine, serialization), against the
// engine alone on the same data already in memory; and the same request right after a write, read again. The ratio is endpoint time / engine time: what the I/O around the engine costs.

const BENCH = 'slots-http'
const MINUTE = 60_000
const SECONDS = 3
const FROM = '2027-02-01'
const TO = '2027-03-03'
const HOURS = [1, 2, 3, 4, 5].flatMap((day) => [
  { day, start: '09:00', end: '12:00' },
  { day, start: '13:00', end: '18:00' },
])

function seeded(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
}

/** An organization with `hosts` people on weekday hours, each with ~`perHost` bookings in the month, and an event type for them. */
export async function seed(database: Database, hosts: number, perHost: number) {
  const db = database.db
  const tag = randomBytes(4).toString('hex')
  const [org] = await db
    .insert(organizations)
    .values({ name: `Bench ${tag}` })
    .returning({ id: organizations.id })
  if (!org) throw new Error('no organization')
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: hosts }, (_, i) => ({
        organizationId: org.id,
        email: `host${i}-${tag}@bench.example`,
        name: `Host ${i}`,
        status: 'active' as const,
      })),
    )
    .returning({ id: users.id })
  await db.insert(schedules).values(
    people.map((p) => ({
      organizationId: org.id,
      userId: p.id,
      name: 'Hours',
      timeZone: 'Europe/Paris',
      weeklyHours: HOURS,
      isDefault: true,
    })),
  )
  const owner = people[0]
  if (!owner) throw new Error('no host')
  const [team] = await db.insert(teams).values({ organizationId: org.id, name: 'Bench team' }).returning({ id: teams.id })
  if (!team) throw new Error('no team')
  await db.insert(teamMembers).values(people.map((p) => ({ teamId: team.id, userId: p.id, organizationId: org.id })))
  const kind = hosts === 1 ? ('personal' as const) : ('round_robin' as const)
  const [eventType] = await db
    .insert(eventTypes)
    .values({
      organizationId: org.id,
      ownerId: owner.id,
      teamId: kind === 'personal' ? null : team.id,
      kind,
      slug: 'bench',
      title: 'Bench',
      durations: [30],
      location: { kind: 'meeting' },
      bufferBefore: 10,
      bufferAfter: 10,
      minimumNotice: 120,
      bookingWindow: { kind: 'range', start: '2027-01-01', end: '2027-12-31' },
    })
    .returning()
  if (!eventType) throw new Error('no event type')
  await db.insert(eventTypeHosts).values(people.map((p) => ({ eventTypeId: eventType.id, userId: p.id, organizationId: org.id })))

  const random = seeded(hosts)
  for (const person of people) {
    const rows = []
    // Quarter hours from 08:00 Paris time; draws whose buffered times overlap are dropped, as the database would refuse them.
    const taken: { start: number; end: number }[] = []
    for (let i = 0; i < perHost; i++) {
      const day = Math.floor(random() * 31)
      const start = Date.parse(`${FROM}T07:00:00Z`) + day * 86_400_000 + Math.floor(random() * 40) * 15 * MINUTE
      const end = start + (random() < 0.5 ? 30 : 60) * MINUTE
      if (taken.some((t) => t.start < end + 20 * MINUTE && start - 20 * MINUTE < t.end)) continue
      taken.push({ start, end })
      rows.push({ start, end })
    }
    const inserted = await db
      .insert(bookings)
      .values(
        rows.map((r) => ({
          uid: randomBytes(16).toString('base64url'),
          organizationId: org.id,
          eventTypeId: eventType.id,
          status: 'accepted' as const,
          title: 'Bench',
          startAt: new Date(r.start),
          endAt: new Date(r.end),
          attendeeName: 'Buyer',
          attendeeEmail: 'buyer@bench.example',
          attendeeTimeZone: 'UTC',
          locationKind: 'meeting' as const,
        })),
      )
      .returning({ id: bookings.id, startAt: bookings.startAt, endAt: bookings.endAt })
    await db.insert(bookingParticipants).values(inserted.map((b) => ({ bookingId: b.id, userId: person.id })))
    await db.insert(bookingHosts).values(
      inserted.map((b) => ({
        bookingId: b.id,
        userId: person.id,
        blockedFrom: new Date(b.startAt.getTime() - 10 * MINUTE),
        blockedUntil: new Date(b.endAt.getTime() + 10 * MINUTE),
      })),
    )
  }
  return eventType
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number

/** The process's CPU time per call in the last timeAsync (ms): what a loaded machine moves far less than wall time. */
let cpuPerCall = 0

async function timeAsync(fn: () => Promise<unknown>, seconds: number): Promise<number> {
  for (let i = 0; i < 20; i++) await fn()
  const samples: number[] = []
  const cpu = process.cpuUsage()
  const until = performance.now() + seconds * 1000
  while (performance.now() < until) {
    const started = performance.now()
    await fn()
    samples.push(performance.now() - started)
  }
  const used = process.cpuUsage(cpu)
  cpuPerCall = (used.user + used.system) / 1000 / samples.length
  return median(samples)
}

async function measure(database: Database, target: string, hosts: number, perHost: number): Promise<Result> {
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', SEED_DEMO: 'false' })
  const limits = {
    perIp: { max: 1e9, windowMs: 60_000 },
    perEmail: { max: 1e9, windowMs: 60_000 },
    publicReads: { max: 1e9, windowMs: 60_000 },
  }
  const app = await buildApp({ config, database, logger: false, limits })
  try {
    const eventType = await seed(database, hosts, perHost)
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    if (!address || typeof address === 'string') throw new Error('no port')
    const url = `http://127.0.0.1:${address.port}/api/public/event-types/${eventType.id}/slots?from=${FROM}&to=${TO}&timeZone=America/New_York`

    // The engine alone: the same availability, loaded once, computed again and again.
    const { availability } = app.booking
    const now = Date.now()
    const asked = { start: Date.parse(`${FROM}T05:00:00Z`), end: Date.parse(`${TO}T05:00:00Z`) + 86_400_000 }
    const { window, loaded } = await availability.load(eventType, asked, now)
    const range = intersect(asked, window)
    const rules = rulesOf(eventType, 30)
    const engine = () =>
      hosts === 1 ? hostSlots(loaded[0] as (typeof loaded)[0], rules, range, now) : teamSlots('round_robin', loaded, rules, range, now)

    const answer = (await (await fetch(url)).json()) as { slots: Record<string, string[]> }
    const offered = Object.values(answer.slots).flat().length
    if (offered !== engine().length) throw new Error(`${target}: the endpoint offers ${offered} starts, the engine ${engine().length}`)
    const engineMs = await timeAsync(async () => engine(), SECONDS)
    const httpMs = await timeAsync(async () => (await fetch(url)).arrayBuffer(), SECONDS)
    const metric = `${hosts === 1 ? 'one host, 200 bookings' : `round robin, ${hosts} hosts, ~${perHost} bookings each`}, 31 days (${target})`
    console.log(
      `${BENCH}: ${metric}: ${offered} starts; endpoint ${httpMs.toFixed(2)} ms (median), ${cpuPerCall.toFixed(2)} ms of CPU a request (mean, the client's included), engine ${engineMs.toFixed(3)} ms (median)`,
    )
    // The request right after a booking: its host's kept blocked time dropped first, so it is read again; and
    // after every host's was dropped (a Redis reconnection, a process just started). Not what most requests pay.
    const userIds = loaded.map((h) => h.userId)
    for (const [what, dropped] of [
      ['one host', userIds.slice(0, 1)],
      ['every host', userIds],
    ] as const) {
      if (what === 'every host' && userIds.length === 1) continue
      const missMs = await timeAsync(async () => {
        await app.booking.cache.blockedChanged([...dropped])
        return (await fetch(url)).arrayBuffer()
      }, SECONDS)
      console.log(
        `${BENCH}: ${metric}: right after a write (${what}'s copy dropped): endpoint ${missMs.toFixed(2)} ms (median), ${cpuPerCall.toFixed(2)} ms of CPU`,
      )
    }
    return result({ bench: BENCH, metric, value: httpMs * 1000, unit: 'µs/request', baseline: engineMs * 1000 })
  } finally {
    await app.close()
  }
}

export async function slotsHttpBench(): Promise<Result[]> {
  const targets: { name: string; open: () => Promise<Database> }[] = [
    { name: 'pglite', open: () => openDatabase({ dataDir: 'memory://' }) },
  ]
  const postgresUrl = process.env.BENCH_DATABASE_URL
  if (postgresUrl) targets.push({ name: 'postgres', open: () => openThrowawayDatabase(postgresUrl) })
  console.log(`${BENCH}: one request at a time for ${SECONDS} s after 20 warm-up requests, median; the engine alone the same way`)
  const results: Result[] = []
  for (const target of targets) {
    const database = await target.open()
    try {
      results.push(await measure(database, target.name, 1, 200))
      results.push(await measure(database, target.name, 50, 200))
    } finally {
      await database.close()
    }
  }
  return results
}
