import { SocketEvents } from '@closeroom/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, listenOnFreePort, type TestApp } from '../../testing/app.ts'
import { bookingBody, buildEventType, freeSlots, nextMonday } from '../../testing/booking.ts'
import { buildDeal } from '../../testing/deals.ts'
import { buildOwner, type Client, request } from '../../testing/factories.ts'
import { startPushService } from '../../testing/push.ts'
import { connectSocket, nextEvent } from '../../testing/sockets.ts'

let app: TestApp
let url: string
let pushService: Awaited<ReturnType<typeof startPushService>>

beforeAll(async () => {
  pushService = await startPushService()
  app = await buildTestApp({ pushAgent: pushService.agent })
  url = await listenOnFreePort(app)
})
afterAll(async () => {
  await app.close()
  await pushService.close()
})

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
const call = (client: Client | null, method: Method, path: string, payload?: object) =>
  app.inject({ method, url: path, headers: client ? { cookie: client.cookie } : {}, payload })

/** A buyer books the host's first free slot next Monday. */
async function bookWith(host: Client, name: string) {
  const type = await buildEventType(app, host, { title: 'Discovery call' })
  const [start] = await freeSlots(app, type.id, nextMonday())
  if (!start) throw new Error('no free slot')
  const res = await request(app, null, 'POST', '/api/public/bookings', bookingBody(type.id, start, { name }))
  expect(res.statusCode, res.body).toBe(201)
}

/** A published room whose first visit tells the deal's owner. */
async function firstVisit(owner: Client) {
  const deal = await buildDeal(app, owner, { name: 'Acme rollout' })
  const room = await call(owner, 'PUT', `/api/deals/${deal.id}/salesroom`, { title: 'Acme', published: true })
  await call(null, 'POST', `/api/public/salesrooms/${room.json().publicId}/events`, { kind: 'visit' })
  return deal
}

describe('web push', () => {
  it('gives the VAPID public key as text, the same on every call', async () => {
    const first = await call(null, 'GET', '/api/web-push/public-key')
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-type']).toMatch(/^text\/plain/)
    // An uncompressed P-256 point: what PushManager.subscribe takes as applicationServerKey.
    expect(Buffer.from(first.body, 'base64url')).toHaveLength(65)
    expect((await call(null, 'GET', '/api/web-push/public-key')).body).toBe(first.body)
  })

  it('subscribes signed in only, with a valid subscription', async () => {
    const owner = await buildOwner(app)
    expect((await call(null, 'POST', '/api/web-push', pushService.subscribe())).statusCode).toBe(401)
    const bad = await call(owner, 'POST', '/api/web-push', { endpoint: 'not a url', keys: { p256dh: 'x', auth: 'y' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/endpoint/)
    expect((await call(owner, 'POST', '/api/web-push', pushService.subscribe())).statusCode).toBe(201)
  })

  it('pushes a new booking to the host, encrypted for their browser and signed with the VAPID key', async () => {
    const host = await buildOwner(app, { name: 'Olivia Owner' })
    const subscription = pushService.subscribe()
    await call(host, 'POST', '/api/web-push', subscription)
    const pushed = pushService.next()
    await bookWith(host, 'Bea <b>Buyer</b>')
    const message = await pushed
    expect(message.endpoint).toBe(new URL(subscription.endpoint).pathname)
    expect(message.audience).toBe(pushService.origin)
    expect(message.payload).toEqual({ title: 'New booking', body: 'Bea <b>Buyer</b> booked Discovery call', url: '/calendar' })
    expect(Number(message.ttl)).toBeGreaterThan(0)
  })

  it('sends only what the user chose: a kind turned to email arrives by email, not by push', async () => {
    const host = await buildOwner(app, { name: 'Olivia Owner' })
    await call(host, 'POST', '/api/web-push', pushService.subscribe())
    const saved = await call(host, 'PUT', '/api/notifications/preferences', { 'booking-created': { push: false, email: true } })
    expect(saved.json()).toMatchObject({
      'booking-created': { push: false, email: true },
      'salesroom-first-visit': { push: true, email: false },
    })
    expect((await call(host, 'GET', '/api/notifications/preferences')).json()['booking-created']).toEqual({ push: false, email: true })

    await bookWith(host, 'Bea Buyer')
    await expect.poll(async () => (await app.outbox(host.user.email)).map((m) => m.subject)).toContain('New booking')
    // The booking's delivery has run (its email is out); the first push to come is the room visit's.
    const pushed = pushService.next()
    await firstVisit(host)
    expect((await pushed).payload).toMatchObject({ title: 'Sales room opened' })
  })

  it("pushes the first of a buyer's messages in a row, keeps the next ones in the centre, and pushes again once read", async () => {
    const owner = await buildOwner(app, { name: 'Olivia Owner' })
    const subscription = pushService.subscribe()
    await call(owner, 'POST', '/api/web-push', subscription)
    const mine = new URL(subscription.endpoint).pathname
    /** The next message pushed to this user's browser (earlier tests' messages to others are passed over). */
    const nextPush = async () => {
      for (;;) {
        const message = await pushService.next()
        if (message.endpoint === mine) return message
      }
    }
    const deal = await buildDeal(app, owner, { name: 'Acme rollout' })
    const room = await call(owner, 'PUT', `/api/deals/${deal.id}/salesroom`, { title: 'Acme', published: true })
    const say = (body: string) => call(null, 'POST', `/api/public/salesrooms/${room.json().publicId}/messages`, { body, name: 'Bea Buyer' })

    for (const body of ['Hello', 'One more thing', 'And a third']) expect((await say(body)).statusCode).toBe(201)
    expect((await nextPush()).payload).toMatchObject({ title: 'Bea Buyer in Acme rollout', body: 'Hello' })
    const centre = (await call(owner, 'GET', '/api/notifications')).json() as { notifications: { data: { message?: string } }[] }
    expect(centre.notifications.map((n) => n.data.message)).toEqual(['And a third', 'One more thing', 'Hello'])

    // Read: the buyer's next message is pushed, and it is the next push (the two between never were).
    await call(owner, 'POST', '/api/notifications/read', {})
    expect((await say('Are you there?')).statusCode).toBe(201)
    expect((await nextPush()).payload).toMatchObject({ body: 'Are you there?' })
  })

  it('forgets a subscription the push service says is gone, and unsubscribes with the spec’s error', async () => {
    const host = await buildOwner(app)
    const kept = pushService.subscribe()
    const dropped = pushService.subscribe()
    await call(host, 'POST', '/api/web-push', kept)
    await call(host, 'POST', '/api/web-push', dropped)
    pushService.revoke(dropped.endpoint)
    const pushed = pushService.next()
    await firstVisit(host)
    expect((await pushed).endpoint).toBe(new URL(kept.endpoint).pathname)
    await expect
      .poll(async () => (await call(host, 'DELETE', '/api/web-push', { endpoint: dropped.endpoint })).json())
      .toEqual({ message: 'No push subscription found', code: 'not_found' })

    expect((await call(host, 'DELETE', '/api/web-push', kept)).json()).toEqual({ ok: true })
    const again = await call(host, 'DELETE', '/api/web-push', kept)
    expect(again.statusCode).toBe(404)
    expect(again.json()).toEqual({ message: 'No push subscription found', code: 'not_found' })
  })
})

describe('notification centre', () => {
  it('keeps what happened, live to the user, unread until marked, and to that user only', async () => {
    const owner = await buildOwner(app, { name: 'Olivia Owner' })
    const stranger = await buildOwner(app)
    const socket = await connectSocket(url, owner.cookie)
    try {
      const live = nextEvent<{ type: string; notification: { id: string; kind: string; url: string } }>(
        socket,
        SocketEvents.userNewNotification,
      )
      const deal = await firstVisit(owner)
      const told = await live
      expect(told).toMatchObject({
        type: 'salesroom-first-visit',
        notification: { kind: 'salesroom-first-visit', url: `/deals/${deal.id}/room` },
      })

      const list = (await call(owner, 'GET', '/api/notifications')).json()
      expect(list.unread).toBe(1)
      expect(list.notifications).toEqual([
        expect.objectContaining({
          id: told.notification.id,
          kind: 'salesroom-first-visit',
          data: { name: null, deal: 'Acme rollout' },
          readAt: null,
        }),
      ])
      expect((await call(stranger, 'GET', '/api/notifications')).json()).toEqual({ notifications: [], unread: 0 })
      // Someone else's notification is not theirs to mark.
      await call(stranger, 'POST', '/api/notifications/read', { ids: [told.notification.id] })
      expect((await call(owner, 'GET', '/api/notifications')).json().unread).toBe(1)

      const read = (await call(owner, 'POST', '/api/notifications/read', { ids: [told.notification.id] })).json()
      expect(read.unread).toBe(0)
      expect(read.notifications[0].readAt).not.toBeNull()
      expect((await call(owner, 'POST', '/api/notifications/read', { ids: ['nope'] })).statusCode).toBe(400)
    } finally {
      socket.close()
    }
  })
})
