import { ProductSocketEvents } from '@closeroom/shared'
import { eq } from 'drizzle-orm'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../db/schema/index.ts'
import { buildTestApp, listenOnFreePort, type TestApp } from '../../testing/app.ts'
import { buildContact, buildDeal, buildProduct, stagesOf } from '../../testing/deals.ts'
import { buildMember, buildOwner, type Client, request } from '../../testing/factories.ts'
import { connectSocket, nextEvent } from '../../testing/sockets.ts'
import { addDealActivity } from './activities.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const call = (client: Client | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  request(app, client, method, url, payload)
const timeline = async (client: Client, id: string) => (await call(client, 'GET', `/api/deals/${id}/activities`)).json().activities

describe('deals', () => {
  it('creates a deal owned by its creator in the first open stage, with contacts and product lines', async () => {
    const owner = await buildOwner(app, { name: 'Olivia Owner' })
    const seats = await buildProduct(app, owner, { name: 'Seats', price: 49_00 })
    const onboarding = await buildProduct(app, owner, { name: 'Onboarding', price: 1500_00 })
    const contact = await buildContact(app, owner, { name: 'Bea Buyer' })
    const res = await call(owner, 'POST', '/api/deals', {
      name: 'Acme rollout',
      company: 'Acme',
      amount: 6400_00,
      expectedCloseDate: '2027-03-31',
      contactIds: [contact.id],
      lines: [
        { productId: seats.id, quantity: 100 },
        { productId: onboarding.id, quantity: 1, unitPrice: 1200_00 },
      ],
    })
    expect(res.statusCode).toBe(201)
    const deal = res.json()
    const [lead] = await stagesOf(app, owner)
    expect(deal).toMatchObject({
      name: 'Acme rollout',
      company: 'Acme',
      owner: { id: owner.user.id, name: 'Olivia Owner' },
      stageId: lead?.id,
      amount: 6400_00,
      currency: 'EUR',
      expectedCloseDate: '2027-03-31',
      contactCount: 1,
      notes: '',
      contacts: [{ id: contact.id, name: 'Bea Buyer' }],
      lines: [
        { productId: seats.id, name: 'Seats', quantity: 100, unitPrice: 49_00, currency: 'EUR' },
        { productId: onboarding.id, name: 'Onboarding', quantity: 1, unitPrice: 1200_00, currency: 'EUR' },
      ],
    })
    expect((await call(owner, 'GET', `/api/deals/${deal.id}`)).json()).toEqual(deal)
    expect(await timeline(owner, deal.id)).toMatchObject([{ kind: 'created', actor: { id: owner.user.id }, data: { stage: 'Lead' } }])
  })

  it('puts a new deal in the first open stage, even when a closed stage comes first', async () => {
    const owner = await buildOwner(app)
    const stages = await stagesOf(app, owner)
    const won = stages.find((s) => s.kind === 'won')
    const reordered = [won, ...stages.filter((s) => s !== won)].map((s) => s?.id)
    await app.inject({ method: 'PUT', url: '/api/pipeline-stages/order', headers: { cookie: owner.cookie }, payload: { ids: reordered } })
    const deal = await buildDeal(app, owner)
    expect(deal.stageId).toBe(stages.find((s) => s.name === 'Lead')?.id)
  })

  it('keeps the price a line was sold at when the product’s price changes later', async () => {
    const owner = await buildOwner(app)
    const product = await buildProduct(app, owner, { price: 10_00 })
    const deal = await buildDeal(app, owner, { lines: [{ productId: product.id, quantity: 2 }] })
    await call(owner, 'PATCH', `/api/products/${product.id}`, { price: 99_00 })
    expect((await call(owner, 'GET', `/api/deals/${deal.id}`)).json().lines[0]).toMatchObject({ unitPrice: 10_00 })
  })

  it('refuses a line in another currency than the deal’s', async () => {
    const owner = await buildOwner(app)
    const dollars = await buildProduct(app, owner, { name: 'US plan', currency: 'USD' })
    const res = await call(owner, 'POST', '/api/deals', { name: 'Mixed', currency: 'EUR', lines: [{ productId: dollars.id, quantity: 1 }] })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/^lines: US plan is priced in USD, the deal in EUR/)
    const euros = await buildDeal(app, owner, { currency: 'EUR' })
    expect((await call(owner, 'PATCH', `/api/deals/${euros.id}`, { lines: [{ productId: dollars.id, quantity: 1 }] })).statusCode).toBe(400)
    const inDollars = await buildDeal(app, owner, { currency: 'USD', lines: [{ productId: dollars.id, quantity: 1 }] })
    const switched = await call(owner, 'PATCH', `/api/deals/${inDollars.id}`, { currency: 'EUR' })
    expect(switched.statusCode).toBe(400)
    expect(switched.json().message).toMatch(/^currency: /)
  })

  it('lets a teammate own a deal only while they are an active member', async () => {
    const owner = await buildOwner(app)
    const maya = await buildMember(app, owner, { name: 'Maya Member' })
    const deal = await buildDeal(app, owner, { ownerId: maya.user.id })
    expect(deal.owner).toMatchObject({ id: maya.user.id, name: 'Maya Member' })
    await app.database.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, maya.user.id))
    const res = await call(owner, 'POST', '/api/deals', { name: 'Later', ownerId: maya.user.id })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      message: 'ownerId: The owner must be an active member of the organization',
      code: 'invalid',
      field: 'ownerId',
    })
  })

  it('edits a deal partly, replaces its contacts and lines, and records stage and owner changes by name', async () => {
    const owner = await buildOwner(app, { name: 'Olivia Owner' })
    const sam = await buildMember(app, owner, { name: 'Sam Seller' })
    const [, qualified] = await stagesOf(app, owner)
    const first = await buildContact(app, owner, { name: 'Ann' })
    const second = await buildContact(app, owner, { name: 'Bob' })
    const product = await buildProduct(app, owner)
    const deal = await buildDeal(app, owner, { notes: 'Keep', contactIds: [first.id], lines: [{ productId: product.id, quantity: 1 }] })

    const res = await call(sam, 'PATCH', `/api/deals/${deal.id}`, {
      amount: 5_00,
      stageId: qualified?.id,
      ownerId: sam.user.id,
      contactIds: [second.id],
      lines: [],
    })
    expect(res.statusCode).toBe(200)
    const edited = res.json()
    expect(edited).toMatchObject({
      name: deal.name,
      notes: 'Keep',
      amount: 5_00,
      stageId: qualified?.id,
      owner: { id: sam.user.id },
      contacts: [{ id: second.id }],
      lines: [],
    })
    expect(Date.parse(edited.updatedAt)).toBeGreaterThan(Date.parse(deal.updatedAt))
    const kinds = (await timeline(owner, deal.id)).map((a: { kind: string; data: object; actor: { name: string } }) => [
      a.kind,
      a.data,
      a.actor.name,
    ])
    expect(kinds).toEqual([
      ['stage_changed', { from: 'Lead', to: 'Qualified' }, 'Sam Seller'],
      ['owner_changed', { from: 'Olivia Owner', to: 'Sam Seller' }, 'Sam Seller'],
      ['created', { stage: 'Lead' }, 'Olivia Owner'],
    ])
  })

  it('counts a deal’s contacts through every change of them: replaced, a client deleted, the deal deleted', async () => {
    const owner = await buildOwner(app)
    const [ann, bob, cat] = [await buildContact(app, owner), await buildContact(app, owner), await buildContact(app, owner)]
    const deal = await buildDeal(app, owner, { contactIds: [ann.id, bob.id] })
    const other = await buildDeal(app, owner, { contactIds: [bob.id] })
    expect(deal.contactCount).toBe(2)
    // What the list and the board show, beside the deal itself.
    const counts = async () => {
      const listed = (await call(owner, 'GET', '/api/deals')).json().deals as { id: string; contactCount: number }[]
      const carded = (await call(owner, 'GET', '/api/deals/board')).json().columns.flatMap((c: { deals: object[] }) => c.deals) as {
        id: string
        contactCount: number
      }[]
      const of = (list: { id: string; contactCount: number }[]) =>
        [deal.id, other.id].map((id) => list.find((d) => d.id === id)?.contactCount)
      expect(of(carded)).toEqual(of(listed))
      return of(listed)
    }
    expect(await counts()).toEqual([2, 1])
    expect((await call(owner, 'PATCH', `/api/deals/${deal.id}`, { contactIds: [ann.id, bob.id, cat.id] })).json().contactCount).toBe(3)
    expect((await call(owner, 'PATCH', `/api/deals/${deal.id}`, { contactIds: [cat.id] })).json().contactCount).toBe(1)
    expect((await call(owner, 'PATCH', `/api/deals/${deal.id}`, { notes: 'Contacts untouched' })).json().contactCount).toBe(1)
    expect(await counts()).toEqual([1, 1])
    // A deleted client leaves every deal it was a contact of.
    expect((await call(owner, 'DELETE', `/api/clients/${bob.id}`)).statusCode).toBe(200)
    expect(await counts()).toEqual([1, 0])
    expect((await call(owner, 'PATCH', `/api/deals/${deal.id}`, { contactIds: [] })).json().contactCount).toBe(0)
    // A deal deleted with its contacts takes them along without touching the others' counts.
    expect((await call(owner, 'PATCH', `/api/deals/${other.id}`, { contactIds: [ann.id, cat.id] })).json().contactCount).toBe(2)
    expect((await call(owner, 'DELETE', `/api/deals/${other.id}`)).statusCode).toBe(200)
    expect((await call(owner, 'PATCH', `/api/deals/${deal.id}`, { contactIds: [ann.id] })).json().contactCount).toBe(1)
  })

  it('bumps updatedAt on any change, even one that writes no timeline', async () => {
    const owner = await buildOwner(app)
    const deal = await buildDeal(app, owner)
    const edited = (await call(owner, 'PATCH', `/api/deals/${deal.id}`, {})).json()
    expect(Date.parse(edited.updatedAt)).toBeGreaterThan(Date.parse(deal.updatedAt))
    expect(await timeline(owner, deal.id)).toHaveLength(1)
  })

  it('lets its owner and admins delete a deal, not another member', async () => {
    const owner = await buildOwner(app)
    const admin = await buildMember(app, owner, { role: 'admin' })
    const maya = await buildMember(app, owner)
    const sam = await buildMember(app, owner)
    const mayas = await buildDeal(app, maya)
    const refused = await call(sam, 'DELETE', `/api/deals/${mayas.id}`)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({ message: "Only owners, admins and the deal's owner can delete a deal", code: 'forbidden' })
    // Editing, on the other hand, is everyone's.
    expect((await call(sam, 'PATCH', `/api/deals/${mayas.id}`, { notes: 'Called them' })).statusCode).toBe(200)
    expect((await call(maya, 'DELETE', `/api/deals/${mayas.id}`)).statusCode).toBe(200)
    expect((await call(maya, 'GET', `/api/deals/${mayas.id}`)).statusCode).toBe(404)
    const another = await buildDeal(app, maya)
    expect((await call(admin, 'DELETE', `/api/deals/${another.id}`)).statusCode).toBe(200)
  })

  it("keeps another organization's deals, stages, people, contacts and products out of reach", async () => {
    const owner = await buildOwner(app)
    const stranger = await buildOwner(app)
    const theirDeal = await buildDeal(app, stranger)
    const [theirStage] = await stagesOf(app, stranger)
    const theirContact = await buildContact(app, stranger)
    const theirProduct = await buildProduct(app, stranger)
    const mine = await buildDeal(app, owner)

    for (const [method, url, body] of [
      ['GET', `/api/deals/${theirDeal.id}`],
      ['PATCH', `/api/deals/${theirDeal.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/deals/${theirDeal.id}`],
      ['GET', `/api/deals/${theirDeal.id}/activities`],
      ['POST', `/api/deals/${theirDeal.id}/move`, { stageId: mine.stageId }],
    ] as const) {
      expect((await call(owner, method, url, body)).statusCode, `${method} ${url}`).toBe(404)
    }
    const refusals: [object, string][] = [
      [{ stageId: theirStage?.id }, 'stageId: '],
      [{ ownerId: stranger.user.id }, 'ownerId: '],
      [{ contactIds: [theirContact.id] }, 'contactIds: '],
      [{ lines: [{ productId: theirProduct.id, quantity: 1 }] }, 'lines: '],
    ]
    for (const [fields, field] of refusals) {
      const created = await call(owner, 'POST', '/api/deals', { name: 'x', ...fields })
      expect(created.statusCode).toBe(400)
      expect(created.json().message).toMatch(new RegExp(`^${field}`))
      const edited = await call(owner, 'PATCH', `/api/deals/${mine.id}`, fields)
      expect(edited.statusCode).toBe(400)
      expect(edited.json().message).toMatch(new RegExp(`^${field}`))
    }
    expect((await call(owner, 'POST', `/api/deals/${mine.id}/move`, { stageId: theirStage?.id })).statusCode).toBe(400)
    expect((await call(owner, 'GET', '/api/deals')).json().deals.map((d: { id: string }) => d.id)).toEqual([mine.id])
    expect((await call(stranger, 'GET', `/api/deals/${theirDeal.id}`)).json().name).toBe(theirDeal.name)
    expect((await call(null, 'GET', '/api/deals')).statusCode).toBe(401)
  })

  it('lets other modules add a booking to the timeline of their own organization’s deal only', async () => {
    const owner = await buildOwner(app)
    const stranger = await buildOwner(app)
    const deal = await buildDeal(app, owner)
    const added = await addDealActivity(app.database.db, {
      organizationId: owner.user.organizationId,
      dealId: deal.id,
      kind: 'booking',
      data: { start: '2027-01-04T10:00:00.000Z', title: 'Demo' },
    })
    expect(added).toBe(true)
    const foreign = await addDealActivity(app.database.db, {
      organizationId: stranger.user.organizationId,
      dealId: deal.id,
      kind: 'agreement',
    })
    expect(foreign).toBe(false)
    expect(await timeline(owner, deal.id)).toMatchObject([
      { kind: 'booking', actor: null, data: { start: '2027-01-04T10:00:00.000Z', title: 'Demo' } },
      { kind: 'created' },
    ])
  })
})

describe('live pipeline updates', () => {
  let url: string
  beforeAll(async () => {
    url = await listenOnFreePort(app)
  })

  it("tells a teammate's socket about a created, moved and deleted deal, and nobody of another organization", async () => {
    const owner = await buildOwner(app)
    const teammate = await buildMember(app, owner)
    const stranger = await buildOwner(app)
    const [, qualified] = await stagesOf(app, owner)
    const sockets: Socket[] = []
    try {
      const mate = await connectSocket(url, teammate.cookie)
      const outsider = await connectSocket(url, stranger.cookie)
      sockets.push(mate, outsider)
      const leaked: unknown[] = []
      outsider.on(ProductSocketEvents.dealsChanged, (payload) => leaked.push(payload))

      const created = nextEvent<{ deal: { id: string; name: string; notes?: string } }>(mate, ProductSocketEvents.dealsChanged)
      const deal = await buildDeal(app, owner, { name: 'Live one', notes: 'internal' })
      expect((await created).deal).toMatchObject({ id: deal.id, name: 'Live one' })
      expect((await created).deal.notes).toBeUndefined()

      const moved = nextEvent<{ deal: { id: string; stageId: string } }>(mate, ProductSocketEvents.dealsChanged)
      await call(owner, 'POST', `/api/deals/${deal.id}/move`, { stageId: qualified?.id })
      expect((await moved).deal).toMatchObject({ id: deal.id, stageId: qualified?.id })

      const deleted = nextEvent(mate, ProductSocketEvents.dealsChanged)
      await call(owner, 'DELETE', `/api/deals/${deal.id}`)
      expect(await deleted).toEqual({ deletedId: deal.id })
      // The stranger's socket would have had the three by now, had they been sent to it.
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(leaked).toEqual([])
    } finally {
      for (const socket of sockets) socket.close()
    }
  })
})
