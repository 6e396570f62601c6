import { ProductSocketEvents, SocketEvents } from '@closeroom/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { salesroomMessages } from '../../db/schema/index.ts'
import { buildTestApp, listenOnFreePort, type TestApp } from '../../testing/app.ts'
import { buildDeal, buildProduct } from '../../testing/deals.ts'
import { buildMember, buildOwner, type Client } from '../../testing/factories.ts'
import { connectSocket, nextEvent } from '../../testing/sockets.ts'
import { BAD_CURSOR_MESSAGE, BAD_CURSORS, crowdedThread, readBackwards } from '../../testing/thread-pages.ts'

let app: TestApp
let url: string
beforeAll(async () => {
  app = await buildTestApp()
  url = await listenOnFreePort(app)
})
afterAll(() => app.close())

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT'
const call = (client: Client | null, method: Method, path: string, payload?: object, cookie?: string) =>
  app.inject({ method, url: path, headers: { ...(client ? { cookie: client.cookie } : {}), ...(cookie ? { cookie } : {}) }, payload })

/** A deal with a product line, its room published with a link, a seller step and a buyer step. */
async function buildRoom(settings: Record<string, unknown> = {}) {
  const owner = await buildOwner(app, { name: 'Olivia Owner' })
  const product = await buildProduct(app, owner, { name: 'Platform', price: 120_000, currency: 'EUR' })
  const deal = await buildDeal(app, owner, {
    name: 'Acme rollout',
    // The deal's amount carries a discount the room does not show: the room totals its lines.
    amount: 200_000,
    currency: 'EUR',
    notes: 'Internal: they have budget until March',
    lines: [{ productId: product.id, quantity: 2 }],
  })
  const room = await call(owner, 'PUT', `/api/deals/${deal.id}/salesroom`, {
    title: 'Acme × Closeroom',
    welcome: 'Welcome, Acme team',
    published: true,
    ...settings,
  })
  expect(room.statusCode, room.body).toBe(200)
  const base = `/api/deals/${deal.id}/salesroom`
  const link = (await call(owner, 'POST', `${base}/links`, { title: 'Security overview', url: 'docs.example.com/security' })).json()
  const sellerStep = (await call(owner, 'POST', `${base}/steps`, { title: 'Send the order form', side: 'seller' })).json()
  const buyerStep = (
    await call(owner, 'POST', `${base}/steps`, { title: 'Legal review', side: 'buyer', ownerName: 'Bea', dueDate: '2027-01-15' })
  ).json()
  return { owner, deal, room: room.json(), link, sellerStep, buyerStep, base, pub: `/api/public/salesrooms/${room.json().publicId}` }
}

describe('sales rooms', () => {
  it("shows the buyer the room, the deal's products and pricing, and nothing internal", async () => {
    const { room, pub, link } = await buildRoom()
    expect(room.url).toMatch(/\/d\/[A-Za-z0-9_-]{22}$/)
    const res = await call(null, 'GET', pub)
    expect(res.statusCode).toBe(200)
    const page = res.json()
    expect(page).toMatchObject({
      title: 'Acme × Closeroom',
      welcome: 'Welcome, Acme team',
      seller: { name: 'Olivia Owner' },
      links: [{ id: link.id, title: 'Security overview', url: 'https://docs.example.com/security' }],
      lines: [{ name: 'Platform', quantity: 2, unitPrice: 120_000, currency: 'EUR' }],
      total: { amount: 240_000, currency: 'EUR' },
      visitorEmail: null,
    })
    expect(page.steps.map((s: { title: string; side: string }) => [s.title, s.side])).toEqual([
      ['Send the order form', 'seller'],
      ['Legal review', 'buyer'],
    ])
    expect(res.body).not.toContain('Internal: they have budget')
    expect(res.body).not.toContain('dealId')
  })

  it('hides pricing when the seller says so, and an unpublished room from everyone', async () => {
    const { owner, deal, pub } = await buildRoom({ showPricing: false })
    expect((await call(null, 'GET', pub)).json()).toMatchObject({ lines: [], total: null })
    await call(owner, 'PUT', `/api/deals/${deal.id}/salesroom`, { title: 'Acme', published: false })
    expect((await call(null, 'GET', pub)).json()).toEqual({ message: 'Sales room not found', code: 'not_found' })
  })

  it('revokes the old link when the seller asks for a new address', async () => {
    const { owner, deal, pub } = await buildRoom()
    const rotated = (await call(owner, 'POST', `/api/deals/${deal.id}/salesroom/rotate`)).json()
    expect((await call(null, 'GET', pub)).statusCode).toBe(404)
    expect((await call(null, 'GET', `/api/public/salesrooms/${rotated.publicId}`)).statusCode).toBe(200)
  })

  it('lets only invited emails into a private room, with a one-time code by email', async () => {
    const { pub } = await buildRoom({ access: 'invited', invitedEmails: ['Bea@Buyer.example'] })
    expect((await call(null, 'GET', pub)).json()).toEqual({
      message: 'This room is private: enter your invited email to receive a code',
      code: 'unauthorized',
    })

    // A stranger's request answers the same and sends nothing.
    expect((await call(null, 'POST', `${pub}/access`, { email: 'eve@evil.example' })).statusCode).toBe(202)
    expect(await app.outbox('eve@evil.example')).toEqual([])
    expect((await call(null, 'POST', `${pub}/access`, { email: 'bea@buyer.example' })).statusCode).toBe(202)
    const [mail] = await app.outbox('bea@buyer.example')
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1] ?? ''

    const wrong = await call(null, 'POST', `${pub}/verify`, { email: 'bea@buyer.example', code: code === '000000' ? '111111' : '000000' })
    expect(wrong.json()).toEqual({ message: 'code: This code is wrong or has expired', code: 'code_wrong', field: 'code' })
    const verified = await call(null, 'POST', `${pub}/verify`, { email: 'bea@buyer.example', code })
    expect(verified.statusCode).toBe(200)
    expect(verified.json().visitorEmail).toBe('bea@buyer.example')
    const cookie = String(verified.headers['set-cookie']).split(';')[0]
    expect((await call(null, 'GET', pub, undefined, cookie)).statusCode).toBe(200)
    // The code works once.
    expect((await call(null, 'POST', `${pub}/verify`, { email: 'bea@buyer.example', code })).statusCode).toBe(400)
  })

  it('lets the buyer tick their own steps, not the seller’s', async () => {
    const { pub, sellerStep, buyerStep } = await buildRoom()
    expect((await call(null, 'PATCH', `${pub}/steps/${buyerStep.id}`, { done: true })).json()).toMatchObject({
      id: buyerStep.id,
      done: true,
    })
    expect((await call(null, 'PATCH', `${pub}/steps/${sellerStep.id}`, { done: true })).json()).toEqual({
      message: 'Only the seller can change this step',
      code: 'forbidden',
    })
  })

  it('records visits, time on the page and links opened, and tells the owner of the first visit', async () => {
    const { owner, deal, pub, link } = await buildRoom()
    const socket = await connectSocket(url, owner.cookie)
    try {
      const told = nextEvent<{ type: string; dealId: string }>(socket, SocketEvents.userNewNotification)
      const { visitId } = (await call(null, 'POST', `${pub}/events`, { kind: 'visit' })).json()
      expect(await told).toMatchObject({ type: 'salesroom-first-visit', dealId: deal.id })
      expect((await call(null, 'POST', `${pub}/events`, { kind: 'heartbeat', visitId })).statusCode).toBe(200)
      expect((await call(null, 'POST', `${pub}/events`, { kind: 'link_opened', visitId, linkId: link.id })).statusCode).toBe(200)
      const engagement = (await call(owner, 'GET', `/api/deals/${deal.id}/salesroom/engagement`)).json()
      expect(engagement.visits).toHaveLength(1)
      expect(engagement.visits[0].linksOpened).toEqual([expect.objectContaining({ linkId: link.id, title: 'Security overview' })])
      expect(engagement.firstVisitAt).not.toBeNull()
      const timeline = (await call(owner, 'GET', `/api/deals/${deal.id}/activities`)).json().activities
      expect(timeline.map((a: { kind: string }) => a.kind)).toContain('salesroom_visit')
    } finally {
      socket.close()
    }
  })

  it('carries the chat both ways live, as plain text', async () => {
    const { owner, deal, pub, room } = await buildRoom()
    const buyer = await connectSocket(url)
    const seller = await connectSocket(url, owner.cookie)
    try {
      expect(await buyer.emitWithAck(SocketEvents.dealsJoinPublicRoom, { publicId: room.publicId })).toEqual({ ok: true })
      expect(await seller.emitWithAck(SocketEvents.dealsJoinPublicRoom, { dealId: deal.id })).toEqual({ ok: true })

      const toSeller = nextEvent<{ message: { side: string; body: string; authorName: string } }>(
        seller,
        SocketEvents.dealsNewPublicMessage,
      )
      // Everyone in the room sees each message, the buyer's own included.
      const echo = nextEvent<{ message: { body: string } }>(buyer, SocketEvents.dealsNewPublicMessage)
      const body = '<script>alert(1)</script> Can we start in January?'
      const posted = await call(null, 'POST', `${pub}/messages`, { body, name: 'Bea Buyer' })
      expect(posted.statusCode).toBe(201)
      expect((await toSeller).message).toMatchObject({ side: 'buyer', authorName: 'Bea Buyer', body })
      expect((await echo).message.body).toBe(body)

      const toBuyer = nextEvent<{ message: { side: string; body: string } }>(buyer, SocketEvents.dealsNewPublicMessage)
      await call(owner, 'POST', `/api/deals/${deal.id}/salesroom/messages`, { body: 'Yes, January works.' })
      expect((await toBuyer).message).toMatchObject({ side: 'seller', body: 'Yes, January works.' })

      const history = (await call(null, 'GET', `${pub}/messages`)).json().messages
      expect(history.map((m: { body: string }) => m.body)).toEqual([body, 'Yes, January works.'])
      expect((await call(null, 'POST', `${pub}/messages`, { body: 'Anyone?' })).json()).toEqual({
        message: 'name: Tell the seller your name',
        code: 'invalid',
        field: 'name',
      })
    } finally {
      buyer.close()
      seller.close()
    }
  })

  it("pages the room's chat backwards for the seller and the buyer alike, and keeps it to the room's organization", async () => {
    const { owner, deal, pub } = await buildRoom()
    const { rows, order } = crowdedThread(120)
    await app.database.db
      .insert(salesroomMessages)
      .values(rows.map((r, i) => ({ ...r, dealId: deal.id, side: i % 2 ? ('buyer' as const) : ('seller' as const), authorName: 'Bea' })))
    const seller = await readBackwards((query) => call(owner, 'GET', `/api/deals/${deal.id}/salesroom/messages${query}`))
    expect(seller.sizes).toEqual([50, 50, 20])
    expect(seller.ids).toEqual(order)
    const buyer = await readBackwards((query) => call(null, 'GET', `${pub}/messages${query}`), 40)
    expect(buyer.sizes).toEqual([40, 40, 40])
    expect(buyer.ids).toEqual(order)

    for (const path of [`/api/deals/${deal.id}/salesroom/messages`, `${pub}/messages`])
      for (const before of BAD_CURSORS) {
        const res = await call(owner, 'GET', `${path}?before=${encodeURIComponent(before)}`)
        expect(res.statusCode, `${path} ${before}`).toBe(400)
        expect(res.json().message).toBe(BAD_CURSOR_MESSAGE)
      }
    const stranger = await buildOwner(app)
    const cursor = encodeURIComponent(`2030-01-01T00:00:00.000000Z_${order[0]}`)
    const theirs = await call(stranger, 'GET', `/api/deals/${deal.id}/salesroom/messages?limit=1&before=${cursor}`)
    expect(theirs.statusCode).toBe(404)
    expect(theirs.body).not.toContain('message 0')
  })

  it("keeps open pages live: a buyer's tick and visit reach the seller's editor, the seller's edits the buyer's page", async () => {
    const { owner, deal, pub, room, base, buyerStep, sellerStep } = await buildRoom()
    const buyer = await connectSocket(url)
    const seller = await connectSocket(url, owner.cookie)
    type Change = { publicId: string; part: string }
    try {
      await buyer.emitWithAck(SocketEvents.dealsJoinPublicRoom, { publicId: room.publicId })
      await seller.emitWithAck(SocketEvents.dealsJoinPublicRoom, { dealId: deal.id })

      const ticked = nextEvent<Change>(seller, ProductSocketEvents.salesroomChanged)
      // The buyer's other tabs hear it too.
      const echoed = nextEvent<Change>(buyer, ProductSocketEvents.salesroomChanged)
      await call(null, 'PATCH', `${pub}/steps/${buyerStep.id}`, { done: true })
      expect(await ticked).toEqual({ publicId: room.publicId, part: 'content' })
      expect(await echoed).toEqual({ publicId: room.publicId, part: 'content' })

      const visited = nextEvent<Change>(seller, ProductSocketEvents.salesroomChanged)
      await call(null, 'POST', `${pub}/events`, { kind: 'visit' })
      expect(await visited).toEqual({ publicId: room.publicId, part: 'engagement' })

      // Engagement is the seller's: the buyer's next news is the seller's edit, not the visit before it.
      const edited = nextEvent<Change>(buyer, ProductSocketEvents.salesroomChanged)
      await call(owner, 'PATCH', `${base}/steps/${sellerStep.id}`, { done: true })
      expect(await edited).toEqual({ publicId: room.publicId, part: 'content' })
      // Nothing internal travels with it.
      expect(JSON.stringify(await edited)).not.toContain(deal.id)
    } finally {
      buyer.close()
      seller.close()
    }
  })

  it("keeps a private room's chat and another organization's deals closed to sockets", async () => {
    const { deal, room } = await buildRoom({ access: 'invited', invitedEmails: ['bea@buyer.example'] })
    const stranger = await buildOwner(app)
    const anonymous = await connectSocket(url)
    const other = await connectSocket(url, stranger.cookie)
    try {
      expect(await anonymous.emitWithAck(SocketEvents.dealsJoinPublicRoom, { publicId: room.publicId })).toEqual({
        ok: false,
        message: 'This sales room is not open to you',
      })
      expect(await other.emitWithAck(SocketEvents.dealsJoinPublicRoom, { dealId: deal.id })).toEqual({
        ok: false,
        message: 'This sales room is not open to you',
      })
    } finally {
      anonymous.close()
      other.close()
    }
  })

  it("keeps the seller's room settings to the deal's organization", async () => {
    const { owner, deal, base } = await buildRoom()
    const stranger = await buildOwner(app)
    const teammate = await buildMember(app, owner)
    expect((await call(stranger, 'GET', base)).statusCode).toBe(404)
    expect((await call(stranger, 'PUT', base, { title: 'Mine' })).statusCode).toBe(404)
    expect((await call(stranger, 'GET', `/api/deals/${deal.id}/salesroom/engagement`)).statusCode).toBe(404)
    expect((await call(teammate, 'GET', base)).json().title).toBe('Acme × Closeroom')
    expect((await call(null, 'GET', base)).statusCode).toBe(401)
  })
})
