import { sql } from 'drizzle-orm'
import { buildApp } from '../apps/server/src/app.ts'
import { loadConfig } from '../apps/server/src/config.ts'
import { type Database, openDatabase } from '../apps/server/src/db/client.ts'
import { users } from '../apps/server/src/db/schema/index.ts'
import { openThrowawayDatabase } from '../apps/server/src/testing/database.ts'
import { type Result, result } from './report.ts'

// The dashboards at 100,000 deals, 200,000 bookings and 20,000 invoices in one organization, asked by its owner (everyone's
// figures, the widest scope) for the last 90 days in Europe/Paris: each endpoint over HTTP through the whole
// server (session, validation, scope, its grouped statements for the period and the previous one, the
// conversion, serialization), alternating request by request with a bare aggregate query of the same
// dashboard on the same data: the one grouped statement a hand-written report would run. The home page is
// the owner's own week. 20,000 invoices are seeded too (`extraSeeds`), though no dashboard reads them yet.

const BENCH = 'insights'
const DEALS = 100_000
const BOOKINGS = 200_000
const INVOICES = 20_000
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4)
const ZONE = 'Europe/Paris'

type Rows<T> = { rows: T[] }
const rows = async <T>(database: Database, query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as Rows<T>).rows
const uuids = (ids: string[]) => sql.raw(`array[${ids.map((id) => `'${id}'::uuid`).join(', ')}]`)

/**
 * Seeds that later modules add to the same organization (invoices: 20,000 of them, per issue 18), run after
 * the deals and bookings and before the timing.
 */
const extraSeeds: ((database: Database, organizationId: string, ownerIds: string[]) => Promise<void>)[] = [seedInvoices]

/**
 * 20,000 invoices over a year, in euros and dollars: drafts without a number, the others numbered from the
 * organization's sequence, some paid, some void, one line each.
 */
async function seedInvoices(database: Database, organizationId: string, ownerIds: string[]) {
  await database.db.execute(sql`
    insert into invoices (organization_id, status, sequence, number, buyer_name, buyer_email, currency, issue_date, due_date,
      subtotal, tax, total, created_by_id, created_at, updated_at, sent_at, paid_at, voided_at)
    select ${organizationId}::uuid, x.status, case when x.status = 'draft' then null else g end,
      case when x.status = 'draft' then null else 'INV-' || lpad(g::text, 6, '0') end,
      'Buyer ' || g, 'buyer' || g || '@example.com', case when g % 7 = 0 then 'USD' else 'EUR' end,
      current_date - (g % 365), current_date - (g % 365) + 30, ((g * 7919) % 20000) * 100, ((g * 7919) % 20000) * 20,
      ((g * 7919) % 20000) * 120, (${uuids(ownerIds)})[1 + g % ${ownerIds.length}], now() - (g % 365) * interval '1 day', now(),
      case when x.status = 'draft' then null else now() - (g % 365) * interval '1 day' end,
      case when x.status = 'paid' then now() - (g % 365) * interval '1 day' + interval '10 days' end,
      case when x.status = 'void' then now() - (g % 365) * interval '1 day' + interval '2 days' end
    from generate_series(1, ${INVOICES}) g
    cross join lateral (select case when g % 10 = 0 then 'draft' when g % 25 = 1 then 'void' when g % 3 = 0 then 'sent' else 'paid' end as status) x`)
  await database.db.execute(sql`
    insert into invoice_lines (invoice_id, position, description, quantity, unit_price, discount, tax_rate, net, tax, total)
    select i.id, 0, 'Seats', 1, i.subtotal, 0, 2000, i.subtotal, i.tax, i.total
    from invoices i where i.organization_id = ${organizationId}`)
}

/** Deals over a year: a third open (with expected close dates ahead), the rest won or lost with a close date and a reason. */
async function seedDeals(database: Database, organizationId: string, stageIds: string[], ownerIds: string[], productIds: string[]) {
  // Stages by kind: the four open ones, won, lost (the default pipeline's order).
  const open = uuids(stageIds.slice(0, 4))
  const [won, lost] = [stageIds[4] as string, stageIds[5] as string]
  await database.db.execute(sql`
    insert into deals (organization_id, name, company, owner_id, stage_id, amount, currency, expected_close_date, position,
      created_at, updated_at, closed_at, lost_reason, origin_product_id)
    select ${organizationId}::uuid, 'Deal ' || g, 'Company ' || (g % 5000), (${uuids(ownerIds)})[1 + g % ${ownerIds.length}],
      case g % 3 when 0 then (${open})[1 + (g / 3) % 4] when 1 then ${won}::uuid else ${lost}::uuid end,
      ((g * 7919) % 20000) * 100, case when g % 7 = 0 then 'USD' else 'EUR' end,
      case when g % 3 = 0 then current_date + (g % 120) else null end,
      g * 1024, now() - (g % 365) * interval '1 day' - interval '30 days', now(),
      case when g % 3 = 0 then null else now() - (g % 365) * interval '1 day' + interval '1 hour' end,
      case when g % 3 = 2 then (array['Price', 'Competitor', 'No budget', 'No decision'])[1 + g % 4] else null end,
      case when g % 50 = 0 then (${uuids(productIds)})[1 + g % ${productIds.length}] else null end
    from generate_series(1, ${DEALS}) g`)
  await database.db.execute(sql`
    insert into deal_lines (deal_id, product_id, organization_id, quantity, unit_price)
    select d.id, (${uuids(productIds)})[1 + (abs(hashtext(d.id::text)) % ${productIds.length})], d.organization_id, 1 + abs(hashtext(d.name)) % 20, 10000
    from deals d where d.organization_id = ${organizationId} and d.currency = 'EUR'`)
}

/** Bookings over a year around today, their hosts and their history (made, some moved, some cancelled). */
async function seedBookings(database: Database, organizationId: string, eventTypeId: string, ownerIds: string[]) {
  await database.db.execute(sql`
    insert into bookings (uid, organization_id, event_type_id, status, title, start_at, end_at, attendee_name, attendee_email,
      attendee_time_zone, location_kind, no_show, created_at)
    select 'bench-' || g, ${organizationId}::uuid, ${eventTypeId}::uuid,
      case when g % 10 = 0 then 'cancelled' when g % 50 = 1 then 'declined' else 'accepted' end, 'Call ' || g,
      date_trunc('hour', now()) - (g % 300) * interval '1 day' + (g % 9 + 8) * interval '1 hour',
      date_trunc('hour', now()) - (g % 300) * interval '1 day' + (g % 9 + 8) * interval '1 hour' + interval '30 minutes',
      'Buyer ' || g, 'buyer' || g || '@example.com', 'Europe/Paris', 'meeting', g % 40 = 3,
      date_trunc('hour', now()) - (g % 300) * interval '1 day' - (g % 20) * interval '1 day'
    from generate_series(1, ${BOOKINGS}) g`)
  await database.db.execute(sql`
    insert into booking_participants (booking_id, user_id)
    select b.id, (${uuids(ownerIds)})[1 + abs(hashtext(b.uid)) % ${ownerIds.length}] from bookings b where b.organization_id = ${organizationId}`)
  await database.db.execute(sql`
    insert into booking_events (booking_id, action, by, created_at)
    select b.id, 'created', 'attendee', b.created_at from bookings b where b.organization_id = ${organizationId}
    union all
    select b.id, 'cancelled', 'attendee', b.created_at + interval '1 day' from bookings b
      where b.organization_id = ${organizationId} and b.status = 'cancelled'
    union all
    select b.id, 'rescheduled', 'attendee', b.created_at + interval '2 hours' from bookings b
      where b.organization_id = ${organizationId} and abs(hashtext(b.uid)) % 15 = 0`)
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] as number

/** The organization's users, products, event type, team, rates, and the deals, bookings and invoices, vacuumed. */
async function seed(
  app: Awaited<ReturnType<typeof buildApp>>,
  database: Database,
  headers: { cookie: string },
  owner: { id: string; organizationId: string },
  target: string,
) {
  const org = owner.organizationId
  const stages = (await app.inject({ method: 'GET', url: '/api/pipeline-stages', headers })).json().stages as { id: string }[]
  const sellers = await database.db
    .insert(users)
    .values([1, 2, 3, 4].map((i) => ({ organizationId: org, email: `seller${i}@insights-bench.example`, name: `Seller ${i}` })))
    .returning({ id: users.id })
  const ownerIds = [owner.id, ...sellers.map((s) => s.id)]
  const productIds: string[] = []
  for (const name of ['Team', 'Enterprise', 'Onboarding']) {
    const made = await app.inject({ method: 'POST', url: '/api/products', headers, payload: { name, price: 100_00, currency: 'EUR' } })
    productIds.push(made.json().id)
  }
  const eventType = await app.inject({
    method: 'POST',
    url: '/api/event-types',
    headers,
    payload: { title: 'Intro call', slug: 'intro', durations: [30] },
  })
  await app.inject({ method: 'POST', url: '/api/teams', headers, payload: { name: 'Field', memberIds: ownerIds.slice(0, 3) } })
  await app.inject({
    method: 'PUT',
    url: '/api/insights/currency',
    headers,
    payload: { reportingCurrency: 'EUR', rates: [{ currency: 'USD', rate: '0.92' }] },
  })
  const started = performance.now()
  await seedDeals(
    database,
    org,
    stages.map((s) => s.id),
    ownerIds,
    productIds,
  )
  await seedBookings(database, org, eventType.json().id, ownerIds)
  for (const extra of extraSeeds) await extra(database, org, ownerIds)
  // As autovacuum would leave the tables after a bulk load: statistics, and the visibility maps.
  for (const table of [
    'deals',
    'deal_stage_history',
    'deal_lines',
    'bookings',
    'booking_participants',
    'booking_events',
    'booking_counts',
    'deal_close_counts',
    'deal_made_counts',
    'deal_stay_counts',
    'invoices',
    'invoice_lines',
  ])
    await database.db.execute(sql.raw(`vacuum analyze ${table}`))
  const seedSeconds = (performance.now() - started) / 1000
  const [counted] = await rows<{ deals: string; history: string; bookings: string; events: string; counts: string; invoices: string }>(
    database,
    sql`select (select count(*) from deals) as deals, (select count(*) from deal_stage_history) as history,
      (select count(*) from bookings) as bookings, (select count(*) from booking_events) as events,
      (select count(*) from booking_counts) as counts, (select count(*) from invoices) as invoices`,
  )
  console.log(
    `${BENCH} (${target}): seeded in ${seedSeconds.toFixed(1)} s: ${counted?.deals} deals, ${counted?.history} stage stays, ` +
      `${counted?.bookings} bookings, ${counted?.events} booking events (${counted?.counts} booking_counts rows), ${counted?.invoices} invoices`,
  )
}

async function measure(database: Database, target: string): Promise<Result[]> {
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', SEED_DEMO: 'false' })
  const app = await buildApp({ config, database, logger: false })
  try {
    const credentials = { email: 'insights-bench@example.com', password: 'correct horse battery' }
    // A kept database (BENCH_INSIGHTS_KEEP) is seeded already: its owner signs in and the timing starts at once.
    const signedIn = await app.inject({ method: 'POST', url: '/api/auth/login', payload: credentials })
    const reused = signedIn.statusCode === 200
    const registered = reused
      ? signedIn
      : await app.inject({ method: 'POST', url: '/api/register', payload: { ...credentials, name: 'Bench Owner' } })
    const cookie = String(registered.headers['set-cookie'] ?? '').match(/closeroom_session=[^;]+/)?.[0]
    if (![200, 201].includes(registered.statusCode) || !cookie)
      throw new Error(`register failed: ${registered.statusCode} ${registered.body}`)
    const headers = { cookie }
    const owner = registered.json().user as { id: string; organizationId: string }
    const org = owner.organizationId
    if (!reused) await seed(app, database, headers, owner, target)
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    if (!address || typeof address === 'string') throw new Error('no port')
    const base = `http://127.0.0.1:${address.port}/api/insights`
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
    const period = `from=${day(-89)}&to=${day(0)}&tz=${encodeURIComponent(ZONE)}`
    const from = sql`(${day(-89)}::date::timestamp at time zone ${ZONE})`
    const to = sql`((${day(0)}::date + 1)::timestamp at time zone ${ZONE})`
    // One bare grouped statement per dashboard: what it is mostly made of.
    const dashboards: { name: string; url: string; bare: ReturnType<typeof sql> }[] = [
      {
        name: 'home',
        url: `${base}/home?tz=${encodeURIComponent(ZONE)}`,
        bare: sql`select d.currency, s.probability, count(*), sum(d.amount) from deals d join pipeline_stages s on s.id = d.stage_id
          where d.organization_id = ${org} and d.owner_id = ${owner.id} and s.kind = 'open' group by 1, 2`,
      },
      {
        name: 'pipeline',
        url: `${base}/pipeline?${period}`,
        bare: sql`select s.kind, d.currency, count(*), sum(d.amount), sum(extract(epoch from d.closed_at - d.created_at))
          from deals d join pipeline_stages s on s.id = d.stage_id
          where d.organization_id = ${org} and s.kind in ('won', 'lost') and d.closed_at >= ${from} and d.closed_at < ${to} group by 1, 2`,
      },
      {
        name: 'bookings',
        url: `${base}/bookings?${period}`,
        bare: sql`select b.event_type_id, count(*), count(*) filter (where b.status = 'cancelled') from bookings b
          where b.organization_id = ${org} and b.created_at >= ${from} and b.created_at < ${to} group by 1`,
      },
      {
        name: 'products',
        url: `${base}/products?${period}`,
        bare: sql`select l.product_id, d.currency, sum(l.quantity * l.unit_price), sum(l.quantity), count(distinct d.id)
          from deal_lines l join deals d on d.id = l.deal_id join pipeline_stages s on s.id = d.stage_id
          where d.organization_id = ${org} and s.kind = 'won' and d.closed_at >= ${from} and d.closed_at < ${to} group by 1, 2`,
      },
      {
        name: 'revenue',
        url: `${base}/revenue?${period}`,
        bare: sql`select to_char(d.closed_at at time zone ${ZONE}, 'YYYY-MM'), d.currency, count(*), sum(d.amount)
          from deals d join pipeline_stages s on s.id = d.stage_id
          where d.organization_id = ${org} and s.kind = 'won' and d.closed_at >= ${from} and d.closed_at < ${to} group by 1, 2`,
      },
    ]
    const results: Result[] = []
    for (const dashboard of dashboards) {
      const first = await fetch(dashboard.url, { headers })
      if (first.status !== 200) throw new Error(`${target}: ${dashboard.name} answered ${first.status}: ${await first.text()}`)
      await first.arrayBuffer()
      const http: number[] = []
      const bare: number[] = []
      const time = async (into: number[], fn: () => Promise<unknown>) => {
        const t = performance.now()
        await fn()
        into.push(performance.now() - t)
      }
      for (let i = 0; i < 5; i++) {
        await (await fetch(dashboard.url, { headers })).arrayBuffer()
        await database.db.execute(dashboard.bare)
      }
      const until = performance.now() + SECONDS * 1000
      while (performance.now() < until) {
        await time(http, async () => (await fetch(dashboard.url, { headers })).arrayBuffer())
        await time(bare, () => database.db.execute(dashboard.bare))
      }
      const ms = (v: number) => `${v.toFixed(1)} ms`
      console.log(
        `${BENCH} (${target}) ${dashboard.name}: ${http.length} requests; endpoint p50 ${ms(percentile(http, 0.5))} p99 ${ms(percentile(http, 0.99))}; ` +
          `bare query p50 ${ms(percentile(bare, 0.5))} p99 ${ms(percentile(bare, 0.99))}`,
      )
      for (const p of [0.5, 0.99])
        results.push(
          result({
            bench: BENCH,
            metric: `GET /api/insights/${dashboard.name}, 100,000 deals, 200,000 bookings, 20,000 invoices, p${p * 100} (${target})`,
            value: percentile(http, p) * 1000,
            unit: 'µs',
            baseline: percentile(bare, p) * 1000,
          }),
        )
    }
    return results
  } finally {
    await app.close()
  }
}

export async function insightsBench(): Promise<Result[]> {
  // BENCH_ONLY=postgres skips PGlite, whose seed alone takes minutes on a loaded machine.
  const targets: { name: string; open: () => Promise<Database> }[] =
    process.env.BENCH_ONLY === 'postgres' || process.env.BENCH_INSIGHTS_KEEP
      ? []
      : [{ name: 'pglite', open: () => openDatabase({ dataDir: 'memory://' }) }]
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
  if (postgresUrl && !process.env.BENCH_INSIGHTS_KEEP) targets.push({ name: 'postgres', open: () => openThrowawayDatabase(postgresUrl) })
  console.log(`${BENCH}: one request at a time for ${SECONDS} s per dashboard after 5 warm-up requests, alternating with its bare query`)
  const results: Result[] = []
  for (const target of targets) {
    const database = await target.open()
    try {
      results.push(...(await measure(database, target.name)))
    } finally {
      await database.close()
    }
  }
  // BENCH_INSIGHTS_KEEP=<database url>: seeded once and kept (not dropped), reused by the next run with the same
  // url (the server's migrations run first): to time the dashboards again, or EXPLAIN their statements, without
  // seeding again.
  const kept = process.env.BENCH_INSIGHTS_KEEP
  if (kept) {
    const database = await openDatabase({ url: kept })
    try {
      results.push(...(await measure(database, 'postgres, kept')))
    } finally {
      await database.close()
    }
  }
  return results
}
