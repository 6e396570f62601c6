import { DEAL_LIMITS } from '@closeroom/shared'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pipelineStages } from '../../db/schema/index.ts'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildDeal, stagesOf } from '../../testing/deals.ts'
import { buildMember, buildOwner, type Client, request } from '../../testing/factories.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const call = (client: Client | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  request(app, client, method, url, payload)
const put = (client: Client, url: string, payload: object) =>
  app.inject({ method: 'PUT', url, headers: { cookie: client.cookie }, payload })

describe('pipeline stages', () => {
  it('gives a new organization the default pipeline on first read', async () => {
    const owner = await buildOwner(app)
    const stages = await stagesOf(app, owner)
    expect(stages.map((s) => [s.name, s.kind])).toEqual([
      ['Lead', 'open'],
      ['Qualified', 'open'],
      ['Proposal', 'open'],
      ['Negotiation', 'open'],
      ['Won', 'won'],
      ['Lost', 'lost'],
    ])
    expect(await stagesOf(app, owner)).toEqual(stages)
  })

  it('creates the defaults once when two first reads arrive together', async () => {
    const owner = await buildOwner(app)
    const [a, b, c] = await Promise.all([stagesOf(app, owner), stagesOf(app, owner), stagesOf(app, owner)])
    expect(b).toEqual(a)
    expect(c).toEqual(a)
    const rows = await app.database.db.select().from(pipelineStages).where(eq(pipelineStages.organizationId, owner.user.organizationId))
    expect(rows).toHaveLength(6)
  })

  it('lets an admin add, rename and mark a stage won, and refuses a member', async () => {
    const owner = await buildOwner(app)
    const admin = await buildMember(app, owner, { role: 'admin' })
    const member = await buildMember(app, owner)
    const added = await call(admin, 'POST', '/api/pipeline-stages', { name: 'Demo booked' })
    expect(added.statusCode).toBe(201)
    expect(added.json()).toMatchObject({ name: 'Demo booked', kind: 'open' })
    expect((await stagesOf(app, owner)).at(-1)?.name).toBe('Demo booked')
    const renamed = await call(admin, 'PATCH', `/api/pipeline-stages/${added.json().id}`, { name: 'Signed', kind: 'won' })
    expect(renamed.json()).toMatchObject({ name: 'Signed', kind: 'won' })

    const refused = await call(member, 'POST', '/api/pipeline-stages', { name: 'Mine' })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({ message: 'Only owners and admins can change the pipeline', code: 'forbidden' })
    expect((await call(member, 'PATCH', `/api/pipeline-stages/${added.json().id}`, { name: 'x' })).statusCode).toBe(403)
    expect((await call(member, 'DELETE', `/api/pipeline-stages/${added.json().id}`)).statusCode).toBe(403)
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: '/api/pipeline-stages/order',
          headers: { cookie: member.cookie },
          payload: { ids: [added.json().id] },
        })
      ).statusCode,
    ).toBe(403)
  })

  it('makes the deals of a stage turned won count as won from when they entered it, and open again when it reopens', async () => {
    const owner = await buildOwner(app)
    const signed = (await call(owner, 'POST', '/api/pipeline-stages', { name: 'Contract signed' })).json()
    const deal = await buildDeal(app, owner, { stageId: signed.id, currency: 'EUR', amount: 700_00 })
    const today = new Date().toISOString().slice(0, 10)
    const wonToday = async () =>
      (await call(owner, 'GET', `/api/insights/pipeline?from=${today}&to=${today}&tz=UTC`)).json().current.won.count
    const closedAt = async () => (await call(owner, 'GET', `/api/deals/${deal.id}`)).json().closedAt
    expect([await closedAt(), await wonToday()]).toEqual([null, 0])

    await call(owner, 'PATCH', `/api/pipeline-stages/${signed.id}`, { kind: 'won' })
    // Closed when it entered the stage, its creation here, not when the stage changed kind.
    expect([await closedAt(), await wonToday()]).toEqual([deal.createdAt, 1])
    await call(owner, 'PATCH', `/api/pipeline-stages/${signed.id}`, { kind: 'lost' })
    expect([await closedAt(), await wonToday()]).toEqual([deal.createdAt, 0])
    await call(owner, 'PATCH', `/api/pipeline-stages/${signed.id}`, { kind: 'open' })
    expect([await closedAt(), await wonToday()]).toEqual([null, 0])
  })

  it(`stops at ${DEAL_LIMITS.maxStages} stages`, async () => {
    const owner = await buildOwner(app)
    await stagesOf(app, owner)
    for (let i = 6; i < DEAL_LIMITS.maxStages; i++) {
      expect((await call(owner, 'POST', '/api/pipeline-stages', { name: `Stage ${i}` })).statusCode).toBe(201)
    }
    const over = await call(owner, 'POST', '/api/pipeline-stages', { name: 'One too many' })
    expect(over.statusCode).toBe(400)
    expect(over.json()).toEqual({ message: `A pipeline has at most ${DEAL_LIMITS.maxStages} stages`, code: 'limit_reached' })
  })

  it('reorders with every stage id once, and refuses a partial, repeated or foreign list', async () => {
    const owner = await buildOwner(app)
    const stranger = await buildOwner(app)
    const ids = (await stagesOf(app, owner)).map((s) => s.id)
    const foreign = (await stagesOf(app, stranger))[0]?.id as string
    const reversed = [...ids].reverse()
    const res = await put(owner, '/api/pipeline-stages/order', { ids: reversed })
    expect(res.statusCode).toBe(200)
    expect(res.json().stages.map((s: { id: string }) => s.id)).toEqual(reversed)
    expect((await stagesOf(app, owner)).map((s) => s.id)).toEqual(reversed)

    for (const bad of [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), foreign]]) {
      const refused = await put(owner, '/api/pipeline-stages/order', { ids: bad })
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toEqual({ message: 'ids: Give every stage of the pipeline exactly once', code: 'invalid', field: 'ids' })
    }
    expect((await stagesOf(app, owner)).map((s) => s.id)).toEqual(reversed)
  })

  it('deletes an empty stage', async () => {
    const owner = await buildOwner(app)
    const [, qualified] = await stagesOf(app, owner)
    expect((await call(owner, 'DELETE', `/api/pipeline-stages/${qualified?.id}`)).statusCode).toBe(200)
    expect((await stagesOf(app, owner)).map((s) => s.name)).toEqual(['Lead', 'Proposal', 'Negotiation', 'Won', 'Lost'])
  })

  it('moves a stage’s deals to moveTo before deleting it, and needs moveTo when it holds deals', async () => {
    const owner = await buildOwner(app)
    const [lead, qualified] = await stagesOf(app, owner)
    const kept = await buildDeal(app, owner, { name: 'Already there', stageId: qualified?.id })
    const first = await buildDeal(app, owner, { name: 'First', stageId: lead?.id })
    const second = await buildDeal(app, owner, { name: 'Second', stageId: lead?.id })

    const refused = await call(owner, 'DELETE', `/api/pipeline-stages/${lead?.id}`)
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({
      message: 'moveTo: This stage holds deals: choose a stage to move them to',
      code: 'stage_has_deals',
      field: 'moveTo',
    })
    expect((await call(owner, 'DELETE', `/api/pipeline-stages/${lead?.id}?moveTo=${lead?.id}`)).statusCode).toBe(400)

    expect((await call(owner, 'DELETE', `/api/pipeline-stages/${lead?.id}?moveTo=${qualified?.id}`)).statusCode).toBe(200)
    const board = (await call(owner, 'GET', '/api/deals/board')).json()
    expect(board.columns[0].stage.name).toBe('Qualified')
    expect(board.columns[0].deals.map((d: { id: string }) => d.id)).toEqual([kept.id, first.id, second.id])
    const timeline = (await call(owner, 'GET', `/api/deals/${first.id}/activities`)).json().activities
    expect(timeline[0]).toMatchObject({ kind: 'stage_changed', data: { from: 'Lead', to: 'Qualified' } })
  })

  it('keeps at least one open stage', async () => {
    const owner = await buildOwner(app)
    const stages = await stagesOf(app, owner)
    const open = stages.filter((s) => s.kind === 'open')
    for (const stage of open.slice(1)) expect((await call(owner, 'DELETE', `/api/pipeline-stages/${stage.id}`)).statusCode).toBe(200)
    const last = await call(owner, 'DELETE', `/api/pipeline-stages/${open[0]?.id}`)
    expect(last.statusCode).toBe(409)
    expect(last.json()).toEqual({ message: 'The last open stage cannot be deleted', code: 'last_open_stage' })
    const closing = await call(owner, 'PATCH', `/api/pipeline-stages/${open[0]?.id}`, { kind: 'won' })
    expect(closing.statusCode).toBe(409)
  })

  it("cannot see or touch another organization's stages", async () => {
    const owner = await buildOwner(app)
    const stranger = await buildOwner(app)
    const [theirs] = await stagesOf(app, stranger)
    const [mine] = await stagesOf(app, owner)
    expect((await call(owner, 'PATCH', `/api/pipeline-stages/${theirs?.id}`, { name: 'Mine now' })).statusCode).toBe(404)
    expect((await call(owner, 'DELETE', `/api/pipeline-stages/${theirs?.id}`)).statusCode).toBe(404)
    const moveToForeign = await call(owner, 'DELETE', `/api/pipeline-stages/${mine?.id}?moveTo=${theirs?.id}`)
    expect(moveToForeign.statusCode).toBe(400)
    expect(moveToForeign.json().message).toMatch(/^moveTo: /)
    expect((await stagesOf(app, stranger))[0]?.name).toBe('Lead')
    expect((await call(null, 'GET', '/api/pipeline-stages')).statusCode).toBe(401)
  })
})
