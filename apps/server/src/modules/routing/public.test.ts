import { MESSAGES, ROUTING_LIMITS, routingAnswerProblem } from '@closeroom/shared'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routingResponses } from '../../db/schema/index.ts'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildEventType } from '../../testing/booking.ts'
import { stagesOf } from '../../testing/deals.ts'
import { buildMember, buildOwner, type Client, invalidField, request } from '../../testing/factories.ts'
import { buildForm, rule } from '../../testing/routing.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const call = (client: Client | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  request(app, client, method, url, payload)
const always = { combinator: 'and', rules: [] }

async function addOutcome(client: Client, formId: string, body: object) {
  const res = await call(client, 'POST', `/api/routings/${formId}/outcomes`, { name: 'Outcome', conditions: always, ...body })
  if (res.statusCode !== 201) throw new Error(`outcome failed: ${res.statusCode} ${res.body}`)
  return res.json()
}

const submit = (form: { slug: string }, answers: object) => call(null, 'POST', `/api/public/routings/${form.slug}/responses`, { answers })
const buyer = (extra: object = {}) => ({
  name: 'Bea Buyer',
  email: `bea-${Math.random().toString(36).slice(2, 8)}@buyer.example`,
  ...extra,
})

describe('a buyer answering a routing form', () => {
  it('reads the published form by slug or id with the organization, and nothing of an unpublished one', async () => {
    const owner = await buildOwner(app)
    const form = await buildForm(app, owner, { description: 'A few questions' })
    const bySlug = await call(null, 'GET', `/api/public/routings/${form.slug}`)
    expect(bySlug.statusCode).toBe(200)
    expect(bySlug.json()).toEqual({
      id: form.id,
      slug: form.slug,
      name: form.name,
      description: 'A few questions',
      fields: form.fields,
      organization: { name: expect.any(String), logoUrl: null },
    })
    expect((await call(null, 'GET', `/api/public/routings/${form.id}`)).json()).toEqual(bySlug.json())

    await call(owner, 'PATCH', `/api/routings/${form.id}`, { published: false })
    const hidden = await call(null, 'GET', `/api/public/routings/${form.slug}`)
    expect(hidden.statusCode).toBe(404)
    expect(hidden.json().message).toBe('This form does not exist or is not open')
    expect((await submit(form, buyer())).statusCode).toBe(404)
  })

  it('sends a matching buyer to the booking page with their answers filled in and the response named', async () => {
    const owner = await buildOwner(app)
    const eventType = await buildEventType(app, owner, {
      questions: [{ id: 'company', label: 'Company', type: 'text', required: false }],
    })
    const form = await buildForm(app, owner)
    const big = await addOutcome(owner, form.id, {
      name: 'Big teams',
      conditions: { combinator: 'and', rules: [rule('size', 'greater_than', 50), rule('needs', 'contains', 'Deals')] },
      action: { type: 'event-type', eventTypeId: eventType.id },
    })

    const answers = buyer({ phone: '+33 6 12 34 56 78', company: ' Acme ', size: 120, needs: ['Deals', 'Meetings'], notes: 'Soon' })
    const res = await submit(form, answers)
    expect(res.statusCode).toBe(200)
    const { responseId, outcome } = res.json()
    const url = new URL(outcome.bookingUrl, 'http://app.example')
    const handle = (await call(owner, 'GET', '/api/booking-profile')).json().handle
    expect(outcome.type).toBe('booking')
    expect(url.pathname).toBe(`/u/${handle}`)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      type: eventType.slug,
      routing: responseId,
      name: 'Bea Buyer',
      email: answers.email,
      phone: '+33612345678',
      company: 'Acme',
      notes: 'Soon',
    })

    const stored = (await call(owner, 'GET', `/api/routings/${form.id}/responses`)).json()
    expect(stored.total).toBe(1)
    expect(stored.responses[0]).toMatchObject({
      id: responseId,
      email: answers.email,
      answers: { company: 'Acme', phone: '+33612345678', size: 120 },
      decision: {
        outcomeId: big.id,
        outcomeName: 'Big teams',
        fallback: false,
        matchedRules: [0, 1],
        members: [{ id: owner.user.id, name: owner.user.name }],
        reason: 'hosts',
      },
      routedTo: { id: owner.user.id, name: owner.user.name },
      bookingId: null,
      dealId: null,
    })
  })

  it('shows the message of a message outcome, and redirects with every answer added to the URL', async () => {
    const owner = await buildOwner(app)
    const form = await buildForm(app, owner)
    await addOutcome(owner, form.id, {
      conditions: { combinator: 'and', rules: [rule('region', 'equals', 'Asia')] },
      action: { type: 'url', url: 'https://partner.example/apply?from=closeroom' },
    })
    const fallback = await submit(form, buyer({ region: 'Europe' }))
    expect(fallback.json().outcome).toEqual({ type: 'message', message: 'Thank you! We have your answers and will be in touch soon.' })

    const redirected = await submit(form, {
      name: 'Li',
      email: 'li@buyer.example',
      region: 'Asia',
      needs: ['Deals', 'Signatures'],
      size: 3,
    })
    const url = new URL(redirected.json().outcome.url)
    expect(redirected.json().outcome.type).toBe('url')
    expect(url.origin + url.pathname).toBe('https://partner.example/apply')
    expect([...url.searchParams]).toEqual([
      ['from', 'closeroom'],
      ['name', 'Li'],
      ['email', 'li@buyer.example'],
      ['size', '3'],
      ['region', 'Asia'],
      ['needs', 'Deals'],
      ['needs', 'Signatures'],
    ])
  })

  it("refuses answers that do not fit the form with the shared rules' messages the buyer's page shows, naming the question", async () => {
    const owner = await buildOwner(app)
    const form = await buildForm(app, owner)
    const cases: [object, string][] = [
      [{ email: 'a@b.example', name: '  ' }, `answers.name: ${MESSAGES.required}`],
      [buyer({ email: 'not an email' }), `answers.email: ${MESSAGES.email}`],
      [buyer({ phone: '12' }), `answers.phone: ${MESSAGES.phone}`],
      [buyer({ size: 'many' }), `answers.size: ${MESSAGES.number}`],
      [buyer({ region: 'Mars' }), `answers.region: ${MESSAGES.choice}`],
      [buyer({ needs: ['Deals', 'Golf'] }), `answers.needs: ${MESSAGES.choice}`],
      [buyer({ company: 'x'.repeat(ROUTING_LIMITS.maxShortText + 1) }), `answers.company: ${MESSAGES.tooLong}`],
      [buyer({ company: 42 }), `answers.company: ${MESSAGES.invalid}`],
      [buyer({ budget: '1M' }), 'answers.budget: This form has no such question'],
    ]
    // Each one as the buyer's page checks it before sending.
    for (const [answers, message] of cases.slice(0, -1)) {
      const identifier = message.slice('answers.'.length, message.indexOf(': '))
      const field = form.fields.find((f) => f.identifier === identifier)
      if (!field) throw new Error(`no question ${identifier}`)
      expect(`answers.${identifier}: ${routingAnswerProblem(field, (answers as Record<string, never>)[field.identifier])}`).toBe(message)
    }
    for (const [answers, message] of cases) {
      const res = await submit(form, answers)
      expect(res.statusCode, message).toBe(400)
      expect(res.json()).toEqual(invalidField(message))
    }
    expect((await call(owner, 'GET', `/api/routings/${form.id}/responses`)).json().total).toBe(0)
  })

  it('routes an identical submission within a minute the same way without storing it twice', async () => {
    const owner = await buildOwner(app)
    const form = await buildForm(app, owner)
    const answers = buyer({ region: 'Europe' })
    const first = (await submit(form, answers)).json()
    const again = (await submit(form, { ...answers, name: '  Bea Buyer ' })).json()
    expect(again).toEqual(first)
    const other = (await submit(form, { ...answers, region: 'Asia' })).json()
    expect(other.responseId).not.toBe(first.responseId)
    expect((await call(owner, 'GET', `/api/routings/${form.id}/responses`)).json().total).toBe(2)

    // A minute later the same answers are a new response.
    await app.database.db
      .update(routingResponses)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(routingResponses.id, first.responseId))
    expect((await submit(form, answers)).json().responseId).not.toBe(first.responseId)
  })

  it('stores one response for identical submissions sent at the same moment, and routes them all the same', async () => {
    const owner = await buildOwner(app)
    const seller = await buildMember(app, owner, { name: 'Sam Seller' })
    const eventType = await buildEventType(app, seller)
    const form = await buildForm(app, owner)
    await addOutcome(owner, form.id, { name: 'Book Sam', action: { type: 'event-type', eventTypeId: eventType.id } })
    const answers = buyer({ region: 'Europe' })
    // On PostgreSQL the six interleave at every query (without the lock several were stored); PGlite's
    // one connection runs them nearly one after the other, and the lock must not get in its way.
    const answered = await Promise.all(Array.from({ length: 6 }, () => submit(form, answers)))
    expect(answered.map((res) => res.statusCode)).toEqual(Array(6).fill(200))
    const [first] = answered.map((res) => res.json())
    for (const res of answered) expect(res.json()).toEqual(first)
    const stored = await app.database.db.select().from(routingResponses).where(eq(routingResponses.formId, form.id))
    expect(stored.map((r) => r.id)).toEqual([first.responseId])
  })

  it('opens a deal in the outcome stage for a new buyer, and moves a known buyer’s open deal there with the routed owner', async () => {
    const owner = await buildOwner(app)
    const stages = await stagesOf(app, owner)
    const [first, second] = stages
    if (!first || !second) throw new Error('no stages')
    const form = await buildForm(app, owner, { name: 'Inbound' })
    await addOutcome(owner, form.id, { name: 'Qualified', action: { type: 'message', message: 'Thanks' }, deal: { stageId: second.id } })

    const res = await submit(form, { name: 'Nina New', email: 'nina@new.example', company: 'Newco' })
    const dealId = (await call(owner, 'GET', `/api/routings/${form.id}/responses`)).json().responses[0].dealId
    expect(res.json().outcome).toEqual({ type: 'message', message: 'Thanks' })
    const deal = (await call(owner, 'GET', `/api/deals/${dealId}`)).json()
    expect(deal).toMatchObject({ name: 'Newco — Inbound', stageId: second.id, owner: { id: owner.user.id } })
    const clients = (await call(owner, 'GET', '/api/clients?q=nina')).json()
    expect(JSON.stringify(clients)).toContain('nina@new.example')

    // Known buyer with an open deal in the first stage: the same deal moves and the timeline says why.
    await call(owner, 'PATCH', `/api/deals/${dealId}`, { stageId: first.id })
    await submit(form, { name: 'Nina New', email: 'NINA@new.example', company: 'Newco', notes: 'Again' })
    const moved = (await call(owner, 'GET', `/api/deals/${dealId}`)).json()
    expect(moved.stageId).toBe(second.id)
    const timeline = (await call(owner, 'GET', `/api/deals/${dealId}/activities`)).json().activities
    expect(timeline).toContainEqual(
      expect.objectContaining({ kind: 'routing', data: { via: 'routing', title: 'Inbound', outcome: 'Qualified' } }),
    )
    const responses = (await call(owner, 'GET', `/api/routings/${form.id}/responses`)).json().responses
    expect(responses.map((r: { dealId: string }) => r.dealId)).toEqual([dealId, dealId])
  })
})
