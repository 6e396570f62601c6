import { ProductSocketEvents } from '@closeroom/shared'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookings } from '../../db/schema/index.ts'
import { buildTestApp, listenOnFreePort, type TestApp } from '../../testing/app.ts'
import { bookingBody, buildEventType, nextMonday } from '../../testing/booking.ts'
import { buildDeal, buildProduct } from '../../testing/deals.ts'
import { buildMember, buildOwner, type Client } from '../../testing/factories.ts'
import { connectSocket, nextEvent } from '../../testing/sockets.ts'

let app: TestApp
let url: string
beforeAll(async () => {
  app = await buildTestApp()
  url = await listenOnFreePort(app)
})
afterAll(() => app.close())

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH'
const call = (client: Client | null, method: Method, path: string, payload?: object, cookie?: string) =>
  app.inject({ method, url: path, headers: { ...(client ? { cookie: client.cookie } : {}), ...(cookie ? { cookie } : {}) }, payload })

const book = (body: object, cookie?: string) => call(null, 'POST', '/api/public/bookings', body, cookie)
const rowOf = async (uid: string) => (await app.database.db.select().from(bookings).where(eq(bookings.uid, uid)))[0]

/** A deal owned by Olivia, its room published (link or private), and Olivia's event type that the room offers. */
async function dealRoom(settings: Record<string, unknown> = {}) {
  const owner = await buildOwner(app, { name: 'Olivia Owner' })
  const deal = await buildDeal(app, owner, { name: 'Acme rollout' })
  const room = await call(owner, 'PUT', `/api/deals/${deal.id}/salesroom`, { title: 'Acme', published: true, ...settings })
  expect(room.statusCode, room.body).toBe(200)
  const eventType = await buildEventType(app, owner, { title: 'Pilot review' })
  return { owner, deal, eventType, publicId: room.json().publicId as string }
}

describe('booking from a deal’s sales room', () => {
  it("lands on the deal's timeline and tells the board", async () => {
    const { owner, deal, eventType, publicId } = await dealRoom()
    const socket = await connectSocket(url, owner.cookie)
    try {
      const changed = nextEvent<{ deal: { id: string } }>(socket, ProductSocketEvents.dealsChanged)
      const start = `${nextMonday()}T10:00:00.000Z`
      const res = await book(bookingBody(eventType.id, start, { salesroomId: publicId }))
      expect(res.statusCode, res.body).toBe(201)
      expect((await changed).deal.id).toBe(deal.id)
      expect((await rowOf(res.json().uid))?.dealId).toBe(deal.id)
      const { activities } = (await call(owner, 'GET', `/api/deals/${deal.id}/activities`)).json()
      expect(activities[0]).toMatchObject({ kind: 'booking', data: { title: 'Pilot review', start, attendee: 'Bea Buyer' } })
      // The buyer's answer carries nothing of the deal.
      expect(res.body).not.toContain(deal.id)
    } finally {
      socket.disconnect()
    }
  })

  it('refuses a private room without its pass, and takes it with one', async () => {
    const { deal, eventType, publicId } = await dealRoom({ access: 'invited', invitedEmails: ['bea@buyer.example'] })
    const body = bookingBody(eventType.id, `${nextMonday()}T11:00:00.000Z`, { salesroomId: publicId })
    const refused = await book(body)
    expect(refused.statusCode).toBe(401)
    expect(refused.json()).toEqual({ message: 'This room is private: enter your invited email to receive a code', code: 'unauthorized' })

    const pub = `/api/public/salesrooms/${publicId}`
    await call(null, 'POST', `${pub}/access`, { email: 'bea@buyer.example' })
    const code = (await app.outbox('bea@buyer.example'))[0]?.text.match(/\b(\d{6})\b/)?.[1] ?? ''
    const verified = await call(null, 'POST', `${pub}/verify`, { email: 'bea@buyer.example', code })
    const cookie = String(verified.headers['set-cookie']).split(';')[0]
    const res = await book(body, cookie)
    expect(res.statusCode, res.body).toBe(201)
    expect((await rowOf(res.json().uid))?.dealId).toBe(deal.id)
  })

  it("refuses an event type the room does not offer: a teammate's, or another organization's", async () => {
    const { owner, publicId } = await dealRoom()
    const teammate = await buildMember(app, owner)
    const stranger = await buildOwner(app)
    for (const other of [await buildEventType(app, teammate), await buildEventType(app, stranger)]) {
      const res = await book(bookingBody(other.id, `${nextMonday()}T12:00:00.000Z`, { salesroomId: publicId }))
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({
        message: 'eventTypeId: This sales room does not offer this meeting',
        code: 'invalid',
        field: 'eventTypeId',
      })
    }
  })

  it('answers 404 for an unpublished or unknown room, and books nothing', async () => {
    const { owner, deal, eventType, publicId } = await dealRoom()
    await call(owner, 'PUT', `/api/deals/${deal.id}/salesroom`, { title: 'Acme', published: false })
    const start = `${nextMonday()}T13:00:00.000Z`
    for (const salesroomId of [publicId, 'nothing-here']) {
      const res = await book(bookingBody(eventType.id, start, { salesroomId }))
      expect(res.json()).toEqual({ message: 'Sales room not found', code: 'not_found' })
    }
    expect((await book(bookingBody(eventType.id, start))).statusCode).toBe(201)
  })
})

describe('booking from a product room', () => {
  async function productRoom() {
    const owner = await buildOwner(app)
    const product = await buildProduct(app, owner)
    const eventType = await buildEventType(app, owner)
    const room = (await call(owner, 'PUT', `/api/products/${product.id}/room`, { published: true, eventTypeId: eventType.id })).json()
    return { owner, product, eventType, roomId: room.roomId as string }
  }

  it('remembers the product, and only for the event type the room offers', async () => {
    const { owner, product, eventType, roomId } = await productRoom()
    const res = await book(bookingBody(eventType.id, `${nextMonday()}T10:00:00.000Z`, { productRoomId: roomId }))
    expect(res.statusCode, res.body).toBe(201)
    expect(await rowOf(res.json().uid)).toMatchObject({ productId: product.id, dealId: null })

    const other = await buildEventType(app, owner)
    expect((await book(bookingBody(other.id, `${nextMonday()}T11:00:00.000Z`, { productRoomId: roomId }))).json()).toEqual({
      message: 'eventTypeId: This product room does not offer this meeting',
      code: 'invalid',
      field: 'eventTypeId',
    })
  })

  it("sets off the product's booking_made rules, with the buyer's name and email", async () => {
    const { owner, product, eventType, roomId } = await productRoom()
    const rules = `/api/products/${product.id}/automations`
    const rule = await call(owner, 'POST', rules, {
      name: 'Booked from the room',
      trigger: 'booking_made',
      actions: [{ type: 'send_email', subject: 'See you soon', body: 'Hello {{name}}' }],
    })
    expect(rule.statusCode, rule.body).toBe(201)
    // A booking from elsewhere sets nothing off.
    await book(bookingBody(eventType.id, `${nextMonday()}T14:00:00.000Z`))
    expect((await call(owner, 'GET', `${rules}/runs`)).json().runs).toEqual([])
    expect((await book(bookingBody(eventType.id, `${nextMonday()}T15:00:00.000Z`, { productRoomId: roomId }))).statusCode).toBe(201)
    const { runs } = (await call(owner, 'GET', `${rules}/runs`)).json()
    expect(runs).toEqual([
      expect.objectContaining({ trigger: 'booking_made', ruleName: 'Booked from the room', summary: 'Bea Buyer <bea@buyer.example>' }),
    ])
  })

  it('refuses an unpublished room, and a booking naming two rooms', async () => {
    const { owner, product, eventType, roomId } = await productRoom()
    const start = `${nextMonday()}T12:00:00.000Z`
    const both = await book(bookingBody(eventType.id, start, { productRoomId: roomId, salesroomId: 'some-room' }))
    expect(both.json()).toEqual({
      message: 'productRoomId: A booking comes from one room at most',
      code: 'invalid',
      field: 'productRoomId',
    })
    await call(owner, 'PUT', `/api/products/${product.id}/room`, { published: false, eventTypeId: eventType.id })
    expect((await book(bookingBody(eventType.id, start, { productRoomId: roomId }))).json()).toEqual({
      message: 'Product not found',
      code: 'not_found',
    })
  })
})
