import { ProductSocketEvents, SocketEvents } from '@closeroom/shared'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clients, dealActivities, files, productFiles } from '../../db/schema/index.ts'
import { buildTestApp, listenOnFreePort, type TestApp } from '../../testing/app.ts'
import { buildEventType } from '../../testing/booking.ts'
import { buildProduct, stagesOf } from '../../testing/deals.ts'
import { buildMember, buildOwner, type Client } from '../../testing/factories.ts'
import { connectSocket, nextEvent } from '../../testing/sockets.ts'
import { seedDemo } from '../demo/module.ts'

let app: TestApp
let url: string
beforeAll(async () => {
  app = await buildTestApp()
  url = await listenOnFreePort(app)
})
afterAll(() => app.close())

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT'
const call = (target: TestApp, client: Client | null, method: Method, path: string, payload?: object) =>
  target.inject({ method, url: path, headers: client ? { cookie: client.cookie } : {}, payload })

/** A product with its room published, booking the owner's event type. */
async function buildRoom(target: TestApp = app) {
  const owner = await buildOwner(target, { name: 'Olivia Owner' })
  const product = await buildProduct(target, owner, {
    name: 'Platform',
    price: 120_000,
    currency: 'EUR',
    description: 'One line\n\nAnother',
  })
  const eventType = await buildEventType(target, owner, { title: 'Product demo' })
  const res = await call(target, owner, 'PUT', `/api/products/${product.id}/room`, { published: true, eventTypeId: eventType.id })
  expect(res.statusCode, res.body).toBe(200)
  const room = res.json()
  return { owner, product, eventType, room, pub: `/api/public/products/${room.roomId}` }
}

const inquiry = (fields: Record<string, unknown> = {}) => ({
  name: 'Bea Buyer',
  email: 'bea@northwind.example',
  company: 'Northwind',
  message: 'Do you do volume pricing?',
  ...fields,
})

describe('product rooms, the seller’s side', () => {
  it('publishes a room at an unguessable address, keeps it through unpublishing, and rotates it', async () => {
    const owner = await buildOwner(app)
    const product = await buildProduct(app, owner)
    const base = `/api/products/${product.id}/room`
    expect((await call(app, owner, 'GET', base)).json()).toEqual({
      productId: product.id,
      roomId: null,
      url: null,
      published: false,
      eventType: null,
      routingFormId: null,
    })

    const published = (await call(app, owner, 'PUT', base, { published: true, eventTypeId: null })).json()
    expect(published.roomId).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(published.url).toMatch(new RegExp(`/p/${published.roomId}$`))
    const pub = `/api/public/products/${published.roomId}`
    expect((await call(app, null, 'GET', pub)).statusCode).toBe(200)

    const hidden = (await call(app, owner, 'PUT', base, { published: false, eventTypeId: null })).json()
    expect(hidden).toMatchObject({ roomId: published.roomId, published: false })
    expect((await call(app, null, 'GET', pub)).json()).toEqual({ message: 'Product not found', code: 'not_found' })
    // Publishing again brings back the same link.
    expect((await call(app, owner, 'PUT', base, { published: true, eventTypeId: null })).json().roomId).toBe(published.roomId)

    const rotated = (await call(app, owner, 'POST', `${base}/rotate`)).json()
    expect(rotated.roomId).not.toBe(published.roomId)
    expect((await call(app, null, 'GET', pub)).statusCode).toBe(404)
    expect((await call(app, null, 'GET', `/api/public/products/${rotated.roomId}`)).statusCode).toBe(200)
  })

  it('lets only owners and admins change the room, and asks for a visible event type of the organization', async () => {
    const { owner, product } = await buildRoom()
    const member = await buildMember(app, owner)
    const base = `/api/products/${product.id}/room`
    expect((await call(app, member, 'GET', base)).statusCode).toBe(200)
    for (const [method, path] of [
      ['PUT', base],
      ['POST', `${base}/rotate`],
    ] as const) {
      const res = await call(app, member, method, path, { published: false, eventTypeId: null })
      expect(res.statusCode).toBe(403)
      expect(res.json()).toEqual({ message: 'Only owners and admins can manage products', code: 'forbidden' })
    }

    const stranger = await buildOwner(app)
    const theirs = await buildEventType(app, stranger)
    const hidden = await buildEventType(app, owner, { hidden: true })
    for (const eventTypeId of [theirs.id, hidden.id]) {
      const res = await call(app, owner, 'PUT', base, { published: true, eventTypeId })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({
        message: 'eventTypeId: Choose a visible event type of your organization',
        code: 'invalid',
        field: 'eventTypeId',
      })
    }
    // Nor may another organization reach this product's room.
    expect((await call(app, stranger, 'GET', base)).statusCode).toBe(404)
    expect((await call(app, stranger, 'PUT', base, { published: false, eventTypeId: null })).statusCode).toBe(404)
  })

  it('should fail with status 400 when an event type id is malformed or the product is inactive', async () => {
    const owner = await buildOwner(app)
    const product = await buildProduct(app, owner)
    const base = `/api/products/${product.id}/room`
    const malformed = await call(app, owner, 'PUT', base, { published: true, eventTypeId: 'nope' })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().message).toContain('eventTypeId')
    await call(app, owner, 'PATCH', `/api/products/${product.id}`, { active: false })
    expect((await call(app, owner, 'PUT', base, { published: true, eventTypeId: null })).json()).toEqual({
      message: 'published: Make the product active before publishing its room',
      code: 'product_inactive',
      field: 'published',
    })
    expect((await call(app, owner, 'POST', `${base}/rotate`)).json()).toEqual({
      message: 'Publish the room once before giving it a new address',
      code: 'invalid',
    })
  })
})

describe('product rooms, the buyer’s side', () => {
  it('shows the product, its media, its price and its booking widget, and nothing internal', async () => {
    const { owner, product, eventType, room, pub } = await buildRoom()
    const db = app.database.db
    const stored = await db
      .insert(files)
      .values([
        {
          organizationId: owner.user.organizationId,
          name: 'front.png',
          contentType: 'image/png',
          size: 10,
          sha256: 'a',
          storageKey: `k-${room.roomId}-1`,
        },
        {
          organizationId: owner.user.organizationId,
          name: 'datasheet.pdf',
          contentType: 'application/pdf',
          size: 2048,
          sha256: 'b',
          storageKey: `k-${room.roomId}-2`,
        },
      ])
      .returning()
    const [image, document] = stored
    if (!image || !document) throw new Error('files insert returned nothing')
    await db.insert(productFiles).values([
      { productId: product.id, fileId: image.id, kind: 'image' },
      { productId: product.id, fileId: document.id, kind: 'document' },
    ])

    const res = await call(app, null, 'GET', pub)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      roomId: room.roomId,
      name: 'Platform',
      description: 'One line\n\nAnother',
      price: 120_000,
      currency: 'EUR',
      organization: { name: expect.any(String), logoUrl: null },
      images: [{ id: image.id, name: 'front.png', url: `/api/public/products/${room.roomId}/files/${image.id}` }],
      documents: [
        {
          id: document.id,
          name: 'datasheet.pdf',
          contentType: 'application/pdf',
          size: 2048,
          url: `/api/public/products/${room.roomId}/files/${document.id}`,
        },
      ],
      eventType: { id: eventType.id, title: 'Product demo', durations: [30], hosts: [{ name: 'Olivia Owner' }] },
    })
    for (const secret of [product.id, owner.user.id, owner.user.organizationId, owner.user.email, 'storageKey', 'sha256'])
      expect(res.body).not.toContain(secret)
  })

  it('answers 404 for an inactive product or an unknown room, 400 for a malformed id', async () => {
    const { owner, product, pub } = await buildRoom()
    await call(app, owner, 'PATCH', `/api/products/${product.id}`, { active: false })
    expect((await call(app, null, 'GET', pub)).json()).toEqual({ message: 'Product not found', code: 'not_found' })
    expect((await call(app, null, 'POST', `${pub}/inquiries`, inquiry())).statusCode).toBe(404)
    expect((await call(app, null, 'GET', '/api/public/products/aaaaaaaaaaaaaaaaaaaaaa')).statusCode).toBe(404)
    expect((await call(app, null, 'GET', '/api/public/products/a%20b')).json()).toEqual({
      message: 'roomId: Product not found',
      code: 'invalid',
      field: 'roomId',
    })
  })

  it('hides the booking widget when the room offers no event type', async () => {
    const { owner, product, pub } = await buildRoom()
    await call(app, owner, 'PUT', `/api/products/${product.id}/room`, { published: true, eventTypeId: null })
    expect((await call(app, null, 'GET', pub)).json().eventType).toBeNull()
  })
})

describe('room visits on the products dashboard', () => {
  it("counts a visit as the room host's at the time: the host sees it, another member does not, the owner sees all", async () => {
    const owner = await buildOwner(app)
    const host = await buildMember(app, owner, { name: 'Sam Seller' })
    const other = await buildMember(app, owner, { name: 'Mia Member' })
    const product = await buildProduct(app, owner, { name: 'Platform', price: 120_000, currency: 'EUR' })
    const hostType = await buildEventType(app, host)
    const room = (await call(app, owner, 'PUT', `/api/products/${product.id}/room`, { published: true, eventTypeId: hostType.id })).json()
    expect((await call(app, null, 'GET', `/api/public/products/${room.roomId}`)).statusCode).toBe(200)
    expect((await call(app, null, 'GET', `/api/public/products/${room.roomId}`)).statusCode).toBe(200)
    // From now on the room books the owner's meetings: later visits are the owner's, earlier ones stay the host's.
    await call(app, owner, 'PUT', `/api/products/${product.id}/room`, { published: true, eventTypeId: null })
    expect((await call(app, null, 'GET', `/api/public/products/${room.roomId}`)).statusCode).toBe(200)
    const today = new Date().toISOString().slice(0, 10)
    const visitsOf = async (client: Client) => {
      const res = await call(app, client, 'GET', `/api/insights/products?from=${today}&to=${today}&tz=UTC`)
      expect(res.statusCode, res.body).toBe(200)
      return res.json().current.products.map((p: { name: string; roomVisits: number }) => [p.name, p.roomVisits])
    }
    expect(await visitsOf(host)).toEqual([['Platform', 2]])
    expect(await visitsOf(other)).toEqual([])
    expect(await visitsOf(owner)).toEqual([['Platform', 3]])
  })
})

describe('talk to sales', () => {
  it('makes the visitor a client on a new deal for the product, owned by the room’s host, and tells the team', async () => {
    const owner = await buildOwner(app)
    const host = await buildMember(app, owner, { name: 'Sam Seller' })
    const product = await buildProduct(app, owner, { name: 'Platform', price: 120_000, currency: 'EUR' })
    const eventType = await buildEventType(app, host)
    const room = (await call(app, owner, 'PUT', `/api/products/${product.id}/room`, { published: true, eventTypeId: eventType.id })).json()
    const seller = await connectSocket(url, owner.cookie)
    const hostSocket = await connectSocket(url, host.cookie)
    try {
      const changed = nextEvent<{ deal: { id: string; name: string } }>(seller, ProductSocketEvents.dealsChanged)
      const notified = nextEvent<Record<string, unknown>>(hostSocket, SocketEvents.userNewNotification)
      const res = await call(app, null, 'POST', `/api/public/products/${room.roomId}/inquiries`, inquiry({ phone: '+33 6 12 34 56 78' }))
      expect(res.statusCode).toBe(201)
      // A thank-you, never an internal id.
      expect(res.json()).toEqual({ ok: true })

      const { deal } = await changed
      expect(deal.name).toBe('Northwind — Platform')
      expect(await notified).toEqual({
        type: 'product-inquiry',
        dealId: deal.id,
        dealName: 'Northwind — Platform',
        product: 'Platform',
        from: 'Bea Buyer',
        // Kept for the host's notification centre too.
        notification: expect.objectContaining({ kind: 'product-inquiry', url: `/deals/${deal.id}` }),
      })
      const detail = (await call(app, owner, 'GET', `/api/deals/${deal.id}`)).json()
      const [firstStage] = await stagesOf(app, owner)
      expect(detail).toMatchObject({
        company: 'Northwind',
        owner: { id: host.user.id, name: 'Sam Seller' },
        stageId: firstStage?.id,
        amount: 120_000,
        currency: 'EUR',
        notes: 'Do you do volume pricing?',
        contacts: [{ name: 'Bea Buyer', email: 'bea@northwind.example', phone: '+33612345678', company: 'Northwind' }],
        lines: [{ productId: product.id, name: 'Platform', quantity: 1, unitPrice: 120_000 }],
      })
      const timeline = (await call(app, owner, 'GET', `/api/deals/${deal.id}/activities`)).json()
      expect(timeline.activities).toEqual([
        expect.objectContaining({
          kind: 'created',
          actor: null,
          data: {
            stage: firstStage?.name,
            via: 'product_room',
            product: 'Platform',
            name: 'Bea Buyer',
            message: 'Do you do volume pricing?',
          },
        }),
      ])
    } finally {
      seller.disconnect()
      hostSocket.disconnect()
    }
  })

  it('finds the client by email instead of adding a second one, and gives the deal to the owner when the room books no one', async () => {
    const owner = await buildOwner(app)
    const product = await buildProduct(app, owner, { name: 'Platform' })
    const room = (await call(app, owner, 'PUT', `/api/products/${product.id}/room`, { published: true, eventTypeId: null })).json()
    const pub = `/api/public/products/${room.roomId}`
    await call(app, null, 'POST', `${pub}/inquiries`, inquiry({ company: '' }))
    await call(app, null, 'POST', `${pub}/inquiries`, inquiry({ name: 'B. Buyer', email: 'BEA@Northwind.example', company: 'Northwind' }))
    const rows = await app.database.db
      .select()
      .from(clients)
      .where(and(eq(clients.organizationId, owner.user.organizationId), eq(clients.email, 'bea@northwind.example')))
    // One client, named as first met, with the company learnt the second time.
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ name: 'Bea Buyer', company: 'Northwind' })

    const { deals } = (await call(app, owner, 'GET', '/api/deals?sort=created')).json()
    expect(deals.map((d: { name: string }) => d.name).sort()).toEqual(['Bea Buyer — Platform', 'Northwind — Platform'])
    for (const deal of deals) expect(deal.owner.id).toBe(owner.user.id)
  })

  it('keeps markup as text', async () => {
    const { owner, pub } = await buildRoom()
    const payload = '<script>alert(1)</script>'
    expect(
      (await call(app, null, 'POST', `${pub}/inquiries`, inquiry({ name: payload, company: payload, message: payload }))).statusCode,
    ).toBe(201)
    const { deals } = (await call(app, owner, 'GET', '/api/deals')).json()
    const detail = (await call(app, owner, 'GET', `/api/deals/${deals[0].id}`)).json()
    expect(detail.name).toBe(`${payload} — Platform`)
    expect(detail.notes).toBe(payload)
    expect(detail.contacts[0].name).toBe(payload)
    const [activity] = await app.database.db.select().from(dealActivities).where(eq(dealActivities.dealId, detail.id))
    expect(activity?.data.message).toBe(payload)
  })

  it('should fail with status 400 naming the field on a missing name, a bad email or phone, or a message too long', async () => {
    const { owner, pub } = await buildRoom()
    for (const [body, field] of [
      [inquiry({ name: '' }), 'name'],
      [inquiry({ email: 'not-an-email' }), 'email'],
      [inquiry({ phone: '0612' }), 'phone'],
      [inquiry({ message: 'x'.repeat(2001) }), 'message'],
      [inquiry({ company: 'x'.repeat(201) }), 'company'],
    ] as const) {
      const res = await call(app, null, 'POST', `${pub}/inquiries`, body)
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(res.json().message).toContain(field)
    }
    expect((await call(app, owner, 'GET', '/api/deals')).json().deals).toEqual([])
  })

  it('answers 429 once an address sends the form too often', async () => {
    const limited = await buildTestApp({
      limits: {
        perIp: { max: 100, windowMs: 60_000 },
        perEmail: { max: 100, windowMs: 60_000 },
        publicReads: { max: 100, windowMs: 60_000 },
        publicWrites: { max: 2, windowMs: 60_000 },
      },
    })
    try {
      const { pub } = await buildRoom(limited)
      const send = () => call(limited, null, 'POST', `${pub}/inquiries`, inquiry())
      expect([(await send()).statusCode, (await send()).statusCode]).toEqual([201, 201])
      const refused = await send()
      expect(refused.statusCode).toBe(429)
      expect(refused.json().message).toMatch(/^Too many attempts/)
    } finally {
      await limited.close()
    }
  })
})

describe('the demo', () => {
  it("publishes Closeroom Enterprise's room at /p/demo, booking Olivia's product demo", async () => {
    const demo = await buildTestApp()
    try {
      await seedDemo(demo.database.db, demo.fileStore)
      const res = await call(demo, null, 'GET', '/api/public/products/demo')
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({
        roomId: 'demo',
        name: 'Closeroom Enterprise',
        price: 59_00,
        currency: 'EUR',
        organization: { name: 'Acme Sales' },
        eventType: { title: 'Product demo', hosts: [{ name: 'Olivia Owner' }] },
      })
    } finally {
      await demo.close()
    }
  })
})
