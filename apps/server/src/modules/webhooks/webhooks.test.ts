import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { WEBHOOK_PAYLOADS, type WebhookDelivery, type WebhookEndpoint, type WebhookEventType } from '@closeroom/shared'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { bookingBody, buildEventType, freeSlots, nextMonday } from '../../testing/booking.ts'
import { openTestDatabase } from '../../testing/database.ts'
import { buildDeal, stagesOf } from '../../testing/deals.ts'
import { buildMember, buildOwner, type Client, request } from '../../testing/factories.ts'
import { buildForm } from '../../testing/routing.ts'
import { type Received, startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver.ts'

let receiver: WebhookReceiver
let app: TestApp
let owner: Client

beforeAll(async () => {
  receiver = await startWebhookReceiver()
  app = await buildTestApp({
    env: { ALLOW_PRIVATE_TARGETS: '127.0.0.1', WEBHOOK_RETRY_SECONDS: '0.2,0.4', WEBHOOK_TIMEOUT_SECONDS: '1' },
  })
  owner = await buildOwner(app)
})
afterAll(async () => {
  await app.close()
  await receiver.close()
})

const ALL_EVENTS = Object.keys(WEBHOOK_PAYLOADS) as WebhookEventType[]

async function addEndpoint(client: Client, path: string, events: WebhookEventType[] = ALL_EVENTS, on = app) {
  const res = await request(on, client, 'POST', '/api/webhooks/endpoints', { url: `${receiver.base}${path}`, events, description: path })
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as { endpoint: WebhookEndpoint; secret: string }
}

/** The endpoint's delivery log, once `done` says it shows what the test waits for. */
async function logOnce(endpointId: string, done: (deliveries: WebhookDelivery[]) => boolean, client = owner, on = app) {
  return vi.waitFor(
    async () => {
      const res = await request(on, client, 'GET', `/api/webhooks/endpoints/${endpointId}/deliveries`)
      expect(res.statusCode).toBe(200)
      const deliveries = res.json().deliveries as WebhookDelivery[]
      if (!done(deliveries)) throw new Error(`not yet: ${JSON.stringify(deliveries.map((d) => [d.type, d.status, d.attempts.length]))}`)
      return deliveries
    },
    { timeout: 15_000, interval: 100 },
  )
}

/** Verified by the standardwebhooks package itself: the body as signed, parsed. */
function verified(secret: string, received: Received) {
  return new Webhook(secret).verify(received.body, received.headers as Record<string, string>) as {
    type: string
    timestamp: string
    data: Record<string, unknown>
  }
}

const ofType =
  (type: string, extra: (body: { data: Record<string, unknown> }) => boolean = () => true) =>
  (r: Received) => {
    const body = JSON.parse(r.body)
    return body.type === type && extra(body)
  }

describe('endpoints', () => {
  it('are added by admins with a whsec_ secret shown once, never in a later answer', async () => {
    const { endpoint, secret } = await addEndpoint(owner, '/shown-once', ['deal.created'])
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    expect(endpoint).toMatchObject({
      url: `${receiver.base}/shown-once`,
      events: ['deal.created'],
      active: true,
      createdBy: { id: owner.user.id },
    })
    const answers = await Promise.all(
      ['/api/webhooks/endpoints', `/api/webhooks/endpoints/${endpoint.id}`, `/api/webhooks/endpoints/${endpoint.id}/deliveries`].map(
        (url) => request(app, owner, 'GET', url),
      ),
    )
    for (const res of answers) {
      expect(res.statusCode).toBe(200)
      expect(res.body).not.toContain(secret)
      expect(res.body).not.toContain(secret.slice('whsec_'.length))
    }
  })

  it('are refused to members, and another organization sees none of them', async () => {
    const { endpoint } = await addEndpoint(owner, '/private', ['deal.created'])
    const member = await buildMember(app, owner)
    const refused = await request(app, member, 'POST', '/api/webhooks/endpoints', { url: `${receiver.base}/x`, events: ['deal.created'] })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe('Only owners and admins can manage webhooks')
    expect((await request(app, member, 'GET', '/api/webhooks/endpoints')).statusCode).toBe(403)
    const stranger = await buildOwner(app)
    expect((await request(app, stranger, 'GET', '/api/webhooks/endpoints')).json().endpoints).toEqual([])
    for (const [method, url] of [
      ['GET', `/api/webhooks/endpoints/${endpoint.id}`],
      ['PATCH', `/api/webhooks/endpoints/${endpoint.id}`],
      ['POST', `/api/webhooks/endpoints/${endpoint.id}/test`],
      ['POST', `/api/webhooks/endpoints/${endpoint.id}/roll-secret`],
      ['GET', `/api/webhooks/endpoints/${endpoint.id}/deliveries`],
      ['DELETE', `/api/webhooks/endpoints/${endpoint.id}`],
    ] as const) {
      const res = await request(app, stranger, method, url, method === 'PATCH' ? { active: false } : undefined)
      expect(res.statusCode, url).toBe(404)
      expect(res.json().message).toBe('Webhook endpoint not found')
    }
  })

  it('refuses bad input with a clear message', async () => {
    const cases: [object, string][] = [
      [{ url: 'not a url', events: ['deal.created'] }, 'url: Must be a valid URL'],
      [{ url: 'ftp://example.com/hook', events: ['deal.created'] }, 'url: Must be a valid URL'],
      [{ url: `${receiver.base}/x`, events: [] }, 'events: Choose at least one event'],
      [{ url: `${receiver.base}/x`, events: ['deal.eaten'] }, 'events.0: Invalid option'],
    ]
    for (const [body, message] of cases) {
      const res = await request(app, owner, 'POST', '/api/webhooks/endpoints', body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().message).toContain(message)
    }
  })

  it('changes, pauses and deletes an endpoint', async () => {
    const { endpoint } = await addEndpoint(owner, '/changed', ['deal.created'])
    const changed = await request(app, owner, 'PATCH', `/api/webhooks/endpoints/${endpoint.id}`, {
      events: ['deal.won', 'deal.lost'],
      description: 'CRM sync',
      active: false,
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json()).toMatchObject({ events: ['deal.won', 'deal.lost'], description: 'CRM sync', active: false })
    expect((await request(app, owner, 'DELETE', `/api/webhooks/endpoints/${endpoint.id}`)).statusCode).toBe(200)
    expect((await request(app, owner, 'GET', `/api/webhooks/endpoints/${endpoint.id}`)).statusCode).toBe(404)
  })
})

describe('deliveries', () => {
  it('sends a deal created through the API, signed per Standard Webhooks, and its win', async () => {
    const { endpoint, secret } = await addEndpoint(owner, '/deals', ['deal.created', 'deal.stage_changed', 'deal.won'])
    const deal = await buildDeal(app, owner, { name: 'Webhook rollout', amount: 12_300 })
    const created = verified(
      secret,
      await receiver.next(
        '/deals',
        ofType('deal.created', (b) => b.data.id === deal.id),
      ),
    )
    expect(created).toMatchObject({
      type: 'deal.created',
      data: { id: deal.id, name: 'Webhook rollout', amount: 12_300, currency: deal.currency },
    })
    expect(WEBHOOK_PAYLOADS['deal.created'].parse(created.data)).toBeTruthy()
    expect(Date.parse(created.timestamp)).toBeGreaterThan(Date.now() - 60_000)

    const won = (await stagesOf(app, owner)).find((s) => s.kind === 'won')
    const moved = await request(app, owner, 'PATCH', `/api/deals/${deal.id}`, { stageId: won?.id })
    expect(moved.statusCode, moved.body).toBe(200)
    const changed = verified(
      secret,
      await receiver.next(
        '/deals',
        ofType('deal.stage_changed', (b) => b.data.id === deal.id),
      ),
    )
    expect(WEBHOOK_PAYLOADS['deal.stage_changed'].parse(changed.data)).toMatchObject({
      stage: { id: won?.id, kind: 'won' },
      previousStage: { id: deal.stageId },
    })
    const wonEvent = verified(
      secret,
      await receiver.next(
        '/deals',
        ofType('deal.won', (b) => b.data.id === deal.id),
      ),
    )
    expect(wonEvent.data).toMatchObject({ id: deal.id, stage: { kind: 'won' } })

    const deliveries = await logOnce(endpoint.id, (d) => d.length === 3 && d.every((x) => x.status === 'succeeded'))
    expect(deliveries.map((d) => d.type).sort()).toEqual(['deal.created', 'deal.stage_changed', 'deal.won'])
    expect(deliveries[0]?.attempts).toEqual([
      expect.objectContaining({ statusCode: 200, error: null, errorKind: null, responseBody: 'ok' }),
    ])
  })

  it('sends only the events an endpoint chose, and none to a paused endpoint', async () => {
    await addEndpoint(owner, '/only-won', ['deal.won'])
    const paused = await addEndpoint(owner, '/paused', ['deal.created'])
    await request(app, owner, 'PATCH', `/api/webhooks/endpoints/${paused.endpoint.id}`, { active: false })
    const listening = await addEndpoint(owner, '/listening', ['deal.created'])
    const deal = await buildDeal(app, owner)
    await receiver.next(
      '/listening',
      ofType('deal.created', (b) => b.data.id === deal.id),
    )
    await logOnce(listening.endpoint.id, (d) => d.some((x) => x.status === 'succeeded'))
    expect(receiver.of('/only-won')).toEqual([])
    expect(receiver.of('/paused')).toEqual([])
  })

  it('sends a client updated and a deal lost, each in its documented shape', async () => {
    const { secret } = await addEndpoint(owner, '/crm-sync', ['client.created', 'client.updated', 'deal.lost'])
    const made = await request(app, owner, 'POST', '/api/clients', { name: 'Sync Client', email: 'sync@client.example' })
    const client = made.json()
    await request(app, owner, 'PATCH', `/api/clients/${client.id}`, { company: 'Sync Corp' })
    const updated = verified(
      secret,
      await receiver.next(
        '/crm-sync',
        ofType('client.updated', (b) => b.data.id === client.id),
      ),
    )
    expect(WEBHOOK_PAYLOADS['client.updated'].parse(updated.data)).toMatchObject({ id: client.id, company: 'Sync Corp' })

    const deal = await buildDeal(app, owner)
    const lost = (await stagesOf(app, owner)).find((s) => s.kind === 'lost')
    await request(app, owner, 'PATCH', `/api/deals/${deal.id}`, { stageId: lost?.id, lostReason: 'Budget' })
    const event = verified(
      secret,
      await receiver.next(
        '/crm-sync',
        ofType('deal.lost', (b) => b.data.id === deal.id),
      ),
    )
    expect(WEBHOOK_PAYLOADS['deal.lost'].parse(event.data)).toMatchObject({ lostReason: 'Budget', stage: { kind: 'lost' } })
  })

  it('sends a booking made through the public booking API', async () => {
    const { secret } = await addEndpoint(owner, '/bookings', ['booking.created'])
    const type = await buildEventType(app, owner, { title: 'Discovery call' })
    const [start] = await freeSlots(app, type.id, nextMonday())
    if (!start) throw new Error('no free slot')
    const booked = await request(
      app,
      null,
      'POST',
      '/api/public/bookings',
      bookingBody(type.id, start, { name: 'Hook Buyer', email: 'hook@buyer.example' }),
    )
    expect(booked.statusCode, booked.body).toBe(201)
    const event = verified(secret, await receiver.next('/bookings', ofType('booking.created')))
    expect(WEBHOOK_PAYLOADS['booking.created'].parse(event.data)).toMatchObject({
      uid: booked.json().uid,
      title: expect.stringContaining('Discovery call'),
      start: new Date(start).toISOString(),
      attendee: expect.objectContaining({ name: 'Hook Buyer', email: 'hook@buyer.example' }),
    })
  })

  it('sends a routing form a buyer submitted', async () => {
    const { secret } = await addEndpoint(owner, '/forms', ['routing_form.submitted'])
    const form = await buildForm(app, owner, { name: 'Talk to sales' })
    const answers = { name: 'Form Buyer', email: 'form@buyer.example', region: 'Europe' }
    const sent = await request(app, null, 'POST', `/api/public/routings/${form.slug}/responses`, { answers })
    expect(sent.statusCode, sent.body).toBe(200)
    const event = verified(secret, await receiver.next('/forms', ofType('routing_form.submitted')))
    expect(WEBHOOK_PAYLOADS['routing_form.submitted'].parse(event.data)).toMatchObject({
      formId: form.id,
      formName: 'Talk to sales',
      responseId: sent.json().responseId,
      email: 'form@buyer.example',
      answers: expect.objectContaining({ region: 'Europe' }),
    })
  })

  it('sends each visit of a sales room, the first one marked', async () => {
    const { secret } = await addEndpoint(owner, '/rooms', ['salesroom.visited'])
    const deal = await buildDeal(app, owner, { name: 'Room deal' })
    const room = await request(app, owner, 'PUT', `/api/deals/${deal.id}/salesroom`, { title: 'Room', published: true })
    expect(room.statusCode, room.body).toBe(200)
    const visit = () => request(app, null, 'POST', `/api/public/salesrooms/${room.json().publicId}/events`, { kind: 'visit' })
    const first = (await visit()).json().visitId
    const second = (await visit()).json().visitId
    for (const [visitId, isFirst] of [
      [first, true],
      [second, false],
    ] as const) {
      const event = verified(
        secret,
        await receiver.next(
          '/rooms',
          ofType('salesroom.visited', (b) => b.data.visitId === visitId),
        ),
      )
      expect(WEBHOOK_PAYLOADS['salesroom.visited'].parse(event.data)).toEqual({
        dealId: deal.id,
        visitId,
        visitor: { email: null },
        first: isFirst,
      })
    }
  })

  it('sends a test ping on request, logs the attempt, and signs with a rolled secret from then on', async () => {
    const { endpoint, secret } = await addEndpoint(owner, '/ping', ['client.created'])
    const sent = await request(app, owner, 'POST', `/api/webhooks/endpoints/${endpoint.id}/test`)
    expect(sent.statusCode, sent.body).toBe(202)
    expect(sent.json()).toMatchObject({ type: 'ping', status: 'pending' })
    const first = await receiver.next('/ping', (r) => r.headers['webhook-id'] === sent.json().id)
    expect(verified(secret, first)).toMatchObject({ type: 'ping', data: { endpointId: endpoint.id } })
    await logOnce(endpoint.id, (d) => d[0]?.status === 'succeeded')

    const rolled = await request(app, owner, 'POST', `/api/webhooks/endpoints/${endpoint.id}/roll-secret`)
    expect(rolled.statusCode).toBe(200)
    const newSecret = rolled.json().secret as string
    expect(newSecret).not.toBe(secret)
    const again = await request(app, owner, 'POST', `/api/webhooks/endpoints/${endpoint.id}/test`)
    const second = await receiver.next('/ping', (r) => r.headers['webhook-id'] === again.json().id)
    expect(verified(newSecret, second).type).toBe('ping')
    expect(() => verified(secret, second)).toThrow()
  })

  it('retries a failing endpoint on the configured schedule until it answers', async () => {
    receiver.answer('/flaky', (res, count) => (count < 3 ? res.writeHead(503).end('busy') : res.writeHead(204).end()))
    const { endpoint } = await addEndpoint(owner, '/flaky', ['client.created'])
    await request(app, owner, 'POST', `/api/webhooks/endpoints/${endpoint.id}/test`)
    // A test ping is tried once; an event gets the retries.
    await logOnce(endpoint.id, (d) => d[0]?.status === 'failed')
    const made = await request(app, owner, 'POST', '/api/clients', { name: 'Retried Client', email: 'retried@client.example' })
    expect(made.statusCode, made.body).toBe(201)
    const [delivery] = await logOnce(endpoint.id, (d) => d.find((x) => x.type === 'client.created')?.status === 'succeeded').then((d) =>
      d.filter((x) => x.type === 'client.created'),
    )
    expect(delivery?.attempts.map((a) => a.statusCode)).toEqual([204, 503])
    const ids = new Set(
      receiver
        .of('/flaky')
        .slice(1)
        .map((r) => r.headers['webhook-id']),
    )
    expect(ids).toEqual(new Set([delivery?.id]))
    const endpointNow = (await request(app, owner, 'GET', `/api/webhooks/endpoints/${endpoint.id}`)).json()
    expect(endpointNow).toMatchObject({ active: true, failingSince: null })
  })

  it('gives up after the last retry, records why, and redelivers the same event on request', async () => {
    let healthy = false
    receiver.answer('/down', (res) => (healthy ? res.writeHead(200).end('back') : res.writeHead(500).end('x'.repeat(5000))))
    const { endpoint, secret } = await addEndpoint(owner, '/down', ['deal.created'])
    const deal = await buildDeal(app, owner)
    const [failed] = await logOnce(endpoint.id, (d) => d[0]?.status === 'failed')
    expect(failed?.attempts).toHaveLength(3)
    expect(failed?.attempts[0]).toMatchObject({ statusCode: 500, error: 'The endpoint answered 500', errorKind: 'http_status' })
    expect(failed?.attempts[0]?.responseBody).toHaveLength(2048)
    expect((await request(app, owner, 'GET', `/api/webhooks/endpoints/${endpoint.id}`)).json().failingSince).not.toBeNull()

    healthy = true
    const again = await request(app, owner, 'POST', `/api/webhooks/endpoints/${endpoint.id}/deliveries/${failed?.id}/redeliver`)
    expect(again.statusCode, again.body).toBe(202)
    const redelivered = await receiver.next('/down', (r) => r.headers['webhook-id'] === failed?.id && receiver.of('/down').indexOf(r) === 3)
    expect(verified(secret, redelivered).data).toMatchObject({ id: deal.id })
    const [done] = await logOnce(endpoint.id, (d) => d[0]?.status === 'succeeded')
    expect(done?.attempts).toHaveLength(4)
    expect(done?.attempts[0]).toMatchObject({ statusCode: 200, errorKind: null, responseBody: 'back' })
  })

  it('does not follow a redirect', async () => {
    receiver.answer('/moved', (res) => res.writeHead(302, { location: `${receiver.base}/elsewhere` }).end())
    const { endpoint } = await addEndpoint(owner, '/moved')
    await request(app, owner, 'POST', `/api/webhooks/endpoints/${endpoint.id}/test`)
    const [delivery] = await logOnce(endpoint.id, (d) => d[0]?.status === 'failed')
    expect(delivery?.attempts[0]).toMatchObject({ statusCode: 302, error: 'Redirects are not followed', errorKind: 'redirect' })
    expect(receiver.of('/elsewhere')).toEqual([])
  })

  it('stops waiting for a slow endpoint at the timeout', async () => {
    receiver.answer('/slow', () => {})
    const { endpoint } = await addEndpoint(owner, '/slow')
    await request(app, owner, 'POST', `/api/webhooks/endpoints/${endpoint.id}/test`)
    const [delivery] = await logOnce(endpoint.id, (d) => d[0]?.status === 'failed')
    expect(delivery?.attempts[0]).toMatchObject({ statusCode: null, error: 'No answer within 1 s', errorKind: 'timeout' })
    expect(delivery?.attempts[0]?.durationMs).toBeLessThan(5000)
  })

  it('tells an endpoint nothing listens on from the other failures', async () => {
    // A port just freed: the connection is refused.
    const closed = createServer()
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done))
    const port = (closed.address() as AddressInfo).port
    await new Promise((done) => closed.close(done))
    const res = await request(app, owner, 'POST', '/api/webhooks/endpoints', {
      url: `http://127.0.0.1:${port}/gone`,
      events: ['deal.created'],
    })
    expect(res.statusCode, res.body).toBe(201)
    const { endpoint } = res.json() as { endpoint: WebhookEndpoint }
    await request(app, owner, 'POST', `/api/webhooks/endpoints/${endpoint.id}/test`)
    const [delivery] = await logOnce(endpoint.id, (d) => d[0]?.status === 'failed')
    expect(delivery?.attempts[0]).toMatchObject({
      statusCode: null,
      errorKind: 'network',
      error: expect.stringMatching(/^Could not connect: .*ECONNREFUSED/),
    })
  })

  it('refuses redelivering a delivery of another endpoint, or one still being sent', async () => {
    receiver.answer('/a', () => {})
    const a = await addEndpoint(owner, '/a')
    const b = await addEndpoint(owner, '/b')
    const sent = (await request(app, owner, 'POST', `/api/webhooks/endpoints/${a.endpoint.id}/test`)).json()
    const res = await request(app, owner, 'POST', `/api/webhooks/endpoints/${b.endpoint.id}/deliveries/${sent.id}/redeliver`)
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe('Webhook delivery not found')
    // '/a' never answers: the ping is pending until its timeout.
    const twice = await request(app, owner, 'POST', `/api/webhooks/endpoints/${a.endpoint.id}/deliveries/${sent.id}/redeliver`)
    expect(twice.statusCode).toBe(409)
    expect(twice.json().message).toBe('This delivery is still being sent; redeliver it once it has succeeded or failed')
  })
})

describe('without ALLOW_PRIVATE_TARGETS', () => {
  let strict: TestApp
  beforeAll(async () => {
    strict = await buildTestApp()
  })
  afterAll(async () => strict.close())

  it('refuses private and local targets, and plain http', async () => {
    const admin = await buildOwner(strict)
    const cases: [string, string][] = [
      ['https://127.0.0.1:8443/hook', 'url: 127.0.0.1 is a private or local address, which webhooks are not sent to'],
      ['https://169.254.169.254/latest', 'url: 169.254.169.254 is a private or local address, which webhooks are not sent to'],
      ['https://[::1]/hook', 'url: ::1 is a private or local address, which webhooks are not sent to'],
      ['https://localhost/hook', 'url: localhost ('],
      ['http://203.0.113.10/hook', 'url: Webhook addresses must start with https://'],
    ]
    for (const [url, message] of cases) {
      const res = await request(strict, admin, 'POST', '/api/webhooks/endpoints', { url, events: ['deal.created'] })
      expect(res.statusCode, url).toBe(400)
      expect(res.json().message, url).toContain(message)
    }
  })
})

describe('an endpoint saved while private targets were allowed', () => {
  it('is refused when it connects once the operator no longer allows them, and logged as refused', async () => {
    const database = await openTestDatabase()
    const permissive = await buildTestApp({ database, env: { ALLOW_PRIVATE_TARGETS: '127.0.0.1' } })
    const admin = await buildOwner(permissive)
    const { endpoint } = await addEndpoint(admin, '/tightened', ['deal.created'], permissive)
    await permissive.close()
    const strict = await buildTestApp({ database })
    try {
      const sent = await request(strict, admin, 'POST', `/api/webhooks/endpoints/${endpoint.id}/test`)
      expect(sent.statusCode, sent.body).toBe(202)
      const [delivery] = await logOnce(endpoint.id, (d) => d[0]?.status === 'failed', admin, strict)
      expect(delivery?.attempts[0]).toMatchObject({
        statusCode: null,
        errorKind: 'refused',
        error: '127.0.0.1 is a private or local network address, which this server does not connect to',
      })
      expect(receiver.of('/tightened')).toEqual([])
    } finally {
      await strict.close()
      await database.close()
    }
  })
})

describe('an endpoint failing for the whole failure window', () => {
  let quick: TestApp
  const logged: string[] = []
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logged.push(String(chunk))
        done()
      },
    })
    quick = await buildTestApp({
      env: { ALLOW_PRIVATE_TARGETS: '127.0.0.1', WEBHOOK_RETRY_SECONDS: '0.2,0.2,0.2', WEBHOOK_FAILURE_WINDOW_SECONDS: '0' },
      logger: { level: 'trace', stream },
    })
  })
  afterAll(async () => quick.close())

  it('is paused, its creator told, and it gets nothing more until resumed; its secret never reaches the log', async () => {
    receiver.answer('/broken', (res) => res.writeHead(500).end('broken'))
    const admin = await buildOwner(quick)
    const { endpoint, secret } = await addEndpoint(admin, '/broken', ['deal.created'], quick)
    await buildDeal(quick, admin)
    const [failed] = await logOnce(endpoint.id, (d) => d[0]?.status === 'failed', admin, quick)
    // The window is over at the first failure: no retry follows.
    expect(failed?.attempts).toHaveLength(1)
    const now = (await request(quick, admin, 'GET', `/api/webhooks/endpoints/${endpoint.id}`)).json()
    expect(now).toMatchObject({ active: false, pausedForFailures: true })
    const notices = (await request(quick, admin, 'GET', '/api/notifications')).json().notifications
    expect(notices[0]).toMatchObject({
      kind: 'webhook-paused',
      data: { url: `${receiver.base}/broken` },
      url: '/admin-settings/crm-integrations',
    })

    await buildDeal(quick, admin)
    const after = (await request(quick, admin, 'GET', `/api/webhooks/endpoints/${endpoint.id}/deliveries`)).json().deliveries
    expect(after).toHaveLength(1)

    receiver.answer('/broken', (res) => res.writeHead(200).end())
    const resumed = await request(quick, admin, 'PATCH', `/api/webhooks/endpoints/${endpoint.id}`, { active: true })
    expect(resumed.json()).toMatchObject({ active: true, pausedForFailures: false, failingSince: null })
    await buildDeal(quick, admin)
    await logOnce(endpoint.id, (d) => d[0]?.status === 'succeeded', admin, quick)

    const rolled = (await request(quick, admin, 'POST', `/api/webhooks/endpoints/${endpoint.id}/roll-secret`)).json().secret
    const text = logged.join('')
    expect(text.length).toBeGreaterThan(0)
    for (const s of [secret, rolled]) {
      expect(text).not.toContain(s)
      expect(text).not.toContain(s.slice('whsec_'.length))
    }
  })
})

describe('a restart', () => {
  it('loses no delivery: the retry queued before it is sent after it', async () => {
    const database = await openTestDatabase()
    const env = { ALLOW_PRIVATE_TARGETS: '127.0.0.1', WEBHOOK_RETRY_SECONDS: '2' }
    let up = false
    receiver.answer('/restart', (res) => (up ? res.writeHead(200).end('back') : res.writeHead(503).end('down')))
    const before = await buildTestApp({ database, env })
    const admin = await buildOwner(before)
    const { endpoint } = await addEndpoint(admin, '/restart', ['deal.created'], before)
    const deal = await buildDeal(before, admin)
    await logOnce(endpoint.id, (d) => d[0]?.attempts.length === 1 && d[0].nextAttemptAt !== null, admin, before)
    await before.close()

    up = true
    const after = await buildTestApp({ database, env })
    try {
      const redelivered = await receiver.next(
        '/restart',
        (r) => JSON.parse(r.body).data.id === deal.id && receiver.of('/restart').indexOf(r) === 1,
      )
      expect(JSON.parse(redelivered.body).type).toBe('deal.created')
      const [delivery] = await logOnce(endpoint.id, (d) => d[0]?.status === 'succeeded', admin, after)
      expect(delivery?.attempts.map((a) => a.statusCode)).toEqual([200, 503])
    } finally {
      await after.close()
      await database.close()
    }
  })
})
