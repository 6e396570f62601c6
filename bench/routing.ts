import { randomBytes } from 'node:crypto'
import {
  type AttributeMatch,
  CreateRoutingOutcome,
  type RoutingAnswer,
  type RoutingField,
  type RoutingGroup,
  type RoutingRule,
} from '@closeroom/shared'
import { eq } from 'drizzle-orm'
import { buildApp } from '../apps/server/src/app.ts'
import { loadConfig } from '../apps/server/src/config.ts'
import { type Database, openDatabase } from '../apps/server/src/db/client.ts'
import {
  eventTypeHosts,
  eventTypes,
  organizations,
  routingForms,
  routingOutcomes,
  routingResponses,
  teamMembers,
  teams,
  users,
} from '../apps/server/src/db/schema/index.ts'
import { createEvaluator } from '../apps/server/src/modules/routing/module.ts'
import { openThrowawayDatabase } from '../apps/server/src/testing/database.ts'
import { type Result, result } from './report.ts'

// POST /api/public/routings/:id/responses for a form of 50 outcomes of 10 conditions each, booking with a round
// robin team of 50 members routed by their attributes, through the whole server: rate limit, validation, the
// form and its outcomes, the answers checked, the rules, the buyer looked up for ownership first, the hosts
// matched by attributes and ranked by the round robin, the response stored, the no-booking job queued and the
// booking address. Baseline: the same rules evaluated in memory (the evaluator compiled once, as a hot path
// keeps it) on the same answers. Each buyer's email is new, so no submission is a repeat.

const BENCH = 'routing'
const OUTCOMES = 50
const CONDITIONS = 10
const MEMBERS = 50
const SECONDS = 5
const ANSWER_SETS = 200

const REGIONS = ['Europe', 'Americas', 'Asia', 'Africa', 'Oceania']
const SEGMENTS = ['SMB', 'Mid-market', 'Enterprise', 'Public', 'Startup']
const LANGUAGES = ['English', 'French', 'German', 'Spanish', 'Japanese']
const NEEDS = ['Meetings', 'Deals', 'Signatures', 'Routing', 'Recordings', 'Rooms']
const SOURCES = ['Web', 'Event', 'Partner', 'Referral', 'Ads']

const FIELDS: RoutingField[] = [
  { identifier: 'name', label: 'Your name', type: 'short_text', required: true, options: [] },
  { identifier: 'email', label: 'Work email', type: 'email', required: true, options: [] },
  { identifier: 'company', label: 'Company', type: 'short_text', required: false, options: [] },
  { identifier: 'size', label: 'Team size', type: 'number', required: false, options: [] },
  { identifier: 'budget', label: 'Budget', type: 'number', required: false, options: [] },
  { identifier: 'region', label: 'Region', type: 'select', required: true, options: REGIONS },
  { identifier: 'segment', label: 'Segment', type: 'select', required: false, options: SEGMENTS },
  { identifier: 'language', label: 'Language', type: 'select', required: false, options: LANGUAGES },
  { identifier: 'needs', label: 'Needs', type: 'multi_select', required: false, options: NEEDS },
  { identifier: 'source', label: 'How did you hear of us', type: 'select', required: false, options: SOURCES },
  { identifier: 'notes', label: 'Anything else', type: 'long_text', required: false, options: [] },
]

function seeded(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
}

const rule = (field: string, operator: RoutingRule['operator'], value?: RoutingRule['value']): RoutingRule =>
  value === undefined ? { field, operator } : { field, operator, value }

/** What an outcome asks for: its ten conditions are made from it, and so are the answers of a buyer meant for it. */
type Profile = {
  region: string
  segments: string[]
  size: [number, number]
  budget: number
  need: string
  notLanguage: string
  sources: string[]
}

function profiles(random: () => number): Profile[] {
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)] as T
  const some = <T>(list: T[], n: number) => [...list].sort(() => random() - 0.5).slice(0, n)
  return Array.from({ length: OUTCOMES }, () => {
    const low = Math.floor(random() * 500)
    return {
      region: pick(REGIONS),
      segments: some(SEGMENTS, 2),
      size: [low, low + 50 + Math.floor(random() * 500)],
      budget: Math.floor(random() * 50) * 1000,
      need: pick(NEEDS),
      notLanguage: pick(LANGUAGES),
      sources: some(SOURCES, 3),
    }
  })
}

/** Ten conditions, all of which must hold: every operator the engine knows, and a nested group. */
function conditionsOf(p: Profile): RoutingGroup {
  const rules: RoutingGroup['rules'] = [
    rule('region', 'equals', p.region),
    rule('segment', 'any_of', p.segments),
    rule('size', 'between', p.size),
    rule('budget', 'greater_than', p.budget),
    rule('needs', 'contains', p.need),
    rule('language', 'not_equals', p.notLanguage),
    rule('company', 'is_not_empty'),
    rule('source', 'any_of', p.sources),
    rule('email', 'contains', '.example'),
    { combinator: 'or', rules: [rule('notes', 'is_empty'), rule('notes', 'contains', 'demo'), rule('size', 'less_than', 10_000)] },
  ]
  if (rules.length !== CONDITIONS) throw new Error('an outcome must have ten conditions')
  return { combinator: 'and', rules }
}

/** Answers meeting the profile's conditions (an earlier outcome may match them first), or anyone's when `p` is null. */
function answersFor(p: Profile | null, random: () => number, n: number): Record<string, RoutingAnswer> {
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)] as T
  const answers: Record<string, RoutingAnswer> = {
    name: `Buyer ${n}`,
    email: `buyer-${n}-${randomBytes(4).toString('hex')}@routing-bench.example`,
    company: `Company ${n % 97}`,
  }
  if (!p) return { ...answers, region: pick(REGIONS), size: Math.floor(random() * 1000), needs: [pick(NEEDS)] }
  return {
    ...answers,
    size: Math.round((p.size[0] + p.size[1]) / 2),
    budget: p.budget + 1000,
    region: p.region,
    segment: p.segments[0] as string,
    language: pick(LANGUAGES.filter((l) => l !== p.notLanguage)),
    needs: [...new Set([p.need, pick(NEEDS)])],
    source: p.sources[0] as string,
    notes: random() < 0.5 ? 'Would like a demo' : '',
  }
}

/** An organization with a round-robin team of 50 members with attributes, and the form of 50 outcomes booking with them. */
async function seed(database: Database) {
  const db = database.db
  const random = seeded(42)
  const tag = randomBytes(4).toString('hex')
  const [org] = await db
    .insert(organizations)
    .values({ name: `Routing bench ${tag}` })
    .returning({ id: organizations.id })
  if (!org) throw new Error('no organization')
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)] as T
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: MEMBERS }, (_, i) => ({
        organizationId: org.id,
        email: `member${i}-${tag}@routing-bench.example`,
        name: `Member ${i}`,
        status: 'active' as const,
        attributes: {
          region: [pick(REGIONS)],
          language: [...new Set([pick(LANGUAGES), pick(LANGUAGES)])],
          segment: [pick(SEGMENTS)],
        },
      })),
    )
    .returning({ id: users.id })
  const owner = people[0]
  if (!owner) throw new Error('no member')
  const [team] = await db.insert(teams).values({ organizationId: org.id, name: 'Sales' }).returning({ id: teams.id })
  if (!team) throw new Error('no team')
  await db.insert(teamMembers).values(people.map((p) => ({ teamId: team.id, userId: p.id, organizationId: org.id })))
  const [eventType] = await db
    .insert(eventTypes)
    .values({
      organizationId: org.id,
      ownerId: owner.id,
      teamId: team.id,
      kind: 'round_robin',
      slug: 'sales-call',
      title: 'Sales call',
      durations: [30],
      location: { kind: 'meeting' },
      bookingWindow: { kind: 'rolling', days: 60 },
    })
    .returning({ id: eventTypes.id })
  if (!eventType) throw new Error('no event type')
  await db
    .insert(eventTypeHosts)
    .values(people.map((p, i) => ({ eventTypeId: eventType.id, userId: p.id, organizationId: org.id, weight: 1 + (i % 3) })))

  const [form] = await db
    .insert(routingForms)
    .values({ organizationId: org.id, ownerId: owner.id, name: 'Talk to sales', slug: `routing-bench-${tag}`, fields: FIELDS })
    .returning()
  if (!form) throw new Error('no form')
  const match: AttributeMatch[] = [
    { attribute: 'region', field: 'region' },
    { attribute: 'language', field: 'language' },
  ]
  const fallback: AttributeMatch[] = [{ attribute: 'segment', field: 'segment' }]
  const asked = profiles(random)
  const outcomes = asked.map((p, i) =>
    // Validated as the API would, so the bench cannot drift from what a seller can save.
    CreateRoutingOutcome.parse({
      name: `Outcome ${i + 1}`,
      conditions: conditionsOf(p),
      action: { type: 'members', eventTypeId: eventType.id, match, fallback },
    }),
  )
  await db.insert(routingOutcomes).values([
    ...outcomes.map((o, position) => ({
      formId: form.id,
      organizationId: org.id,
      name: o.name,
      conditions: o.conditions,
      action: o.action,
      position,
    })),
    {
      formId: form.id,
      organizationId: org.id,
      name: 'Everyone else',
      conditions: { combinator: 'and' as const, rules: [] },
      action: { type: 'event-type' as const, eventTypeId: eventType.id, ownerFirst: true },
      fallback: true,
      position: OUTCOMES,
    },
  ])
  // Four buyers in five are written for an outcome (drawn at random), the fifth is anyone.
  const answerSets = Array.from({ length: ANSWER_SETS }, (_, n) => answersFor(random() < 0.8 ? pick(asked) : null, random, n))
  return { form, answerSets }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number

async function measure(database: Database, target: string): Promise<Result> {
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', SEED_DEMO: 'false' })
  const unlimited = { max: 1e9, windowMs: 60_000 }
  const limits = { perIp: unlimited, perEmail: unlimited, publicReads: unlimited, publicWrites: unlimited }
  const app = await buildApp({ config, database, logger: false, limits })
  try {
    const { form, answerSets } = await seed(database)
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    if (!address || typeof address === 'string') throw new Error('no port')
    const url = `http://127.0.0.1:${address.port}/api/public/routings/${form.slug}/responses`
    let sent = 0
    /** One buyer's answers, each buyer new (a fresh email), so that none is taken for a repeat. */
    const next = () => {
      const answers = answerSets[sent % ANSWER_SETS] as Record<string, RoutingAnswer>
      sent++
      return { ...answers, email: `${sent}-${answers.email}` }
    }
    const post = async (answers: Record<string, RoutingAnswer>) => {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ answers }) })
      if (res.status !== 200) throw new Error(`${target}: POST answered ${res.status} ${await res.text()}`)
      return (await res.json()) as { responseId: string }
    }

    // The rules in memory: the outcomes as the server reads them, compiled once.
    const outcomes = await app.routingModule.forms.outcomesOf(form.id)
    const evaluate = createEvaluator(form.fields, outcomes)

    // Before timing: the endpoint must choose the outcome the rules in memory choose, for every answer set.
    const chosen = new Map<number, number>()
    for (const answers of answerSets) {
      const { responseId } = await post(answers)
      const [stored] = await database.db
        .select({ outcomeId: routingResponses.outcomeId })
        .from(routingResponses)
        .where(eq(routingResponses.id, responseId))
      const expected = evaluate(answers)?.outcome
      if (!expected || stored?.outcomeId !== expected.id) throw new Error(`${target}: the endpoint and the rules in memory disagree`)
      const position = outcomes.indexOf(expected)
      chosen.set(position, (chosen.get(position) ?? 0) + 1)
    }
    const positions = [...chosen].flatMap(([position, n]) => Array<number>(n).fill(position))
    const fellBack = chosen.get(OUTCOMES) ?? 0

    for (let i = 0; i < 20; i++) await post(next())
    const http: number[] = []
    // CPU time as well: the machine's other work moves it far less than the wall clock (on PGlite it counts the
    // database's work too, which runs in this process; on PostgreSQL only the server's and the client's).
    const cpuBefore = process.cpuUsage()
    const until = performance.now() + SECONDS * 1000
    while (performance.now() < until) {
      const answers = next()
      const started = performance.now()
      await post(answers)
      http.push(performance.now() - started)
    }
    const cpu = process.cpuUsage(cpuBefore)
    const cpuMs = (cpu.user + cpu.system) / 1000 / http.length
    // The rules alone, in batches of one pass over every answer set: one evaluation is a few microseconds.
    const batch = (fn: (answers: Record<string, RoutingAnswer>) => unknown) => {
      const samples: number[] = []
      for (let round = 0; round < 50; round++) {
        const started = performance.now()
        for (const answers of answerSets) fn(answers)
        samples.push((performance.now() - started) / ANSWER_SETS)
      }
      return median(samples.slice(10))
    }
    const memoryMs = batch(evaluate)
    // What a submission paid when it built the evaluator again each time.
    const rebuiltMs = batch((answers) => createEvaluator(form.fields, outcomes)(answers))

    const metric = `POST …/responses, ${OUTCOMES} outcomes × ${CONDITIONS} conditions, ${MEMBERS} members with attributes (${target})`
    console.log(
      `${BENCH} (${target}): ${http.length} responses; endpoint median ${median(http).toFixed(2)} ms, CPU ${cpuMs.toFixed(2)} ms a response; ` +
        `rules in memory ${(memoryMs * 1000).toFixed(1)} µs, compiled again each time ${(rebuiltMs * 1000).toFixed(1)} µs; ` +
        `the check's ${ANSWER_SETS} buyers matched outcome ${Math.min(...positions) + 1} to ${Math.max(...positions.filter((p) => p < OUTCOMES)) + 1} ` +
        `(median ${median(positions) + 1}), ${fellBack} fell back`,
    )
    return result({ bench: BENCH, metric, value: median(http) * 1000, unit: 'µs/response', baseline: memoryMs * 1000 })
  } finally {
    await app.close()
  }
}

export async function routingBench(): Promise<Result[]> {
  const targets: { name: string; open: () => Promise<Database> }[] = [
    { name: 'pglite', open: () => openDatabase({ dataDir: 'memory://' }) },
  ]
  const postgresUrl = process.env.BENCH_DATABASE_URL
  if (postgresUrl) targets.push({ name: 'postgres', open: () => openThrowawayDatabase(postgresUrl) })
  console.log(`${BENCH}: one response at a time for ${SECONDS} s after 20 warm-up responses, median; the rules in memory the same answers`)
  const results: Result[] = []
  for (const target of targets) {
    const database = await target.open()
    try {
      results.push(await measure(database, target.name))
    } finally {
      await database.close()
    }
  }
  return results
}
