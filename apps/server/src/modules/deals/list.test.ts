import { DEAL_SORTS } from '@closeroom/shared'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deals } from '../../db/schema/index.ts'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildDeal, stagesOf } from '../../testing/deals.ts'
import { buildMember, buildOwner, type Client, invalidField, request } from '../../testing/factories.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const list = async (client: Client, query: string) => {
  const res = await request(app, client, 'GET', `/api/deals?${query}`)
  if (res.statusCode !== 200) throw new Error(`list failed: ${res.statusCode} ${res.body}`)
  return res.json() as { deals: { id: string; name: string }[]; nextCursor: string | null; total: number | null }
}

/** Every page of a list, following nextCursor to the end. */
async function walk(client: Client, query: string) {
  const ids: string[] = []
  let cursor: string | null = null
  let pages = 0
  do {
    const page = await list(client, `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
    ids.push(...page.deals.map((d) => d.id))
    cursor = page.nextCursor
    pages += 1
    if (pages > 100) throw new Error('the cursor never ends')
  } while (cursor)
  return { ids, pages }
}

describe('the deal list', () => {
  // Sort values with many ties, timestamps apart by a microsecond only, and close dates missing on some.
  type Seeded = { id: string; updated: string; created: string; name: string; amount: number; close: string | null }
  let owner: Client
  let seeded: Seeded[]
  beforeAll(async () => {
    owner = await buildOwner(app)
    const [stage] = await stagesOf(app, owner)
    const stamps = ['2026-05-01 10:00:00.000001+00', '2026-05-01 10:00:00.000002+00', '2026-06-01 08:00:00+00']
    const names = ['Alpha deal', 'Beta deal', 'Gamma deal']
    const closes = [null, '2027-01-15', '2027-02-01', null]
    const rows = Array.from({ length: 23 }, (_, i) => ({
      organizationId: owner.user.organizationId,
      ownerId: owner.user.id,
      stageId: stage?.id as string,
      name: names[i % 3] as string,
      currency: 'EUR',
      amount: [0, 500, 500, 1000][i % 4] as number,
      expectedCloseDate: closes[i % 4] ?? null,
      position: i * 1024,
      updatedAt: sql`${stamps[i % 3]}::timestamptz`,
      createdAt: sql`${stamps[(i + 1) % 3]}::timestamptz`,
    }))
    const inserted = await app.database.db.insert(deals).values(rows).returning({ id: deals.id })
    seeded = inserted.map((r, i) => ({
      id: r.id,
      updated: stamps[i % 3] as string,
      created: stamps[(i + 1) % 3] as string,
      name: names[i % 3] as string,
      amount: [0, 500, 500, 1000][i % 4] as number,
      close: closes[i % 4] ?? null,
    }))
  })

  /** The order PostgreSQL gives: by value then id, nulls last ascending and first descending. */
  function expected(sort: (typeof DEAL_SORTS)[number], order: 'asc' | 'desc') {
    const key = (d: Seeded) => ({ updated: d.updated, created: d.created, name: d.name, amount: d.amount, close: d.close })[sort]
    const sign = order === 'asc' ? 1 : -1
    return [...seeded]
      .sort((a, b) => {
        const [x, y] = [key(a), key(b)]
        if (x !== y) {
          if (x === null) return sign
          if (y === null) return -sign
          return (x < y ? -1 : 1) * sign
        }
        return (a.id < b.id ? -1 : 1) * sign
      })
      .map((d) => d.id)
  }

  for (const sort of DEAL_SORTS) {
    for (const order of ['asc', 'desc'] as const) {
      it(`pages through every deal once sorted by ${sort} ${order}, ties and missing dates included`, async () => {
        const { ids, pages } = await walk(owner, `sort=${sort}&order=${order}&limit=4`)
        expect(pages).toBe(6)
        expect(new Set(ids).size).toBe(ids.length)
        expect(ids).toEqual(expected(sort, order))
      })
    }
  }

  it('counts every matching deal in total, whatever the page size', async () => {
    const page = await list(owner, 'limit=5')
    expect(page.deals).toHaveLength(5)
    expect(page.total).toBe(23)
    expect(page.nextCursor).not.toBeNull()
    // Later pages leave the count to the first one's.
    expect((await list(owner, `limit=5&cursor=${page.nextCursor}`)).total).toBeNull()
    const all = await list(owner, 'limit=100')
    expect(all).toMatchObject({ total: 23, nextCursor: null })
  })

  it('filters by close date range and counts what matches', async () => {
    const page = await list(owner, 'closeFrom=2027-01-16&closeTo=2027-12-31&sort=close&order=asc')
    expect(page.total).toBe(seeded.filter((d) => d.close === '2027-02-01').length)
    expect(page.deals.map((d) => d.id).sort()).toEqual(
      seeded
        .filter((d) => d.close === '2027-02-01')
        .map((d) => d.id)
        .sort(),
    )
    const reversed = await request(app, owner, 'GET', '/api/deals?closeFrom=2027-02-01&closeTo=2027-01-01')
    expect(reversed.statusCode).toBe(400)
    expect(reversed.json()).toEqual({ message: 'closeTo: Must be on or after closeFrom', code: 'invalid', field: 'closeTo' })
  })

  it('should fail with status 400 when the cursor is forged or belongs to another sort', async () => {
    const { nextCursor } = await list(owner, 'sort=amount&order=desc&limit=2')
    for (const [query, message] of [
      [`sort=name&order=desc&cursor=${nextCursor}`, 'cursor: This cursor belongs to another sort order'],
      [`sort=amount&order=asc&cursor=${nextCursor}`, 'cursor: This cursor belongs to another sort order'],
      ['cursor=not-a-cursor', 'cursor: Not a cursor of this list'],
      [
        `cursor=${Buffer.from(JSON.stringify({ s: 'updated', o: 'desc', v: "'; drop table deals; --", id: 'x' })).toString('base64url')}`,
        'cursor: Not a cursor of this list',
      ],
    ] as const) {
      const res = await request(app, owner, 'GET', `/api/deals?${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(res.json()).toEqual(invalidField(message))
    }
    const badValue = Buffer.from(JSON.stringify({ s: 'amount', o: 'desc', v: 'lots', id: seeded[0]?.id })).toString('base64url')
    expect((await request(app, owner, 'GET', `/api/deals?sort=amount&cursor=${badValue}`)).statusCode).toBe(400)
  })
})

describe('searching and filtering deals', () => {
  it('finds deals by any part of their name or company, in any case, wildcards taken literally', async () => {
    const owner = await buildOwner(app)
    const acme = await buildDeal(app, owner, { name: 'Acme rollout', company: 'Acme' })
    const globex = await buildDeal(app, owner, { name: 'Renewal', company: 'Globex Corporation' })
    const discount = await buildDeal(app, owner, { name: '50% off pilot', company: 'Initech' })
    const ids = async (q: string) => (await list(owner, `q=${encodeURIComponent(q)}`)).deals.map((d) => d.id)
    expect(await ids('GLOBEX')).toEqual([globex.id])
    expect(await ids('corp')).toEqual([globex.id])
    expect(await ids('rollout acme')).toEqual([acme.id])
    expect(await ids('%')).toEqual([discount.id])
    expect(await ids('_')).toEqual([])
    expect(await ids('nothing like it')).toEqual([])
    expect((await list(owner, 'q=e')).total).toBe(3)
  })

  it('filters by stage and owner', async () => {
    const owner = await buildOwner(app)
    const maya = await buildMember(app, owner)
    const [lead, qualified] = await stagesOf(app, owner)
    const mine = await buildDeal(app, owner, { stageId: lead?.id })
    const hers = await buildDeal(app, owner, { stageId: qualified?.id, ownerId: maya.user.id })
    const byStage = await list(owner, `stageId=${qualified?.id}`)
    expect(byStage).toMatchObject({ total: 1, deals: [{ id: hers.id }] })
    expect((await list(owner, `ownerId=${owner.user.id}`)).deals.map((d) => d.id)).toEqual([mine.id])
    expect((await list(owner, `ownerId=${maya.user.id}&stageId=${lead?.id}`)).total).toBe(0)
  })
})
