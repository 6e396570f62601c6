import { WEBHOOK_PAYLOADS, type WebhookEventType } from '@closeroom/shared'
import { sql } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { z } from 'zod'
import { sentAgreement, signAs, tokenOf } from '../../testing/agreements.ts'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { bookingBody, buildEventType, freeSlots, nextMonday } from '../../testing/booking.ts'
import { buildDeal } from '../../testing/deals.ts'
import { buildOwner, type Client, request } from '../../testing/factories.ts'
import { form, PDF } from '../../testing/files.ts'
import { sentInvoice } from '../../testing/invoices.ts'
import { recordMeeting } from '../../testing/recordings.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver.ts'

// Every event type of the areas besides deals, clients, routing forms and room visits (webhooks.test.ts has
// those), each set off by the calls a user's browser makes, and each received by a real HTTP server, its
// signature verified by the standardwebhooks package and its data checked against the documented shape.
// One app, one receiver, one organization and one endpoint for the whole file: it is about the events.

let receiver: WebhookReceiver
let app: TestApp
let owner: Client
let secret: string

beforeAll(async () => {
  receiver = await startWebhookReceiver()
  app = await buildTestApp({ env: { ALLOW_PRIVATE_TARGETS: '127.0.0.1' } })
  owner = await buildOwner(app, { name: 'Olivia Owner' })
  const added = await request(app, owner, 'POST', '/api/webhooks/endpoints', {
    url: `${receiver.base}/events`,
    events: Object.keys(WEBHOOK_PAYLOADS),
  })
  expect(added.statusCode, added.body).toBe(201)
  secret = added.json().secret
})
afterAll(async () => {
  await app?.close()
  await receiver?.close()
})

/**
 * The next event of `type` whose data `fits`, as the endpoint received it: its signature verified with the
 * endpoint's secret, its body `{ type, timestamp, data }`, and its data in the shape WEBHOOK_PAYLOADS documents.
 */
async function received<T extends WebhookEventType>(
  type: T,
  fits: (data: Record<string, unknown>) => boolean,
): Promise<z.output<(typeof WEBHOOK_PAYLOADS)[T]>> {
  const delivery = await receiver.next('/events', (r) => {
    const body = JSON.parse(r.body)
    return body.type === type && fits(body.data)
  })
  const body = new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>) as Record<string, unknown>
  expect(Object.keys(body).sort()).toEqual(['data', 'timestamp', 'type'])
  expect(body.type).toBe(type)
  expect(Date.parse(String(body.timestamp))).toBeGreaterThan(Date.now() - 60_000)
  return WEBHOOK_PAYLOADS[type].parse(body.data) as z.output<(typeof WEBHOOK_PAYLOADS)[T]>
}

describe('bookings', () => {
  it('sends a booking rescheduled and cancelled by the buyer, and one the host marked a no-show', async () => {
    const type = await buildEventType(app, owner, { title: 'Demo call' })
    const monday = nextMonday()
    const [first, second, third] = await freeSlots(app, type.id, monday)
    if (!first || !second || !third) throw new Error('no free slots')
    const booked = await request(app, null, 'POST', '/api/public/bookings', bookingBody(type.id, first, { email: 'moved@buyer.example' }))
    expect(booked.statusCode, booked.body).toBe(201)
    const { uid } = booked.json()

    const moved = await request(app, null, 'POST', `/api/public/bookings/${uid}/reschedule`, { start: second, timeZone: 'Asia/Tokyo' })
    expect(moved.statusCode, moved.body).toBe(200)
    const rescheduled = await received('booking.rescheduled', (d) => d.uid === uid)
    expect(rescheduled).toMatchObject({
      uid,
      status: 'accepted',
      start: second,
      previousStart: first,
      attendee: { email: 'moved@buyer.example', timeZone: 'Asia/Tokyo' },
      hosts: [{ userId: owner.user.id, name: 'Olivia Owner' }],
    })

    const cancel = await request(app, null, 'POST', `/api/public/bookings/${uid}/cancel`, { reason: 'Budget frozen' })
    expect(cancel.statusCode, cancel.body).toBe(200)
    const cancelled = await received('booking.cancelled', (d) => d.uid === uid)
    expect(cancelled).toMatchObject({ id: rescheduled.id, uid, status: 'cancelled', cancelReason: 'Budget frozen', start: second })

    const attended = await request(
      app,
      null,
      'POST',
      '/api/public/bookings',
      bookingBody(type.id, third, { email: 'absent@buyer.example' }),
    )
    expect(attended.statusCode, attended.body).toBe(201)
    const created = await received('booking.created', (d) => d.uid === attended.json().uid)
    // The meeting's time comes: it is marked once it has started.
    await app.database.db.execute(
      sql`update bookings set start_at = now() - interval '1 hour', end_at = now() - interval '30 minutes' where id = ${created.id}`,
    )
    const marked = await request(app, owner, 'POST', `/api/bookings/${created.id}/no-show`, { noShow: true })
    expect(marked.statusCode, marked.body).toBe(200)
    const noShow = await received('booking.no_show', (d) => d.id === created.id)
    expect(noShow).toMatchObject({
      id: created.id,
      uid: created.uid,
      status: 'accepted',
      noShow: true,
      attendee: { email: 'absent@buyer.example' },
    })
  })
})

describe('sales rooms', () => {
  it('sends each document a buyer opens or downloads from the room, with the visit and the document', async () => {
    const deal = await buildDeal(app, owner, { name: 'Room documents' })
    const room = await request(app, owner, 'PUT', `/api/deals/${deal.id}/salesroom`, { title: 'Acme', published: true })
    expect(room.statusCode, room.body).toBe(200)
    const uploaded = await app.inject({
      method: 'POST',
      url: `/api/deals/${deal.id}/salesroom/documents`,
      headers: { cookie: owner.cookie },
      payload: form({ name: 'Proposal.pdf', bytes: PDF }, { title: 'Our proposal' }),
    })
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    const document = uploaded.json()
    const pub = `/api/public/salesrooms/${room.json().publicId}`
    const { visitId } = (await request(app, null, 'POST', `${pub}/events`, { kind: 'visit' })).json()

    expect((await request(app, null, 'GET', `${pub}/documents/${document.id}?visit=${visitId}`)).statusCode).toBe(200)
    expect((await request(app, null, 'GET', `${pub}/documents/${document.id}?visit=${visitId}&download=1`)).statusCode).toBe(200)
    for (const how of ['opened', 'downloaded'] as const)
      expect(
        await received('salesroom.document_opened', (d) => d.visitId === visitId && (d.document as { how: string }).how === how),
      ).toEqual({ dealId: deal.id, visitId, visitor: { email: null }, document: { id: document.id, title: 'Our proposal', how } })
  })
})

describe('agreements', () => {
  const signer = (name: string, email: string) => ({ name, email, role: 'signer' as const })

  it('sends an agreement sent, each signature, and its completion once sealed', async () => {
    const deal = await buildDeal(app, owner, { name: 'Agreement deal' })
    const sent = await sentAgreement(app, owner, [signer('Bea Buyer', 'bea@acme.example'), signer('Carl Chief', 'carl@acme.example')], {
      dealId: deal.id,
    })
    const common = { id: sent.id, title: 'Master services agreement', dealId: deal.id }
    expect(await received('agreement.sent', (d) => d.id === sent.id)).toEqual({ ...common, status: 'sent', by: { name: 'Olivia Owner' } })

    expect((await signAs(app, tokenOf(sent.recipients[0]?.signingUrl ?? null), 'Bea Buyer')).statusCode).toBe(200)
    const bea = await received('agreement.signed', (d) => d.id === sent.id && (d.by as { name: string }).name === 'Bea Buyer')
    expect(bea).toEqual({ ...common, status: 'sent', by: { name: 'Bea Buyer' } })

    expect((await signAs(app, tokenOf(sent.recipients[1]?.signingUrl ?? null), 'Carl Chief')).statusCode).toBe(200)
    const carl = await received('agreement.signed', (d) => d.id === sent.id && (d.by as { name: string }).name === 'Carl Chief')
    // The last signature completes it: the event says so.
    expect(carl).toEqual({ ...common, status: 'completed', by: { name: 'Carl Chief' } })
    // Completed once the sealed PDF is made (a job): the copy a receiver fetches then is the signed one.
    expect(await received('agreement.completed', (d) => d.id === sent.id)).toEqual({
      ...common,
      status: 'completed',
      by: { name: 'Closeroom' },
    })
  })

  it('sends an agreement a signer declined', async () => {
    const sent = await sentAgreement(app, owner, [signer('Dana Decider', 'dana@acme.example')])
    const declined = await app.inject({
      method: 'POST',
      url: `/api/public/signing/${tokenOf(sent.recipients[0]?.signingUrl ?? null)}/decline`,
      payload: { reason: 'The price is too high' },
    })
    expect(declined.statusCode, declined.body).toBe(200)
    expect(await received('agreement.declined', (d) => d.id === sent.id)).toEqual({
      id: sent.id,
      title: 'Master services agreement',
      status: 'declined',
      dealId: null,
      by: { name: 'Dana Decider' },
    })
  })
})

describe('recordings', () => {
  it('sends a recording ready once the call’s recording is assembled', async () => {
    const deal = await buildDeal(app, owner, { name: 'Recorded deal' })
    const meeting = await request(app, owner, 'POST', `/api/deals/${deal.id}/meeting`)
    expect(meeting.statusCode, meeting.body).toBe(200)
    const recording = await recordMeeting(app, owner, meeting.json().publicId)
    const ready = await received('recording.ready', (d) => d.id === recording.id)
    expect(ready).toMatchObject({
      id: recording.id,
      startedAt: recording.startedAt,
      durationMs: recording.durationMs,
      size: recording.size,
    })
    expect(ready.size).toBeGreaterThan(0)
  })
})

describe('invoices', () => {
  it('sends an invoice sent, and paid once an admin marks it so', async () => {
    const invoice = await sentInvoice(app, owner)
    expect(await received('invoice.sent', (d) => d.id === invoice.id)).toMatchObject({
      id: invoice.id,
      number: invoice.number,
      status: 'sent',
      currency: 'EUR',
      total: invoice.total,
      buyer: { email: 'bea@acme.test' },
    })
    const paid = await request(app, owner, 'POST', `/api/invoices/${invoice.id}/paid`)
    expect(paid.statusCode, paid.body).toBe(200)
    expect(await received('invoice.paid', (d) => d.id === invoice.id)).toMatchObject({
      id: invoice.id,
      number: invoice.number,
      status: 'paid',
      paidAt: paid.json().paidAt,
      total: invoice.total,
    })
  })
})

describe('imports', () => {
  /** Every event of `type` received whose data `fits`, once there are `count` of them, each verified and checked. */
  async function allReceived<T extends WebhookEventType>(type: T, count: number, fits: (data: Record<string, unknown>) => boolean) {
    const deliveries = await vi.waitFor(
      () => {
        const found = receiver.of('/events').filter((r) => {
          const body = JSON.parse(r.body)
          return body.type === type && fits(body.data)
        })
        if (found.length < count) throw new Error(`${found.length} of ${count} ${type} received`)
        return found
      },
      { timeout: 20_000, interval: 100 },
    )
    return deliveries.map((delivery) => {
      const body = new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>) as { data: unknown }
      return WEBHOOK_PAYLOADS[type].parse(body.data) as z.output<(typeof WEBHOOK_PAYLOADS)[T]>
    })
  }
  const ROWS = 10

  it('sends one client created per imported row', async () => {
    const rows = Array.from({ length: ROWS }, (_, i) => `Imported Client ${i},client-${i}@import.example,Import Corp`)
    const res = await request(app, owner, 'POST', '/api/clients/import', { csv: ['Name,Email,Company', ...rows].join('\n') })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ imported: ROWS, dryRun: false })
    const events = await allReceived('client.created', ROWS, (d) => String(d.email).endsWith('@import.example'))
    expect(events).toHaveLength(ROWS)
    expect(new Set(events.map((e) => e.email))).toEqual(new Set(Array.from({ length: ROWS }, (_, i) => `client-${i}@import.example`)))
    expect(events.every((e) => e.company === 'Import Corp' && e.name.startsWith('Imported Client'))).toBe(true)
    expect(new Set(events.map((e) => e.id)).size).toBe(ROWS)
  })

  it('sends one deal created per imported row, each with its stage', async () => {
    const rows = Array.from({ length: ROWS }, (_, i) => `Imported deal ${i},Import Inc,${100 + i},EUR,${i % 2 ? 'Qualified' : 'Lead'}`)
    const res = await request(app, owner, 'POST', '/api/deals/import', {
      csv: ['Deal name,Account,Value,Currency,Stage', ...rows].join('\n'),
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ imported: ROWS, dryRun: false })
    const events = await allReceived('deal.created', ROWS, (d) => d.company === 'Import Inc')
    expect(events).toHaveLength(ROWS)
    for (let i = 0; i < ROWS; i++) {
      const event = events.find((e) => e.name === `Imported deal ${i}`)
      expect(event, `Imported deal ${i}`).toMatchObject({
        amount: (100 + i) * 100,
        currency: 'EUR',
        ownerId: owner.user.id,
        stage: { name: i % 2 ? 'Qualified' : 'Lead', kind: 'open' },
      })
    }
    expect(new Set(events.map((e) => e.id)).size).toBe(ROWS)
  })
})
