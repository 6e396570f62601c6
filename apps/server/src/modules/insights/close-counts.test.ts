import type { PipelineStage } from '@closeroom/shared'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildDeal, buildProduct, stagesOf } from '../../testing/deals.ts'
import { buildMember, buildOwner, type Client, request } from '../../testing/factories.ts'

// deal_close_counts (migration 0029) is what /analytics and /banking read won and lost from, and
// deal_line_close_counts (0029) what /ecommerce reads the products of won deals from: after every kind of write of
// deals and their lines each must hold exactly what a count over the deals gives, per organization, quarter hour
// of the close, stage, owner, currency and lost reason (a reason given empty apart from none given) or product.

let app: TestApp
let olivia: Client
let sam: Client
let other: Client
let stage: Record<string, PipelineStage>

type Row = { organization_id: string; bucket: string; stage_id: string; owner_id: string; currency: string; lost_reason: string | null }
type Counted = Row & { n: string; amount: string; cycle: string }

const list = async (query: ReturnType<typeof sql>) =>
  ((await app.database.db.execute(query)) as unknown as { rows: Counted[] }).rows.map((r) => ({
    key: [r.organization_id, new Date(r.bucket).toISOString(), r.stage_id, r.owner_id, r.currency, r.lost_reason],
    n: Number(r.n),
    amount: Number(r.amount),
    cycle: Number(r.cycle),
  }))

/** The table's non-empty rows and a recount over the deals, both in key order. */
async function both() {
  const order = sql`order by 1, 2, 3, 4, 5, 6 nulls first`
  const kept = await list(sql`select organization_id, bucket, stage_id, owner_id, currency, lost_reason, n, amount, cycle
    from deal_close_counts where n <> 0 ${order}`)
  const counted = await list(sql`select organization_id, to_timestamp(floor(extract(epoch from closed_at) / 900) * 900) as bucket,
      stage_id, owner_id, currency, lost_reason, count(*) as n, sum(amount) as amount, sum(extract(epoch from closed_at - created_at)) as cycle
    from deals where closed_at is not null group by 1, 2, 3, 4, 5, 6 ${order}`)
  return { kept, counted }
}

async function expectExact() {
  const { kept, counted } = await both()
  expect(kept).toEqual(counted)
  return kept
}

/** deal_line_close_counts' non-empty rows, checked against a recount over the deals and their lines. */
async function expectLinesExact() {
  type Line = { organization_id: string; bucket: string; stage_id: string; owner_id: string; currency: string; product_id: string }
  const read = async (query: ReturnType<typeof sql>) =>
    ((await app.database.db.execute(query)) as unknown as { rows: (Line & { n: string; units: string; revenue: string })[] }).rows.map(
      (r) => ({
        key: [r.organization_id, new Date(r.bucket).toISOString(), r.stage_id, r.owner_id, r.currency, r.product_id],
        n: Number(r.n),
        units: Number(r.units),
        revenue: Number(r.revenue),
      }),
    )
  const kept = await read(sql`select organization_id, bucket, stage_id, owner_id, currency, product_id, n, units, revenue
    from deal_line_close_counts where n <> 0 order by 1, 2, 3, 4, 5, 6`)
  const counted = await read(sql`select d.organization_id, to_timestamp(floor(extract(epoch from d.closed_at) / 900) * 900) as bucket,
      d.stage_id, d.owner_id, d.currency, l.product_id, count(*) as n, sum(l.quantity) as units, sum(l.quantity * l.unit_price) as revenue
    from deals d join deal_lines l on l.deal_id = d.id where d.closed_at is not null group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`)
  expect(kept).toEqual(counted)
  return kept
}

const move = async (client: Client, id: string, body: object) => {
  const res = await request(app, client, 'POST', `/api/deals/${id}/move`, body)
  expect(res.statusCode, res.body).toBe(200)
}
const patch = async (client: Client, id: string, body: object) => {
  const res = await request(app, client, 'PATCH', `/api/deals/${id}`, body)
  expect(res.statusCode, res.body).toBe(200)
}

beforeAll(async () => {
  app = await buildTestApp()
  olivia = await buildOwner(app, { name: 'Olivia Owner' })
  sam = await buildMember(app, olivia, { name: 'Sam Seller' })
  other = await buildOwner(app, { name: 'Otto Other' })
  stage = Object.fromEntries((await stagesOf(app, olivia)).map((s) => [s.name, s]))
}, 120_000)

afterAll(async () => {
  await app?.close()
})

describe('deal_close_counts', () => {
  it('follows deals won, lost, edited, reopened, moved between owners and deleted, and stays apart per organization', async () => {
    const a = await buildDeal(app, olivia, { amount: 1000_00, currency: 'EUR' })
    const b = await buildDeal(app, olivia, { amount: 250_00, currency: 'USD', ownerId: sam.user.id })
    const c = await buildDeal(app, olivia, { amount: 70_00, currency: 'EUR' })
    const theirs = await buildDeal(app, other, { amount: 5_00, currency: 'EUR' })
    expect(await expectExact()).toEqual([])

    await move(olivia, a.id, { stageId: stage.Won?.id })
    await move(olivia, b.id, { stageId: stage.Lost?.id, lostReason: 'Price' })
    await move(olivia, c.id, { stageId: stage.Lost?.id, lostReason: 'No budget' })
    const theirStages = await stagesOf(app, other)
    await move(other, theirs.id, { stageId: theirStages.find((s) => s.kind === 'won')?.id })
    const closed = await expectExact()
    expect(closed.map((r) => [r.n, r.amount, r.key[5]])).toEqual(
      expect.arrayContaining([
        [1, 1000_00, null],
        [1, 250_00, 'Price'],
        [1, 70_00, 'No budget'],
        [1, 5_00, null],
      ]),
    )

    // A won deal's amount, currency and owner change; a lost one's reason; one is reopened.
    await patch(olivia, a.id, { amount: 1200_00 })
    await patch(olivia, a.id, { currency: 'USD', ownerId: sam.user.id })
    await patch(olivia, b.id, { lostReason: 'Competitor' })
    await move(olivia, c.id, { stageId: stage.Lead?.id })
    const edited = await expectExact()
    expect(edited.filter((r) => r.key[0] === olivia.user.organizationId).map((r) => [r.n, r.amount, r.key[3], r.key[4], r.key[5]])).toEqual(
      expect.arrayContaining([
        [1, 1200_00, sam.user.id, 'USD', null],
        [1, 250_00, sam.user.id, 'USD', 'Competitor'],
      ]),
    )
    expect(edited).toHaveLength(3)

    // Many rows in one statement, closed in the same quarter hour: one row of the table counts them all.
    await app.database.db.execute(sql`update deals set closed_at = '2026-03-31T14:31:00Z', created_at = '2026-03-01T00:00:00Z'
      where organization_id = ${olivia.user.organizationId} and closed_at is not null`)
    await app.database.db.execute(sql`insert into deals (organization_id, name, owner_id, stage_id, amount, currency, position, created_at,
        closed_at, lost_reason)
      select ${olivia.user.organizationId}, 'Bulk ' || g, ${sam.user.id}, ${stage.Lost?.id}, g * 100, 'USD', g, '2026-03-01T00:00:00Z',
        '2026-03-31T14:40:00Z', 'Competitor'
      from generate_series(1, 5) g`)
    // A reason given empty and none given are two reasons.
    await app.database.db.execute(sql`insert into deals (organization_id, name, owner_id, stage_id, amount, currency, position, created_at,
        closed_at, lost_reason)
      values (${olivia.user.organizationId}, 'Bulk empty', ${sam.user.id}, ${stage.Lost?.id}, 1, 'USD', 9, '2026-03-01T00:00:00Z',
        '2026-03-31T14:40:00Z', ''), (${olivia.user.organizationId}, 'Bulk none', ${sam.user.id}, ${stage.Lost?.id}, 2, 'USD', 9,
        '2026-03-01T00:00:00Z', '2026-03-31T14:40:00Z', null)`)
    const bulk = await expectExact()
    const competitor = bulk.find((r) => r.key[5] === 'Competitor')
    expect(competitor).toMatchObject({
      n: 6,
      amount: 250_00 + 1500,
      cycle: 6 * 30 * 86_400 + 5 * (14 * 3600 + 40 * 60) + 14 * 3600 + 31 * 60,
    })
    expect(competitor?.key[1]).toBe('2026-03-31T14:30:00.000Z')
    const lostRows = bulk.filter((r) => r.key[2] === stage.Lost?.id)
    expect(lostRows.map((r) => [r.key[5], r.n, r.amount])).toEqual(
      expect.arrayContaining([
        ['', 1, 1],
        [null, 1, 2],
      ]),
    )

    // Deleting deals takes their counts away.
    expect((await request(app, olivia, 'DELETE', `/api/deals/${a.id}`)).statusCode).toBe(200)
    await app.database.db.execute(sql`delete from deals where name like 'Bulk %' and organization_id = ${olivia.user.organizationId}`)
    const left = await expectExact()
    expect(left.map((r) => r.n)).toEqual([1, 1])
  })

  it('follows the product lines of closed deals through line edits, wins, moves, edits of the deal and deletions', async () => {
    const seat = await buildProduct(app, olivia, { name: 'Seat', price: 100_00, currency: 'EUR' })
    const support = await buildProduct(app, olivia, { name: 'Support', price: 200_00, currency: 'EUR' })
    const a = await buildDeal(app, olivia, { currency: 'EUR', lines: [{ productId: seat.id, quantity: 3 }] })
    const b = await buildDeal(app, olivia, { currency: 'EUR', lines: [{ productId: seat.id, quantity: 2, unitPrice: 90_00 }] })
    // Lines of open deals count for nothing.
    expect(await expectLinesExact()).toEqual([])

    await move(olivia, a.id, { stageId: stage.Won?.id })
    await move(olivia, b.id, { stageId: stage.Won?.id })
    expect((await expectLinesExact()).map((r) => [r.n, r.units, r.revenue])).toEqual([[2, 5, 3 * 100_00 + 2 * 90_00]])

    // A won deal's lines change: a product added, a quantity and a price changed, then one removed.
    await patch(olivia, a.id, {
      lines: [
        { productId: seat.id, quantity: 4, unitPrice: 100_00 },
        { productId: support.id, quantity: 1 },
      ],
    })
    await expectLinesExact()
    await patch(olivia, b.id, { lines: [{ productId: support.id, quantity: 5, unitPrice: 150_00 }] })
    const edited = await expectLinesExact()
    expect(edited.find((r) => r.key[5] === support.id)).toMatchObject({ n: 2, units: 6, revenue: 200_00 + 5 * 150_00 })
    expect(edited.find((r) => r.key[5] === seat.id)).toMatchObject({ n: 1, units: 4, revenue: 400_00 })

    // The deal itself changes owner, is lost, reopened and won again; its lines follow it.
    await patch(olivia, a.id, { ownerId: sam.user.id })
    await move(olivia, a.id, { stageId: stage.Lost?.id, lostReason: 'Price' })
    await expectLinesExact()
    await move(olivia, a.id, { stageId: stage.Lead?.id })
    expect((await expectLinesExact()).map((r) => r.key[5])).toEqual([support.id])
    await move(olivia, a.id, { stageId: stage.Won?.id })
    await app.database.db.execute(sql`update deals set closed_at = '2026-03-31T23:30:00Z' where id = ${a.id}`)
    expect((await expectLinesExact()).map((r) => r.key[1])).toContain('2026-03-31T23:30:00.000Z')

    // Deleting a won deal takes its lines away (they go by cascade, after it).
    expect((await request(app, olivia, 'DELETE', `/api/deals/${a.id}`)).statusCode).toBe(200)
    expect((await expectLinesExact()).map((r) => [r.key[5], r.n, r.units])).toEqual([[support.id, 1, 5]])
    await expectExact()
  })

  it('keeps deals made and stage stays exact through moves, edits of owner, currency and amount, stage deletions and deal deletions', async () => {
    // deal_made_counts and deal_stay_counts (migration 0031): where /analytics reads deals made and where deals stood
    // at a period's end from. Each must hold what a recount over the deals and their stays gives, with each stay
    // counted with its deal as it is now.
    type Kept = { key: unknown[]; n: number; amount: number }
    const read = async (query: ReturnType<typeof sql>): Promise<Kept[]> =>
      ((await app.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
        key: Object.entries(r)
          .filter(([k]) => k !== 'n' && k !== 'amount')
          .map(([k, v]) => (k === 'bucket' ? new Date(v as string).toISOString() : v)),
        n: Number(r.n),
        amount: Number(r.amount),
      }))
    const bucket = (column: string) => sql.raw(`to_timestamp(floor(extract(epoch from ${column}) / 900) * 900)`)
    const expectStaysExact = async () => {
      const made = await read(sql`select organization_id, bucket, owner_id, currency, n, amount from deal_made_counts
        where n <> 0 or amount <> 0 order by 1, 2, 3, 4`)
      expect(made).toEqual(
        await read(sql`select organization_id, ${bucket('created_at')} as bucket, owner_id, currency, count(*) as n, sum(amount) as amount
          from deals group by 1, 2, 3, 4 order by 1, 2, 3, 4`),
      )
      const stays = await read(sql`select organization_id, measure, bucket, stage_id, owner_id, currency, n, amount from deal_stay_counts
        where n <> 0 or amount <> 0 order by 1, 2, 3, 4, 5, 6`)
      expect(stays).toEqual(
        await read(sql`select h.organization_id, m.measure, ${bucket('m.at')} as bucket, h.stage_id, d.owner_id, d.currency,
            count(*) as n, sum(d.amount) as amount
          from deal_stage_history h join deals d on d.id = h.deal_id join pipeline_stages s on s.id = h.stage_id
          cross join lateral (values ('entered', h.entered_at), ('left', h.left_at)) m(measure, at)
          where m.at is not null group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`),
      )
      return stays
    }
    await expectStaysExact()

    const a = await buildDeal(app, olivia, { amount: 300_00, currency: 'EUR' })
    const b = await buildDeal(app, olivia, { amount: 40_00, currency: 'USD', ownerId: sam.user.id })
    await buildDeal(app, other, { amount: 9_00, currency: 'EUR' })
    await expectStaysExact()

    // Moves end a stay and start the next; edits of the owner, currency and amount move every stay of the deal.
    await move(olivia, a.id, { stageId: stage.Qualified?.id })
    await move(olivia, a.id, { stageId: stage.Won?.id })
    await patch(olivia, a.id, { amount: 350_00 })
    await patch(olivia, a.id, { currency: 'USD', ownerId: sam.user.id })
    const moved = await expectStaysExact()
    // Stays left are counted where they were left (test data of the tests above shares these keys, so the recount is the check).
    expect(moved.filter((r) => r.key[1] === 'left' && r.key[0] === olivia.user.organizationId).length).toBeGreaterThan(0)

    // A stage change and an owner change in one statement: the stay ended and the one started count with the new owner.
    await app.database.db.execute(sql`update deals set stage_id = ${stage.Lost?.id}, owner_id = ${olivia.user.id}, amount = 4100
      where id = ${b.id}`)
    await expectStaysExact()
    // Many deals at once, and stays written by hand.
    await app.database.db.execute(sql`update deals set amount = amount + 1, created_at = '2026-03-01T10:20:00Z'
      where organization_id = ${olivia.user.organizationId}`)
    await app.database.db.execute(sql`update deal_stage_history set entered_at = '2026-03-02T23:30:00Z' where deal_id = ${b.id}
      and left_at is not null`)
    await expectStaysExact()

    // A deleted stage takes its counts with it (its stays are left without a stage); deleted deals take theirs away.
    const pilot = (await request(app, olivia, 'POST', '/api/pipeline-stages', { name: 'Pilot' })).json() as PipelineStage
    await move(olivia, b.id, { stageId: pilot.id })
    await move(olivia, b.id, { stageId: stage.Lead?.id })
    await move(olivia, a.id, { stageId: pilot.id })
    expect((await expectStaysExact()).some((r) => r.key[3] === pilot.id)).toBe(true)
    const removed = await request(app, olivia, 'DELETE', `/api/pipeline-stages/${pilot.id}?moveTo=${stage.Lead?.id}`)
    expect(removed.statusCode, removed.body).toBe(200)
    expect((await expectStaysExact()).some((r) => r.key[3] === pilot.id)).toBe(false)
    expect((await request(app, olivia, 'DELETE', `/api/deals/${a.id}`)).statusCode).toBe(200)
    await app.database.db.execute(sql`delete from deals where id = ${b.id}`)
    const left = await expectStaysExact()
    expect(left.some((r) => r.key[0] === other.user.organizationId)).toBe(true)
  })
})
