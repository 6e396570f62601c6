import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { bookingBody, buildEventType, nextMonday } from '../../testing/booking.ts'
import { buildMember, buildOwner, type Client, request } from '../../testing/factories.ts'
import { buildForm } from '../../testing/routing.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const call = (client: Client | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  request(app, client, method, url, payload)
const always = { combinator: 'and', rules: [] }

/** A form by the owner whose every buyer is sent to book the member's event type. */
async function bookingForm() {
  const owner = await buildOwner(app, { name: 'Olivia' })
  const seller = await buildMember(app, owner, { name: 'Sam Seller' })
  const eventType = await buildEventType(app, seller)
  const form = await buildForm(app, owner, { name: 'Talk to sales' })
  await call(owner, 'POST', `/api/routings/${form.id}/outcomes`, {
    name: 'Book Sam',
    conditions: always,
    action: { type: 'event-type', eventTypeId: eventType.id },
  })
  return { owner, seller, eventType, form }
}

const submit = async (form: { slug: string }, answers: object) =>
  (await call(null, 'POST', `/api/public/routings/${form.slug}/responses`, { answers })).json().responseId as string

const noBookingNotices = async (client: Client) =>
  ((await call(client, 'GET', '/api/notifications')).json().notifications as { kind: string; data: object; url: string }[]).filter(
    (n) => n.kind === 'routing-no-booking',
  )

/** The follow-ups pg-boss holds for a response, with when each may run. */
async function queuedFor(responseId: string) {
  const jobs = (await app.database.db.execute(
    sql`select start_after from pgboss.job where name = 'routing-no-booking' and data->>'responseId' = ${responseId}`,
  )) as unknown as { rows: { start_after: Date }[] }
  return jobs.rows.map((job) => new Date(job.start_after).getTime())
}

describe('the follow-up queued by a submission', () => {
  it("is queued for the form's delay when the buyer is sent to book an event type or members", async () => {
    const { owner, form } = await bookingForm()
    expect((await call(owner, 'PATCH', `/api/routings/${form.id}`, { noBookingDelay: 45 })).statusCode).toBe(200)
    const before = Date.now()
    const responseId = await submit(form, { name: 'Bea Buyer', email: 'bea-delay@buyer.example' })
    const after = Date.now()
    const [at, ...more] = await queuedFor(responseId)
    expect(more).toEqual([])
    // pg-boss keeps the time to the millisecond: between the request's start and end, 45 minutes on.
    expect(at).toBeGreaterThanOrEqual(before + 45 * 60_000)
    expect(at).toBeLessThanOrEqual(after + 45 * 60_000)

    const team = (await call(owner, 'POST', '/api/teams', { name: 'Sales', memberIds: [owner.user.id] })).json()
    await call(owner, 'PATCH', `/api/users/${owner.user.id}`, { attributes: { region: ['Europe'] } })
    const roundRobin = await buildEventType(app, owner, { kind: 'round_robin', teamId: team.id })
    const members = await buildForm(app, owner)
    const outcome = await call(owner, 'POST', `/api/routings/${members.id}/outcomes`, {
      name: 'Europe',
      conditions: always,
      action: { type: 'members', eventTypeId: roundRobin.id, match: [{ attribute: 'region', field: 'region' }] },
    })
    expect(outcome.statusCode, outcome.body).toBe(201)
    const routed = await submit(members, { name: 'Eve Europe', email: 'eve@buyer.example', region: 'Europe' })
    expect(await queuedFor(routed)).toHaveLength(1)
  })

  it('is not queued for a message or a web address, nor for a form without a delay', async () => {
    const { owner, form } = await bookingForm()
    // A new form's fallback shows a message.
    const told = await buildForm(app, owner)
    const sent = await buildForm(app, owner)
    const away = (await call(owner, 'GET', `/api/routings/${sent.id}`)).json().outcomes.at(-1)
    await call(owner, 'PATCH', `/api/routings/${sent.id}/outcomes/${away.id}`, {
      action: { type: 'url', url: 'https://example.com/thanks' },
    })
    await call(owner, 'PATCH', `/api/routings/${form.id}`, { noBookingDelay: null })

    const cases: [{ slug: string }, string][] = [
      [told, 'message'],
      [sent, 'url'],
      [form, 'booking'],
    ]
    for (const [which, type] of cases) {
      const res = await call(null, 'POST', `/api/public/routings/${which.slug}/responses`, {
        answers: { name: 'Nell Never', email: `nell-${type}@buyer.example` },
      })
      expect(res.json().outcome.type).toBe(type)
      expect(await queuedFor(res.json().responseId), type).toEqual([])
    }
  })
})

describe('a routed buyer who does not book', () => {
  it('tells the routed owner with the answers, linking to the form, once the delay is over', async () => {
    const { owner, seller, form } = await bookingForm()
    const responseId = await submit(form, { name: 'Bea Buyer', email: 'bea@buyer.example', region: 'Europe', needs: ['Deals', 'Meetings'] })
    expect(await app.routingModule.noBooking.run(responseId)).toBe(true)
    expect(await noBookingNotices(seller)).toEqual(
      [
        {
          kind: 'routing-no-booking',
          data: {
            name: 'Bea Buyer',
            form: 'Talk to sales',
            answers: 'Your name: Bea Buyer · Work email: bea@buyer.example · Region: Europe · Needs: Deals, Meetings',
          },
          url: `/routings/${form.id}`,
        },
      ].map((n) => expect.objectContaining(n)),
    )
    expect(await noBookingNotices(owner)).toEqual([])
  })

  it('says nothing once the buyer has booked', async () => {
    const { seller, eventType, form } = await bookingForm()
    const responseId = await submit(form, { name: 'Bo Booker', email: 'bo@buyer.example' })
    const booked = await call(null, 'POST', '/api/public/bookings', {
      ...bookingBody(eventType.id, `${nextMonday()}T09:00:00.000Z`),
      routingResponseId: responseId,
    })
    expect(booked.statusCode).toBe(201)
    expect(await app.routingModule.noBooking.run(responseId)).toBe(false)
    expect(await noBookingNotices(seller)).toEqual([])
  })

  it("tells the form's owner when the routed member has been deactivated since", async () => {
    const { owner, seller, form } = await bookingForm()
    const responseId = await submit(form, { name: 'Cy Client', email: 'cy@buyer.example' })
    await call(owner, 'DELETE', `/api/users/${seller.user.id}`)
    expect(await app.routingModule.noBooking.run(responseId)).toBe(true)
    expect(await noBookingNotices(owner)).toHaveLength(1)
  })
})
