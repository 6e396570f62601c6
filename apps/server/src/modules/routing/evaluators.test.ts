import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { stagesOf } from '../../testing/deals.ts'
import { buildOwner, type Client, request } from '../../testing/factories.ts'
import { buildForm, rule } from '../../testing/routing.ts'

// Each server keeps a form's outcomes with their rules compiled: a change must route the next buyer by what
// the form says now, on the server that made it and on another one sharing the database.

let app: TestApp
let other: TestApp
beforeAll(async () => {
  app = await buildTestApp()
  // A second server process on the same database, without Redis: nothing tells it of a change but the form.
  other = await buildTestApp({ database: app.database })
})
afterAll(async () => {
  await other?.close()
  await app?.close()
})

const call = (on: TestApp, client: Client | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  request(on, client, method, url, payload)
const europe = { combinator: 'and', rules: [rule('region', 'equals', 'Europe')] }
let buyers = 0
const buyer = (extra: object = {}) => ({ name: 'Bea Buyer', email: `bea-${++buyers}@buyer.example`, region: 'Europe', ...extra })

const said = (on: TestApp, message: string) => `${on === app ? 'this server' : 'the other server'}: ${message}`

/** What `on` answers a new European buyer (or another, given answers): the outcome's message. */
async function messageFor(on: TestApp, form: { slug: string }, extra: object = {}) {
  const res = await call(on, null, 'POST', `/api/public/routings/${form.slug}/responses`, { answers: buyer(extra) })
  expect(res.statusCode, res.body).toBe(200)
  return said(on, res.json().outcome.message)
}

async function addOutcome(owner: Client, formId: string, name: string, conditions: object = europe) {
  const res = await call(app, owner, 'POST', `/api/routings/${formId}/outcomes`, {
    name,
    conditions,
    action: { type: 'message', message: name },
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as { id: string }
}

describe('the rules a server keeps for a form', () => {
  it('route the next buyer by outcomes added, changed, reordered or removed since, on either server', async () => {
    const owner = await buildOwner(app)
    const form = await buildForm(app, owner)
    const fallback = (await call(app, owner, 'GET', `/api/routings/${form.id}`)).json().outcomes.at(-1)
    for (const on of [app, other])
      expect(await messageFor(on, form)).toBe(said(on, 'Thank you! We have your answers and will be in touch soon.'))

    const first = await addOutcome(owner, form.id, 'First')
    for (const on of [app, other]) expect(await messageFor(on, form)).toBe(said(on, 'First'))

    await call(app, owner, 'PATCH', `/api/routings/${form.id}/outcomes/${first.id}`, { action: { type: 'message', message: 'Changed' } })
    for (const on of [app, other]) expect(await messageFor(on, form)).toBe(said(on, 'Changed'))

    const second = await addOutcome(owner, form.id, 'Second')
    await call(app, owner, 'PUT', `/api/routings/${form.id}/outcomes/order`, { outcomeIds: [second.id, first.id] })
    for (const on of [app, other]) expect(await messageFor(on, form)).toBe(said(on, 'Second'))

    await call(app, owner, 'DELETE', `/api/routings/${form.id}/outcomes/${second.id}`)
    await call(app, owner, 'PATCH', `/api/routings/${form.id}/outcomes/${fallback.id}`, { action: { type: 'message', message: 'Else' } })
    for (const on of [app, other]) {
      expect(await messageFor(on, form)).toBe(said(on, 'Changed'))
      expect(await messageFor(on, form, { region: 'Asia' })).toBe(said(on, 'Else'))
    }
  })

  it('open no deal in a stage deleted since the outcome was read, and route the buyer all the same', async () => {
    const owner = await buildOwner(app)
    const [first, second] = await stagesOf(app, owner)
    if (!first || !second) throw new Error('no stages')
    const form = await buildForm(app, owner)
    const res = await call(app, owner, 'POST', `/api/routings/${form.id}/outcomes`, {
      name: 'Qualified',
      conditions: europe,
      action: { type: 'message', message: 'Qualified' },
      deal: { stageId: second.id },
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(await messageFor(app, form)).toBe(said(app, 'Qualified'))

    const deleted = await call(app, owner, 'DELETE', `/api/pipeline-stages/${second.id}?moveTo=${first.id}`)
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect(await messageFor(app, form)).toBe(said(app, 'Qualified'))
    const { responses } = (await call(app, owner, 'GET', `/api/routings/${form.id}/responses`)).json()
    expect(responses.map((r: { dealId: string | null }) => r.dealId !== null)).toEqual([false, true])
  })
})
