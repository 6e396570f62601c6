import { Board, type DealSummary, type PipelineStage } from '@closeroom/shared'
import { and, asc, count, eq, inArray, sql, sum } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deals, users } from '../../db/schema/index.ts'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildContact, buildDeal, stagesOf } from '../../testing/deals.ts'
import { buildMember, buildOwner, type Client, request } from '../../testing/factories.ts'
import { BOARD_COLUMN_LIMIT } from './board.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

type Column = {
  stage: { id: string; name: string }
  deals: { id: string }[]
  count: number
  totals: { currency: string; amount: number }[]
}
const board = async (client: Client) => (await request(app, client, 'GET', '/api/deals/board')).json().columns as Column[]
const column = async (client: Client, stageId: string) => (await board(client)).find((c) => c.stage.id === stageId)?.deals.map((d) => d.id)
const move = (client: Client, id: string, body: object) => request(app, client, 'POST', `/api/deals/${id}/move`, body)

describe('the pipeline board', () => {
  it('shows every stage in order with its deals, count and totals per currency', async () => {
    const owner = await buildOwner(app)
    const [lead, qualified] = await stagesOf(app, owner)
    const contact = await buildContact(app, owner)
    const a = await buildDeal(app, owner, { stageId: lead?.id, amount: 100_00, currency: 'EUR', contactIds: [contact.id] })
    const b = await buildDeal(app, owner, { stageId: lead?.id, amount: 250_00, currency: 'EUR', expectedCloseDate: '2027-03-31' })
    const c = await buildDeal(app, owner, { stageId: lead?.id, amount: 75_00, currency: 'USD' })
    const columns = await board(owner)
    // A card is the deal's summary, as the list shows it.
    const listed = (await request(app, owner, 'GET', `/api/deals?stageId=${lead?.id}`)).json().deals as { id: string }[]
    expect(columns[0]?.deals).toEqual([a, b, c].map((deal) => listed.find((d) => d.id === deal.id)))
    expect(columns.map((col) => col.stage.name)).toEqual(['Lead', 'Qualified', 'Proposal', 'Negotiation', 'Won', 'Lost'])
    expect(columns[0]).toMatchObject({
      deals: [{ id: a.id }, { id: b.id }, { id: c.id }],
      count: 3,
      totals: [
        { currency: 'EUR', amount: 350_00 },
        { currency: 'USD', amount: 75_00 },
      ],
    })
    expect(columns.find((col) => col.stage.id === qualified?.id)).toMatchObject({ deals: [], count: 0, totals: [] })
  })

  it('writes each card as the list’s summary of the same deal, whatever its text, owner, dates and state', async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner, { name: 'Zoë "Z" O\\Brien' })
    await app.database.db.update(users).set({ avatarUrl: 'https://example.com/a.png?x="1"' }).where(eq(users.id, member.user.id))
    const [lead, , , , won, lost] = (await stagesOf(app, owner)) as PipelineStage[]
    const contacts = [await buildContact(app, owner), await buildContact(app, owner, { name: 'Second' })]
    const plain = await buildDeal(app, owner, { stageId: lead?.id, company: '', amount: 0 })
    const rich = await buildDeal(app, member, {
      stageId: lead?.id,
      name: 'Ünïcode 🚀 عربى',
      amount: 12_345_678_901,
      currency: 'JPY',
      expectedCloseDate: '2027-02-28',
      contactIds: contacts.map((c) => c.id),
    })
    const wonDeal = await buildDeal(app, owner, { stageId: lead?.id })
    const lostDeal = await buildDeal(app, owner, { stageId: lead?.id })
    expect((await move(owner, wonDeal.id, { stageId: won?.id })).statusCode).toBe(200)
    expect((await move(owner, lostDeal.id, { stageId: lost?.id, lostReason: 'Price "too" high \\ again' })).statusCode).toBe(200)
    // What the form never lets through but a row may hold: quotes, backslashes and control characters, and
    // timestamps on a millisecond's edge (JavaScript's Date truncates the microseconds, so must the board).
    await app.database.db
      .update(deals)
      .set({
        name: 'Tab\tnew\nline \u0001 "quoted" \\ back',
        company: '</script><b>',
        createdAt: sql`'2026-01-02 03:04:05.999999+00'::timestamptz`,
        updatedAt: sql`'2026-01-02 03:04:06+00'::timestamptz`,
      })
      .where(eq(deals.id, plain.id))

    const res = await request(app, owner, 'GET', '/api/deals/board')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    const body = res.json()
    // The answer is a Board as the schema reads it, with nothing missing or extra.
    expect(Board.parse(body)).toEqual(body)
    const summaries = async (stageId: string) =>
      (await request(app, owner, 'GET', `/api/deals?stageId=${stageId}`)).json().deals as DealSummary[]
    const cards = (stageId: string) => (body as Board).columns.find((c) => c.stage.id === stageId)?.deals
    const listed = await summaries(lead?.id as string)
    expect(cards(lead?.id as string)).toEqual([plain, rich].map((deal) => listed.find((d) => d.id === deal.id)))
    expect(cards(won?.id as string)).toEqual(await summaries(won?.id as string))
    expect(cards(lost?.id as string)).toEqual(await summaries(lost?.id as string))
    expect(cards(lead?.id as string)?.[0]).toMatchObject({
      name: 'Tab\tnew\nline \u0001 "quoted" \\ back',
      company: '</script><b>',
      createdAt: '2026-01-02T03:04:05.999Z',
      updatedAt: '2026-01-02T03:04:06.000Z',
      expectedCloseDate: null,
      owner: { id: owner.user.id, avatarUrl: null },
    })
    expect(cards(lead?.id as string)?.[1]).toMatchObject({
      owner: { id: member.user.id, name: 'Zoë "Z" O\\Brien', avatarUrl: 'https://example.com/a.png?x="1"' },
      contactCount: 2,
      expectedCloseDate: '2027-02-28',
      amount: 12_345_678_901,
    })
    expect(cards(won?.id as string)?.[0]?.closedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(cards(lost?.id as string)?.[0]).toMatchObject({ lostReason: 'Price "too" high \\ again' })
  })

  it('reads the whole board in one SQL statement, however many stages it has', async () => {
    const owner = await buildOwner(app)
    const [lead, , proposal] = await stagesOf(app, owner)
    await buildDeal(app, owner, { stageId: lead?.id, amount: 10_00, currency: 'EUR' })
    await buildDeal(app, owner, { stageId: proposal?.id, amount: 20_00, currency: 'USD' })
    // Both drivers (PGlite and node-postgres) send every statement through their client's query().
    const client = (app.database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client
    const query = client.query
    const pipelineStatements: string[] = []
    client.query = (...args: unknown[]) => {
      const [first] = args
      const text = typeof first === 'string' ? first : String((first as { text?: string }).text)
      if (/"(deals|pipeline_stages)"/.test(text)) pipelineStatements.push(text)
      return query.apply(client, args)
    }
    let columns: Column[]
    try {
      columns = await board(owner)
    } finally {
      client.query = query
    }
    expect(pipelineStatements).toHaveLength(1)
    expect(columns.map((c) => ({ count: c.count, totals: c.totals }))).toEqual([
      { count: 1, totals: [{ currency: 'EUR', amount: 10_00 }] },
      { count: 0, totals: [] },
      { count: 1, totals: [{ currency: 'USD', amount: 20_00 }] },
      { count: 0, totals: [] },
      { count: 0, totals: [] },
      { count: 0, totals: [] },
    ])
  })

  it('keeps every column’s count and totals right through creates, edits, moves, deletes and a deleted stage', async () => {
    const owner = await buildOwner(app)
    const [lead, qualified, proposal] = (await stagesOf(app, owner)) as [PipelineStage, PipelineStage, PipelineStage]
    const extra = (await request(app, owner, 'POST', '/api/pipeline-stages', { name: 'Pilot', kind: 'open' })).json() as PipelineStage
    const a = await buildDeal(app, owner, { stageId: lead.id, amount: 100_00, currency: 'EUR' })
    const b = await buildDeal(app, owner, { stageId: lead.id, amount: 200_00, currency: 'USD' })
    const c = await buildDeal(app, owner, { stageId: qualified.id, amount: 50_00, currency: 'EUR' })
    const d = await buildDeal(app, owner, { stageId: extra.id, amount: 7_00, currency: 'EUR' })
    await buildDeal(app, owner, { stageId: extra.id, amount: 3_00, currency: 'GBP' })
    const gone = await buildDeal(app, owner, { stageId: proposal.id, amount: 999_00, currency: 'EUR' })

    expect((await move(owner, a.id, { stageId: qualified.id, beforeId: c.id })).statusCode).toBe(200)
    expect((await move(owner, c.id, { stageId: qualified.id })).statusCode).toBe(200)
    const edit = (id: string, body: object) => request(app, owner, 'PATCH', `/api/deals/${id}`, body)
    expect((await edit(b.id, { amount: 300_00, currency: 'GBP' })).statusCode).toBe(200)
    expect((await edit(c.id, { stageId: proposal.id, name: 'Renamed' })).statusCode).toBe(200)
    expect((await edit(d.id, { amount: 8_00 })).statusCode).toBe(200)
    expect((await request(app, owner, 'DELETE', `/api/deals/${gone.id}`)).statusCode).toBe(200)
    expect((await request(app, owner, 'DELETE', `/api/pipeline-stages/${extra.id}?moveTo=${lead.id}`)).statusCode).toBe(200)

    const columns = await board(owner)
    const shown = columns.map((col) => ({ stage: col.stage.id, count: col.count, totals: col.totals }))
    expect(shown.slice(0, 3)).toEqual([
      {
        stage: lead.id,
        count: 3,
        totals: [
          { currency: 'EUR', amount: 8_00 },
          { currency: 'GBP', amount: 303_00 },
        ],
      },
      { stage: qualified.id, count: 1, totals: [{ currency: 'EUR', amount: 100_00 }] },
      { stage: proposal.id, count: 1, totals: [{ currency: 'EUR', amount: 50_00 }] },
    ])
    // The same as counting the organization's deals afresh, for every column.
    const counted = await app.database.db
      .select({ stageId: deals.stageId, currency: deals.currency, count: count(), amount: sum(deals.amount).mapWith(Number) })
      .from(deals)
      .where(eq(deals.organizationId, owner.user.organizationId))
      .groupBy(deals.stageId, deals.currency)
      .orderBy(deals.currency)
    expect(shown).toEqual(
      columns.map((col) => {
        const rows = counted.filter((r) => r.stageId === col.stage.id)
        return {
          stage: col.stage.id,
          count: rows.reduce((n, r) => n + r.count, 0),
          totals: rows.map((r) => ({ currency: r.currency, amount: r.amount })),
        }
      }),
    )
  })

  it(`shows ${BOARD_COLUMN_LIMIT} deals of a long column but counts and totals all of them`, async () => {
    const owner = await buildOwner(app)
    const [lead] = await stagesOf(app, owner)
    const total = BOARD_COLUMN_LIMIT + 5
    await app.database.db.insert(deals).values(
      Array.from({ length: total }, (_, i) => ({
        organizationId: owner.user.organizationId,
        ownerId: owner.user.id,
        stageId: lead?.id as string,
        name: `Deal ${i}`,
        currency: 'EUR',
        amount: 1_00,
        position: (i + 1) * 1024,
      })),
    )
    const [first] = await board(owner)
    expect(first?.deals).toHaveLength(BOARD_COLUMN_LIMIT)
    expect(first).toMatchObject({ count: total, totals: [{ currency: 'EUR', amount: total * 1_00 }] })
  })
})

describe('moving a deal on the board', () => {
  it('drops a deal before another, or at the end of a column, and records a stage change', async () => {
    const owner = await buildOwner(app)
    const [lead, qualified] = await stagesOf(app, owner)
    const [x, y] = [await buildDeal(app, owner, { stageId: qualified?.id }), await buildDeal(app, owner, { stageId: qualified?.id })]
    const deal = await buildDeal(app, owner, { stageId: lead?.id })

    const before = await move(owner, deal.id, { stageId: qualified?.id, beforeId: y.id })
    expect(before.statusCode).toBe(200)
    expect(before.json()).toMatchObject({ id: deal.id, stageId: qualified?.id })
    expect(await column(owner, qualified?.id as string)).toEqual([x.id, deal.id, y.id])
    expect(await column(owner, lead?.id as string)).toEqual([])

    await move(owner, deal.id, { stageId: qualified?.id, beforeId: x.id })
    expect(await column(owner, qualified?.id as string)).toEqual([deal.id, x.id, y.id])
    await move(owner, deal.id, { stageId: qualified?.id })
    expect(await column(owner, qualified?.id as string)).toEqual([x.id, y.id, deal.id])

    const activities = (await request(app, owner, 'GET', `/api/deals/${deal.id}/activities`)).json().activities
    // Moves inside the column are no stage change: one entry for Lead → Qualified.
    expect(activities.map((a: { kind: string; data: object }) => [a.kind, a.data])).toEqual([
      ['stage_changed', { from: 'Lead', to: 'Qualified' }],
      ['created', { stage: 'Lead' }],
    ])
  })

  it('lets any member move a teammate’s deal', async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner)
    const [, qualified] = await stagesOf(app, owner)
    const deal = await buildDeal(app, owner)
    expect((await move(member, deal.id, { stageId: qualified?.id })).statusCode).toBe(200)
  })

  it('should fail with status 400 when beforeId is not in the target stage, or is the deal itself', async () => {
    const owner = await buildOwner(app)
    const [lead, qualified] = await stagesOf(app, owner)
    const deal = await buildDeal(app, owner, { stageId: lead?.id })
    const elsewhere = await buildDeal(app, owner, { stageId: lead?.id })
    const res = await move(owner, deal.id, { stageId: qualified?.id, beforeId: elsewhere.id })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message: 'beforeId: Drop before a deal of that stage', code: 'invalid', field: 'beforeId' })
    expect((await move(owner, deal.id, { stageId: lead?.id, beforeId: deal.id })).statusCode).toBe(400)
    expect(await column(owner, lead?.id as string)).toEqual([deal.id, elsewhere.id])
  })

  it('renumbers the column when two neighbours leave no room between them', async () => {
    const owner = await buildOwner(app)
    const [lead, qualified] = await stagesOf(app, owner)
    const column3 = [await buildDeal(app, owner, { stageId: qualified?.id })]
    column3.push(await buildDeal(app, owner, { stageId: qualified?.id }), await buildDeal(app, owner, { stageId: qualified?.id }))
    // Squeeze the column: positions 1, 2, 3 leave no integer between neighbours.
    for (const [i, d] of column3.entries())
      await app.database.db
        .update(deals)
        .set({ position: i + 1 })
        .where(eq(deals.id, d.id))
    const deal = await buildDeal(app, owner, { stageId: lead?.id })
    expect((await move(owner, deal.id, { stageId: qualified?.id, beforeId: column3[2]?.id })).statusCode).toBe(200)
    const ids = column3.map((d) => d.id)
    expect(await column(owner, qualified?.id as string)).toEqual([ids[0], ids[1], deal.id, ids[2]])
    const positions = await app.database.db
      .select({ position: deals.position })
      .from(deals)
      .where(and(eq(deals.stageId, qualified?.id as string)))
      .orderBy(asc(deals.position))
    const gaps = positions.slice(1).map((p, i) => p.position - (positions[i]?.position ?? 0))
    expect(Math.min(...gaps)).toBeGreaterThan(1)
  })

  it('keeps the order right through many drops at the same place, however small the gaps get', async () => {
    const owner = await buildOwner(app)
    const [lead] = await stagesOf(app, owner)
    const head = await buildDeal(app, owner, { stageId: lead?.id, name: 'head' })
    const tail = await buildDeal(app, owner, { stageId: lead?.id, name: 'tail' })
    const dropped: string[] = []
    // Each drop lands just before the tail, halving the gap before it: it runs out after about ten.
    for (let i = 0; i < 14; i++) {
      const deal = await buildDeal(app, owner, { stageId: lead?.id, name: `d${i}` })
      expect((await move(owner, deal.id, { stageId: lead?.id, beforeId: tail.id })).statusCode).toBe(200)
      dropped.push(deal.id)
    }
    expect(await column(owner, lead?.id as string)).toEqual([head.id, ...dropped, tail.id])
  })

  it('keeps every deal once and in a consistent order when many drops race into one column', async () => {
    const owner = await buildOwner(app)
    const [lead, qualified] = await stagesOf(app, owner)
    const anchor = await buildDeal(app, owner, { stageId: qualified?.id })
    const movers = []
    for (let i = 0; i < 12; i++) movers.push(await buildDeal(app, owner, { stageId: lead?.id }))
    const results = await Promise.all(
      movers.map((d, i) => move(owner, d.id, { stageId: qualified?.id, beforeId: i % 2 === 0 ? anchor.id : null })),
    )
    expect(results.map((r) => r.statusCode)).toEqual(movers.map(() => 200))
    const rows = await app.database.db
      .select({ id: deals.id, position: deals.position })
      .from(deals)
      .where(inArray(deals.id, [anchor.id, ...movers.map((d) => d.id)]))
    expect(new Set(rows.map((r) => r.position)).size).toBe(rows.length)
    const ids = (await column(owner, qualified?.id as string)) ?? []
    expect(ids.sort()).toEqual([anchor.id, ...movers.map((d) => d.id)].sort())
    // The columns' counts, kept by each move's own transaction, add up whatever order the moves committed in.
    expect((await board(owner)).slice(0, 2).map((c) => c.count)).toEqual([0, movers.length + 1])
    // Every even mover went before the anchor, every odd one after it.
    const order = (await column(owner, qualified?.id as string)) ?? []
    const anchorAt = order.indexOf(anchor.id)
    movers.forEach((d, i) => {
      expect(order.indexOf(d.id) < anchorAt).toBe(i % 2 === 0)
    })
  })
})
