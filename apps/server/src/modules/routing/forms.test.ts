import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildEventType } from '../../testing/booking.ts'
import { stagesOf } from '../../testing/deals.ts'
import { buildMember, buildOwner, type Client, invalidField, request } from '../../testing/factories.ts'
import { buildForm, FIELDS, rule } from '../../testing/routing.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const call = (client: Client | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  request(app, client, method, url, payload)

const message = (text: string) => ({ type: 'message', message: text })

describe('routing forms', () => {
  it('creates a form with its fallback, lists it with its counts, edits and deletes it', async () => {
    const owner = await buildOwner(app)
    const created = await call(owner, 'POST', '/api/routings', { name: 'Talk to Sales!', fields: FIELDS })
    expect(created.statusCode).toBe(201)
    const form = created.json()
    expect(form).toMatchObject({ name: 'Talk to Sales!', slug: 'talk-to-sales', published: true, noBookingDelay: 15, responseCount: 0 })
    expect(form.outcomes).toEqual([
      {
        id: expect.any(String),
        name: 'Everyone else',
        conditions: { combinator: 'and', rules: [] },
        action: { type: 'message', message: expect.stringMatching(/^Thank you/) },
        deal: null,
        fallback: true,
        position: 0,
      },
    ])

    const list = (await call(owner, 'GET', '/api/routings')).json()
    expect(list.routings).toEqual([expect.objectContaining({ id: form.id, fieldCount: FIELDS.length, outcomeCount: 1, responseCount: 0 })])

    const renamed = await call(owner, 'PATCH', `/api/routings/${form.id}`, { name: 'Demo requests', published: false })
    expect(renamed.json()).toMatchObject({ name: 'Demo requests', slug: 'talk-to-sales', published: false })

    expect((await call(owner, 'DELETE', `/api/routings/${form.id}`)).statusCode).toBe(200)
    expect((await call(owner, 'GET', `/api/routings/${form.id}`)).statusCode).toBe(404)
  })

  it('gives a second form of the same name another address, and refuses a chosen address that is taken next to the slug', async () => {
    const owner = await buildOwner(app)
    const other = await buildOwner(app)
    const first = await buildForm(app, owner, { name: 'Pricing questions', slug: undefined })
    const second = await buildForm(app, other, { name: 'Pricing questions', slug: undefined })
    expect(first.slug).toBe('pricing-questions')
    expect(second.slug).toMatch(/^pricing-questions-[0-9a-f]{6}$/)

    const taken = await call(other, 'POST', '/api/routings', { name: 'Mine', slug: 'pricing-questions', fields: FIELDS })
    expect(taken.statusCode).toBe(409)
    expect(taken.json()).toEqual(invalidField('slug: Another routing form already uses this address', 'slug_taken'))
    const renamed = await call(other, 'PATCH', `/api/routings/${second.id}`, { slug: 'pricing-questions' })
    expect(renamed.json()).toMatchObject({ code: 'slug_taken', field: 'slug' })
  })

  it('lets any member create a form and read the others, and only its owner and admins change it', async () => {
    const owner = await buildOwner(app)
    const admin = await buildMember(app, owner, { role: 'admin' })
    const member = await buildMember(app, owner)
    const colleague = await buildMember(app, owner)
    const form = await buildForm(app, member)

    expect((await call(colleague, 'GET', `/api/routings/${form.id}`)).statusCode).toBe(200)
    const refused = await call(colleague, 'PATCH', `/api/routings/${form.id}`, { name: 'Mine now' })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe("Only the form's owner, owners and admins can change a routing form")
    expect(
      (
        await call(colleague, 'POST', `/api/routings/${form.id}/outcomes`, {
          name: 'x',
          conditions: { combinator: 'and', rules: [] },
          action: message('Hi'),
        })
      ).statusCode,
    ).toBe(403)
    expect((await call(admin, 'PATCH', `/api/routings/${form.id}`, { name: 'Edited by an admin' })).statusCode).toBe(200)
    expect((await call(member, 'DELETE', `/api/routings/${form.id}`)).statusCode).toBe(200)
  })
})

describe('routing outcomes', () => {
  it('adds outcomes before the fallback, reorders them, and keeps the fallback last, undeletable and unconditional', async () => {
    const owner = await buildOwner(app)
    const form = await buildForm(app, owner)
    const fallbackId = form.outcomes[0]?.id
    const add = async (name: string) => {
      const res = await call(owner, 'POST', `/api/routings/${form.id}/outcomes`, {
        name,
        conditions: { combinator: 'and', rules: [rule('size', 'greater_than', 10)] },
        action: message(name),
      })
      expect(res.statusCode).toBe(201)
      return res.json()
    }
    const big = await add('Big')
    const huge = await add('Huge')
    expect(huge.position).toBe(1)
    let outcomes = (await call(owner, 'GET', `/api/routings/${form.id}`)).json().outcomes
    expect(outcomes.map((o: { name: string; position: number }) => [o.name, o.position])).toEqual([
      ['Big', 0],
      ['Huge', 1],
      ['Everyone else', 2],
    ])

    const reordered = await call(owner, 'PUT', `/api/routings/${form.id}/outcomes/order`, { outcomeIds: [huge.id, big.id] })
    expect(reordered.statusCode).toBe(200)
    expect(reordered.json().outcomes.map((o: { name: string }) => o.name)).toEqual(['Huge', 'Big', 'Everyone else'])
    const missing = await call(owner, 'PUT', `/api/routings/${form.id}/outcomes/order`, { outcomeIds: [huge.id] })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().field).toBe('outcomeIds')
    const twice = await call(owner, 'PUT', `/api/routings/${form.id}/outcomes/order`, { outcomeIds: [huge.id, huge.id] })
    expect(twice.statusCode).toBe(400)
    const withFallback = await call(owner, 'PUT', `/api/routings/${form.id}/outcomes/order`, { outcomeIds: [fallbackId, huge.id, big.id] })
    expect(withFallback.statusCode).toBe(409)

    const deleted = await call(owner, 'DELETE', `/api/routings/${form.id}/outcomes/${fallbackId}`)
    expect(deleted.statusCode).toBe(409)
    expect(deleted.json().message).toMatch(/fallback/)
    const conditioned = await call(owner, 'PATCH', `/api/routings/${form.id}/outcomes/${fallbackId}`, {
      conditions: { combinator: 'and', rules: [rule('size', 'greater_than', 1)] },
    })
    expect(conditioned.statusCode).toBe(409)
    const reworded = await call(owner, 'PATCH', `/api/routings/${form.id}/outcomes/${fallbackId}`, { action: message('We will call you') })
    expect(reworded.json()).toMatchObject({ fallback: true, position: 2, action: message('We will call you') })

    expect((await call(owner, 'DELETE', `/api/routings/${form.id}/outcomes/${big.id}`)).statusCode).toBe(200)
    outcomes = (await call(owner, 'GET', `/api/routings/${form.id}`)).json().outcomes
    expect(outcomes.map((o: { name: string }) => o.name)).toEqual(['Huge', 'Everyone else'])
  })

  it('refuses conditions that do not fit the questions, naming the rule at fault', async () => {
    const owner = await buildOwner(app)
    const form = await buildForm(app, owner)
    const save = (conditions: object, action: object = message('Hi')) =>
      call(owner, 'POST', `/api/routings/${form.id}/outcomes`, { name: 'x', conditions, action })
    const cases: [object, string][] = [
      [{ combinator: 'and', rules: [rule('budget', 'equals', 'x')] }, 'conditions.rules.0.field: This form has no question "budget"'],
      [
        { combinator: 'or', rules: [rule('size', 'is_empty'), rule('size', 'between', [20, 10])] },
        'conditions.rules.1.value: Give a low and a high number, the low one first',
      ],
      [
        { combinator: 'and', rules: [rule('region', 'equals', 'Mars')] },
        'conditions.rules.0.value: "Mars" is not a choice of this question',
      ],
      [{ combinator: 'and', rules: [rule('size', 'equals', 'ten')] }, 'conditions.rules.0.value: Give a number'],
      [
        { combinator: 'and', rules: [rule('company', 'greater_than', 3)] },
        'conditions.rules.0.operator: Only number questions are compared as numbers',
      ],
      [
        { combinator: 'and', rules: [{ combinator: 'or', rules: [{ combinator: 'and', rules: [{ combinator: 'or', rules: [] }] }] }] },
        'conditions: Groups go at most 3 levels deep',
      ],
      [
        { combinator: 'and', rules: [{ combinator: 'or', rules: [rule('region', 'any_of', ['Europe', 'Moon'])] }] },
        'conditions.rules.0.rules.0.value: "Moon" is not a choice of this question',
      ],
    ]
    for (const [conditions, problem] of cases) {
      const res = await save(conditions)
      expect(res.statusCode, problem).toBe(400)
      expect(res.json()).toEqual(invalidField(problem))
    }
  })

  it("refuses another organization's event type and stage, and attribute routing without a round robin team", async () => {
    const owner = await buildOwner(app)
    const stranger = await buildOwner(app)
    const form = await buildForm(app, owner)
    const mine = await buildEventType(app, owner)
    const theirs = await buildEventType(app, stranger)
    const [theirStage] = await stagesOf(app, stranger)
    const always = { combinator: 'and', rules: [] }
    const save = (body: object) => call(owner, 'POST', `/api/routings/${form.id}/outcomes`, { name: 'x', conditions: always, ...body })

    expect((await save({ action: { type: 'event-type', eventTypeId: theirs.id } })).json()).toEqual(
      invalidField('action.eventTypeId: Choose an event type of your organization'),
    )
    expect(
      (await save({ action: { type: 'members', eventTypeId: mine.id, match: [{ attribute: 'region', field: 'region' }] } })).json(),
    ).toEqual(invalidField('action.eventTypeId: Routing to members by attributes needs a round robin team event type'))
    expect((await save({ action: message('Hi'), deal: { stageId: theirStage?.id } })).json()).toEqual(
      invalidField('deal.stageId: Choose a stage of your pipeline'),
    )
    const ok = await save({ action: { type: 'event-type', eventTypeId: mine.id } })
    expect(ok.json()).toMatchObject({ action: { type: 'event-type', eventTypeId: mine.id, ownerFirst: true } })
  })

  it('refuses to drop a question or choice an outcome still tests', async () => {
    const owner = await buildOwner(app)
    const form = await buildForm(app, owner)
    await call(owner, 'POST', `/api/routings/${form.id}/outcomes`, {
      name: 'Europe',
      conditions: { combinator: 'and', rules: [rule('region', 'equals', 'Europe')] },
      action: message('Hi'),
    })
    const withoutChoice = FIELDS.map((f) => (f.identifier === 'region' ? { ...f, options: ['Americas', 'Asia'] } : f))
    const res = await call(owner, 'PATCH', `/api/routings/${form.id}`, { fields: withoutChoice })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual(
      invalidField(
        'fields: The outcome "Europe" still relies on this (conditions.rules.0.value: "Europe" is not a choice of this question); change it first',
      ),
    )
    const withMore = FIELDS.map((f) => (f.identifier === 'region' ? { ...f, options: [...f.options, 'Africa'] } : f))
    expect((await call(owner, 'PATCH', `/api/routings/${form.id}`, { fields: withMore })).statusCode).toBe(200)
  })
})
