import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookings, routingResponses } from '../../db/schema/index.ts'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { bookingBody, buildEventType, nextMonday } from '../../testing/booking.ts'
import { buildOwner, type Client, request } from '../../testing/factories.ts'
import { buildForm, FIELDS, rule } from '../../testing/routing.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const call = (client: Client | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  request(app, client, method, url, payload)
const submit = (form: { slug: string }, answers: object) => call(null, 'POST', `/api/public/routings/${form.slug}/responses`, { answers })

async function addOutcome(client: Client, formId: string, body: object) {
  const res = await call(client, 'POST', `/api/routings/${formId}/outcomes`, body)
  if (res.statusCode !== 201) throw new Error(`outcome failed: ${res.statusCode} ${res.body}`)
  return res.json()
}

describe('the test panel', () => {
  it('says which outcome matches and why without storing anything, required questions or not', async () => {
    const owner = await buildOwner(app)
    const form = await buildForm(app, owner)
    const europe = await addOutcome(owner, form.id, {
      name: 'Europe',
      conditions: { combinator: 'or', rules: [rule('region', 'equals', 'Europe'), rule('company', 'contains', 'gmbh')] },
      action: { type: 'message', message: 'Hallo' },
    })
    const res = await call(owner, 'POST', `/api/routings/${form.id}/test`, { answers: { company: 'Muster GmbH' } })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      outcomeId: europe.id,
      outcomeName: 'Europe',
      fallback: false,
      matchedRules: [1],
      members: [],
      reason: null,
    })
    const bad = await call(owner, 'POST', `/api/routings/${form.id}/test`, { answers: { size: 'ten' } })
    expect(bad.json()).toMatchObject({ field: 'answers.size' })
    expect((await call(owner, 'GET', `/api/routings/${form.id}/responses`)).json().total).toBe(0)
  })
})

describe('responses, their export and the report', () => {
  it('lists responses newest first with filters, exports them as CSV with formulas defused, and counts them per day and outcome', async () => {
    const owner = await buildOwner(app)
    const eventType = await buildEventType(app, owner)
    const form = await buildForm(app, owner)
    const demo = await addOutcome(owner, form.id, {
      name: 'Demo',
      conditions: { combinator: 'and', rules: [rule('size', 'greater_than', 10)] },
      action: { type: 'event-type', eventTypeId: eventType.id },
    })
    const fallbackId = form.outcomes[0]?.id
    const booked = (
      await submit(form, { name: '=HYPERLINK("http://evil.example")', email: 'big@buyer.example', size: 40, needs: ['Deals', 'Meetings'] })
    ).json()
    await submit(form, { name: 'Small "Co"', email: 'small@buyer.example', size: 2, company: '@risk' })
    await submit(form, { name: 'Other', email: 'other@buyer.example', size: 90 })

    // The booking module ties a booking to its response; here the booking is made and tied as it would be.
    const monday = nextMonday()
    const booking = await call(
      null,
      'POST',
      '/api/public/bookings',
      bookingBody(eventType.id, `${monday}T09:00:00.000Z`, { email: 'big@buyer.example' }),
    )
    expect(booking.statusCode).toBe(201)
    const [made] = await app.database.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.uid, booking.json().uid))
    await app.database.db.update(routingResponses).set({ bookingId: made?.id }).where(eq(routingResponses.id, booked.responseId))

    const all = (await call(owner, 'GET', `/api/routings/${form.id}/responses`)).json()
    expect(all.total).toBe(3)
    expect(all.responses.map((r: { email: string }) => r.email)).toEqual([
      'other@buyer.example',
      'small@buyer.example',
      'big@buyer.example',
    ])
    const demos = (await call(owner, 'GET', `/api/routings/${form.id}/responses?outcomeId=${demo.id}&booked=no`)).json()
    expect(demos.responses.map((r: { email: string }) => r.email)).toEqual(['other@buyer.example'])
    const today = new Date().toISOString().slice(0, 10)
    expect((await call(owner, 'GET', `/api/routings/${form.id}/responses?from=2020-01-01&to=2020-12-31`)).json().total).toBe(0)
    expect((await call(owner, 'GET', `/api/routings/${form.id}/responses?from=${today}&to=${today}`)).json().total).toBe(3)

    const csv = await call(owner, 'GET', `/api/routings/${form.id}/responses.csv?booked=yes`)
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="${form.slug}-responses.csv"`)
    const [header, line, ...rest] = csv.body.trimEnd().split('\r\n')
    expect(rest).toEqual([])
    expect(header).toBe(
      ['created', ...FIELDS.map((f) => f.identifier), 'outcome', 'routed to', 'reason', 'booked', 'deal'].map((c) => `"${c}"`).join(','),
    )
    expect(line).toContain(
      `"'=HYPERLINK(""http://evil.example"")","big@buyer.example","","","40","","Deals; Meetings","","Demo","${owner.user.name}","hosts","yes",""`,
    )
    const everyone = (await call(owner, 'GET', `/api/routings/${form.id}/responses.csv`)).body
    expect(everyone).toContain(`"Small ""Co""","small@buyer.example","","'@risk","2"`)

    const report = (await call(owner, 'GET', `/api/routings/${form.id}/report?from=${today}&to=${today}`)).json()
    expect(report).toEqual({
      days: [{ date: today, responses: 3, booked: 1 }],
      outcomes: [
        { outcomeId: demo.id, name: 'Demo', responses: 2, booked: 1 },
        { outcomeId: fallbackId, name: 'Everyone else', responses: 1, booked: 0 },
      ],
    })
    expect((await call(owner, 'GET', `/api/routings/${form.id}/report?from=2020-01-01&to=2020-01-02`)).json().days).toEqual([])
  })
})

describe('tenant isolation', () => {
  it('answers 404 to another organization on every route of a form, and keeps it out of their list', async () => {
    const owner = await buildOwner(app)
    const stranger = await buildOwner(app)
    const form = await buildForm(app, owner)
    const outcomeId = form.outcomes[0]?.id
    const routes: [Parameters<typeof call>[1], string, object?][] = [
      ['GET', `/api/routings/${form.id}`],
      ['PATCH', `/api/routings/${form.id}`, { name: 'Mine' }],
      ['DELETE', `/api/routings/${form.id}`],
      [
        'POST',
        `/api/routings/${form.id}/outcomes`,
        { name: 'x', conditions: { combinator: 'and', rules: [] }, action: { type: 'message', message: 'x' } },
      ],
      ['PATCH', `/api/routings/${form.id}/outcomes/${outcomeId}`, { name: 'x' }],
      ['DELETE', `/api/routings/${form.id}/outcomes/${outcomeId}`],
      ['PUT', `/api/routings/${form.id}/outcomes/order`, { outcomeIds: [] }],
      ['POST', `/api/routings/${form.id}/test`, { answers: {} }],
      ['GET', `/api/routings/${form.id}/responses`],
      ['GET', `/api/routings/${form.id}/responses.csv`],
      ['GET', `/api/routings/${form.id}/report`],
    ]
    for (const [method, url, body] of routes) expect((await call(stranger, method, url, body)).statusCode, `${method} ${url}`).toBe(404)
    expect((await call(stranger, 'GET', '/api/routings')).json().routings).toEqual([])
    expect((await call(null, 'GET', `/api/routings/${form.id}`)).statusCode).toBe(401)
    expect((await call(owner, 'GET', `/api/routings/${form.id}`)).json().name).toBe(form.name)
  })
})

describe('the public rate limit', () => {
  it('answers 429 once an address submits too often', async () => {
    const limited = await buildTestApp({
      limits: {
        perIp: { max: 100, windowMs: 60_000 },
        perEmail: { max: 100, windowMs: 60_000 },
        publicReads: { max: 100, windowMs: 60_000 },
        publicWrites: { max: 2, windowMs: 60_000 },
      },
    })
    try {
      const owner = await buildOwner(limited)
      const form = await buildForm(limited, owner)
      const send = (email: string) =>
        request(limited, null, 'POST', `/api/public/routings/${form.slug}/responses`, { answers: { name: 'Bea', email } })
      expect((await send('a@buyer.example')).statusCode).toBe(200)
      expect((await send('b@buyer.example')).statusCode).toBe(200)
      const refused = await send('c@buyer.example')
      expect(refused.statusCode).toBe(429)
      expect(refused.json().message).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/)
    } finally {
      await limited.close()
    }
  })
})
