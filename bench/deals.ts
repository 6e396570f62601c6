import { sql } from 'drizzle-orm'
import { buildApp } from '../apps/server/src/app.ts'
import { loadConfig } from '../apps/server/src/config.ts'
import { type Database, openDatabase } from '../apps/server/src/db/client.ts'
import { users } from '../apps/server/src/db/schema/index.ts'
import { readBoard } from '../apps/server/src/modules/deals/board.ts'
import { encodeCursor } from '../apps/server/src/modules/deals/list.ts'
import { openThrowawayDatabase } from '../apps/server/src/testing/database.ts'
import { type Result, result } from './report.ts'

// GET /api/deals at 100,000 deals in one organization: one stage, sorted by amount descending, 25 deals a
// page, 5,000 deals deep through a cursor, over HTTP through the whole server (session, validation, the page
// query, owners and contact counts, serialization). Baseline: the bare keyset query for
// the same page on the same data (same filter, same row comparison, same index), straight to the database.
// The count of the stage's deals is made for the first page only (the client keeps it), so the deep page does
// not pay it. A plain route of the full app ({ ok: true }, no query) over the same HTTP client is timed in
// the same loop: the floor every request pays before its own work. Then the board, GET /api/deals/board
// (every stage with its first 200 cards, counts and per-currency totals in one statement), against the bare
// per-stage count and sums of the same deals, which the board read until it kept its totals per stage (the
// floor of that shape, timed in a loop of its own), with the board's own statement timed alone beside them.

const BENCH = 'deals'
const DEALS = 100_000
const DEPTH = 5_000
const PAGE = 25
const SECONDS = 5

type Rows<T> = { rows: T[] }
const rows = async <T>(database: Database, query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as Rows<T>).rows

/** 100,000 deals over six stages and five owners in one statement; amounts repeat, so the sort has ties. */
async function seed(database: Database, organizationId: string, stageIds: string[], ownerIds: string[]) {
  const stages = sql.raw(`array[${stageIds.map((id) => `'${id}'::uuid`).join(', ')}]`)
  const owners = sql.raw(`array[${ownerIds.map((id) => `'${id}'::uuid`).join(', ')}]`)
  await database.db.execute(sql`
    insert into deals (organization_id, name, company, owner_id, stage_id, amount, currency, expected_close_date, position, created_at, updated_at)
    select ${organizationId}::uuid, 'Deal ' || g, 'Company ' || (g % 5000),
      (${owners})[1 + g % ${ownerIds.length}], (${stages})[1 + g % ${stageIds.length}],
      ((g * 7919) % 20000) * 100, 'EUR',
      case when g % 10 = 0 then null else date '2027-01-01' + (g % 365) end,
      g * 1024, now() - g * interval '1 minute', now() - g * interval '30 seconds'
    from generate_series(1, ${DEALS}) g`)
  // As autovacuum would leave a table after a bulk load: statistics, and the visibility map index-only scans need.
  await database.db.execute(sql`vacuum analyze deals`)
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] as number

async function measure(database: Database, target: string): Promise<Result[]> {
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', SEED_DEMO: 'false' })
  const app = await buildApp({ config, database, logger: false })
  app.get('/api/bench/plain', async () => ({ ok: true }))
  try {
    const registered = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: 'deals-bench@example.com', password: 'correct horse battery', name: 'Bench Owner' },
    })
    const cookie = String(registered.headers['set-cookie'] ?? '').match(/closeroom_session=[^;]+/)?.[0]
    if (registered.statusCode !== 201 || !cookie) throw new Error(`register failed: ${registered.statusCode} ${registered.body}`)
    const owner = registered.json().user as { id: string; organizationId: string }
    const stages = (await app.inject({ method: 'GET', url: '/api/pipeline-stages', headers: { cookie } })).json().stages as { id: string }[]
    const sellers = await database.db
      .insert(users)
      .values(
        [1, 2, 3, 4].map((i) => ({ organizationId: owner.organizationId, email: `seller${i}@deals-bench.example`, name: `Seller ${i}` })),
      )
      .returning({ id: users.id })
    const started = performance.now()
    await seed(
      database,
      owner.organizationId,
      stages.map((s) => s.id),
      [owner.id, ...sellers.map((s) => s.id)],
    )
    const seedSeconds = (performance.now() - started) / 1000
    const stageId = stages[1]?.id as string

    // The cursor of the page 5,000 deals into the stage, as the server would have handed it out.
    const [deep] = await rows<{ amount: string; id: string }>(
      database,
      sql`select amount::text as amount, id from deals where organization_id = ${owner.organizationId} and stage_id = ${stageId}
          order by amount desc, id desc offset ${DEPTH - 1} limit 1`,
    )
    if (!deep) throw new Error('not enough deals in the stage')
    const cursor = encodeCursor({ s: 'amount', o: 'desc', v: deep.amount, id: deep.id })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    if (!address || typeof address === 'string') throw new Error('no port')
    const url = `http://127.0.0.1:${address.port}/api/deals?stageId=${stageId}&sort=amount&order=desc&limit=${PAGE}&cursor=${cursor}`

    const bare = sql`select id, name, company, owner_id, stage_id, amount, currency, expected_close_date, created_at, updated_at
      from deals where organization_id = ${owner.organizationId} and stage_id = ${stageId}
        and (amount, id) < (${deep.amount}::bigint, ${deep.id}::uuid)
      order by amount desc, id desc limit ${PAGE + 1}`
    const count = sql`select count(*) from deals where organization_id = ${owner.organizationId} and stage_id = ${stageId}`
    const boardUrl = `http://127.0.0.1:${address.port}/api/deals/board`
    const plainUrl = `http://127.0.0.1:${address.port}/api/bench/plain`
    const totals = sql`select stage_id, currency, count(*), sum(amount) from deals where organization_id = ${owner.organizationId}
      group by stage_id, currency`
    const firstPage = (await (await fetch(url.replace(/&cursor=.*/, ''), { headers: { cookie } })).json()) as { total: number }

    const answer = (await (await fetch(url, { headers: { cookie } })).json()) as { deals: { id: string }[] }
    const expected = await rows<{ id: string }>(database, bare)
    if (
      answer.deals.map((d) => d.id).join() !==
      expected
        .slice(0, PAGE)
        .map((r) => r.id)
        .join()
    )
      throw new Error(`${target}: the endpoint and the bare query disagree on the page`)
    // The board's kept totals must be what counting every deal gives, before either is timed.
    const shown = (await (await fetch(boardUrl, { headers: { cookie } })).json()) as {
      columns: { stage: { id: string }; count: number; totals: { currency: string; amount: number }[] }[]
    }
    const counted = await rows<{ stage_id: string; currency: string; count: string; sum: string }>(database, totals)
    for (const column of shown.columns) {
      const expected = counted.filter((r) => r.stage_id === column.stage.id)
      const sameCount = column.count === expected.reduce((n, r) => n + Number(r.count), 0)
      const sameTotals = column.totals.every((t) => expected.some((r) => r.currency === t.currency && Number(r.sum) === t.amount))
      if (!sameCount || !sameTotals || column.totals.length !== expected.length)
        throw new Error(`${target}: the board's totals and the bare count disagree for stage ${column.stage.id}`)
    }
    const plan = (await rows<{ 'QUERY PLAN': string }>(database, sql`explain ${bare}`)).map((r) => r['QUERY PLAN'].trim())
    console.log(
      `${BENCH} (${target}): ${DEALS} deals seeded in ${seedSeconds.toFixed(1)} s; stage holds ${firstPage.total}; bare plan: ${plan.slice(0, 3).join(' / ')}`,
    )

    // Endpoint and baseline alternate request by request, so both see the same load from the rest of the machine.
    const http: number[] = []
    const sqlOnly: number[] = []
    const counts: number[] = []
    const boards: number[] = []
    const boardBaseline: number[] = []
    const boardStatement: number[] = []
    const plain: number[] = []
    const time = async (into: number[], fn: () => Promise<unknown>) => {
      const t = performance.now()
      await fn()
      into.push(performance.now() - t)
    }
    for (let i = 0; i < 20; i++) {
      await (await fetch(url, { headers: { cookie } })).arrayBuffer()
      await database.db.execute(bare)
      await (await fetch(boardUrl, { headers: { cookie } })).arrayBuffer()
    }
    // Each loop alternates what it compares, so they share the load. The scans over thousands of deals (the
    // filtered count, the board's baseline) run in loops of their own: alternated with the pages, each left the
    // next request a machine still busy with it (PostgreSQL's parallel workers on both cores, caches evicted), and a
    // plain route read 1.04 ms p50 instead of 0.50 (bench/README.md, deals, 2026-11-28 night), which is not the
    // idle machine the targets are read on.
    const loop = async (seconds: number, step: () => Promise<void>) => {
      const until = performance.now() + seconds * 1000
      while (performance.now() < until) await step()
    }
    await loop(SECONDS, async () => {
      await time(http, async () => (await fetch(url, { headers: { cookie } })).arrayBuffer())
      await time(sqlOnly, () => database.db.execute(bare))
      await time(plain, async () => (await fetch(plainUrl, { headers: { cookie } })).arrayBuffer())
    })
    await loop(SECONDS / 2, () => time(counts, () => database.db.execute(count)))
    // The board apart: a read of it costs as much as dozens of pages, and would leave the pages few samples.
    await loop(SECONDS, async () => {
      await time(boards, async () => (await fetch(boardUrl, { headers: { cookie } })).arrayBuffer())
      await time(boardStatement, () => readBoard(database.db, owner.organizationId))
    })
    await loop(SECONDS / 2, () => time(boardBaseline, () => database.db.execute(totals)))
    // Writes: what deals' statement triggers cost an edit that changes none of their columns (a rename, a drag on
    // the board), and a contact linked then unlinked (its count kept on the deal), straight to the database,
    // beside the same statements with the triggers of the two tables switched off (one transaction each, rolled back).
    const [someDeal] = await rows<{ id: string }>(
      database,
      sql`select id from deals where organization_id = ${owner.organizationId} limit 1`,
    )
    const [someClient] = await rows<{ id: string }>(
      database,
      sql`insert into clients (organization_id, name) values (${owner.organizationId}, 'Bench Buyer') returning id`,
    )
    if (!someDeal || !someClient) throw new Error('no deal or client to write')
    const writes = { rename: [] as number[], renameBare: [] as number[], contact: [] as number[], contactBare: [] as number[] }
    type Executor = Pick<Database['db'], 'execute'>
    const rename = (ex: Executor) => ex.execute(sql`update deals set name = name where id = ${someDeal.id}`)
    const link = async (ex: Executor) => {
      await ex.execute(
        sql`insert into deal_contacts (deal_id, client_id, organization_id) values (${someDeal.id}, ${someClient.id}, ${owner.organizationId})`,
      )
      await ex.execute(sql`delete from deal_contacts where deal_id = ${someDeal.id} and client_id = ${someClient.id}`)
    }
    const timedWrite = (into: number[], triggers: boolean, write: (ex: Executor) => Promise<unknown>) =>
      database.db
        .transaction(async (tx) => {
          if (!triggers) {
            await tx.execute(sql`alter table deals disable trigger user`)
            await tx.execute(sql`alter table deal_contacts disable trigger user`)
          }
          await time(into, () => write(tx))
          tx.rollback()
        })
        .catch((error: unknown) => {
          if (!(error instanceof Error && error.message === 'Rollback')) throw error
        })
    for (let i = 0; i < 200; i++) {
      await timedWrite(writes.rename, true, rename)
      await timedWrite(writes.renameBare, false, rename)
      await timedWrite(writes.contact, true, link)
      await timedWrite(writes.contactBare, false, link)
    }
    const ms = (v: number) => `${v.toFixed(2)} ms`
    console.log(
      `${BENCH} (${target}): ${http.length} requests; endpoint p50 ${ms(percentile(http, 0.5))} p99 ${ms(percentile(http, 0.99))}; ` +
        `bare query p50 ${ms(percentile(sqlOnly, 0.5))} p99 ${ms(percentile(sqlOnly, 0.99))}; ` +
        `the filtered count alone p50 ${ms(percentile(counts, 0.5))}; ` +
        `a plain route, same client, p50 ${ms(percentile(plain, 0.5))} p99 ${ms(percentile(plain, 0.99))}; ` +
        `board p50 ${ms(percentile(boards, 0.5))} p99 ${ms(percentile(boards, 0.99))}, ` +
        `its statement alone p50 ${ms(percentile(boardStatement, 0.5))}, bare totals of every deal p50 ${ms(percentile(boardBaseline, 0.5))}`,
    )
    console.log(
      `${BENCH} (${target}): a deal renamed p50 ${ms(percentile(writes.rename, 0.5))} (triggers off ${ms(percentile(writes.renameBare, 0.5))}); ` +
        `a contact linked and unlinked p50 ${ms(percentile(writes.contact, 0.5))} (triggers off ${ms(percentile(writes.contactBare, 0.5))})`,
    )
    const boardMetric = (p: string) => `GET /api/deals/board, 100,000 deals, ${p} (${target})`
    const metric = (p: string) => `GET /api/deals, 100,000 deals, stage + amount desc, ${DEPTH} deep, ${p} (${target})`
    return [
      result({
        bench: BENCH,
        metric: metric('p50'),
        value: percentile(http, 0.5) * 1000,
        unit: 'µs',
        baseline: percentile(sqlOnly, 0.5) * 1000,
      }),
      result({
        bench: BENCH,
        metric: metric('p99'),
        value: percentile(http, 0.99) * 1000,
        unit: 'µs',
        baseline: percentile(sqlOnly, 0.99) * 1000,
      }),
      ...[0.5, 0.99].map((p) =>
        result({
          bench: BENCH,
          metric: boardMetric(`p${p * 100}`),
          value: percentile(boards, p) * 1000,
          unit: 'µs',
          baseline: percentile(boardBaseline, p) * 1000,
        }),
      ),
    ]
  } finally {
    await app.close()
  }
}

export async function dealsBench(): Promise<Result[]> {
  const targets: { name: string; open: () => Promise<Database> }[] = [
    { name: 'pglite', open: () => openDatabase({ dataDir: 'memory://' }) },
  ]
  const postgresUrl = process.env.BENCH_DATABASE_URL
  if (postgresUrl) targets.push({ name: 'postgres', open: () => openThrowawayDatabase(postgresUrl) })
  console.log(`${BENCH}: one request at a time for ${SECONDS} s after 20 warm-up requests, alternating with the bare query`)
  const results: Result[] = []
  for (const target of targets) {
    const database = await target.open()
    try {
      results.push(...(await measure(database, target.name)))
    } finally {
      await database.close()
    }
  }
  return results
}
