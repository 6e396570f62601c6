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
