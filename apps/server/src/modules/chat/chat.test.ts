import { join } from 'node:path'
import { CHAT_LIMITS, FILE_LIMITS } from '@closeroom/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chatMessages } from '../../db/schema/index.ts'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildContact, buildDeal } from '../../testing/deals.ts'
import { buildMember, buildOwner, type Client, sessionCookie } from '../../testing/factories.ts'
import { form, HTML, PDF, PNG, storedFiles } from '../../testing/files.ts'
import { DEMO_OWNER_EMAIL, DEMO_PASSWORD, seedDemo } from '../demo/module.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

type Method = 'GET' | 'POST' | 'PUT'
const call = (client: Client | null, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: client ? { cookie: client.cookie } : {}, payload })

async function team() {
  const owner = await buildOwner(app, { name: 'Olivia Owner' })
  const maya = await buildMember(app, owner, { name: 'Maya Member' })
  const sam = await buildMember(app, owner, { name: 'Sam Seller' })
  return { owner, maya, sam }
}

async function direct(from: Client, to: Client) {
  const res = await call(from, 'POST', '/api/chat/conversations', { participantIds: [to.user.id] })
  expect([200, 201]).toContain(res.statusCode)
  return res.json() as { id: string }
}

const send = (as: Client, id: string, body: string) => call(as, 'POST', `/api/chat/conversations/${id}/messages`, { body })

describe('conversations', () => {
  it('starts a direct conversation once per pair (201, then 200 with the same one)', async () => {
    const { owner, maya } = await team()
    const first = await call(owner, 'POST', '/api/chat/conversations', { participantIds: [maya.user.id] })
    expect(first.statusCode).toBe(201)
    expect(first.json()).toMatchObject({ kind: 'direct', name: null, unreadCount: 0, lastMessage: null })
    expect(first.json().participants.map((p: { name: string }) => p.name)).toEqual(['Maya Member', 'Olivia Owner'])
    const again = await call(maya, 'POST', '/api/chat/conversations', { participantIds: [owner.user.id] })
    expect(again.statusCode).toBe(200)
    expect(again.json().id).toBe(first.json().id)
  })

  it('creates a named group, listed for each of its members and no one else', async () => {
    const { owner, maya, sam } = await team()
    const res = await call(owner, 'POST', '/api/chat/conversations', { participantIds: [maya.user.id, sam.user.id], name: 'Umbrella' })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ kind: 'group', name: 'Umbrella' })
    for (const member of [owner, maya, sam]) {
      expect((await call(member, 'GET', '/api/chat/conversations')).json().conversations.map((c: { id: string }) => c.id)).toContain(
        res.json().id,
      )
    }
    const stranger = await buildOwner(app)
    expect((await call(stranger, 'GET', '/api/chat/conversations')).json()).toEqual({ conversations: [] })
  })

  it('refuses people of another organization, oneself alone and an empty choice with 400 naming the field', async () => {
    const { owner } = await team()
    const stranger = await buildOwner(app)
    for (const participantIds of [[stranger.user.id], [owner.user.id], []]) {
      const res = await call(owner, 'POST', '/api/chat/conversations', { participantIds })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code: 'invalid', field: 'participantIds' })
    }
  })

  it("lists the organization's other active members as contacts", async () => {
    const { owner, maya, sam } = await team()
    const contacts = (await call(owner, 'GET', '/api/chat/contacts')).json().contacts
    expect(contacts.map((c: { id: string }) => c.id).sort()).toEqual([maya.user.id, sam.user.id].sort())
  })
})

describe('messages', () => {
  it("sends a message (201) in the spec's shape, counts it unread for the others until they read it", async () => {
    const { owner, maya, sam } = await team()
    const group = (await call(owner, 'POST', '/api/chat/conversations', { participantIds: [maya.user.id, sam.user.id] })).json()
    const res = await send(owner, group.id, '  Hello team  ')
    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({
      id: expect.any(String),
      conversationId: group.id,
      body: 'Hello team',
      contentType: 'text',
      attachments: [],
      createdAt: expect.any(String),
      senderId: owner.user.id,
    })
    expect((await send(owner, group.id, 'Second')).statusCode).toBe(201)

    const listed = (as: Client) => call(as, 'GET', `/api/chat/conversations/${group.id}`).then((r) => r.json())
    expect((await listed(owner)).unreadCount).toBe(0)
    expect((await listed(maya)).unreadCount).toBe(2)
    expect((await listed(maya)).lastMessage.body).toBe('Second')
    expect((await call(maya, 'GET', '/api/chat/unread')).json()).toEqual({ total: 2 })

    const read = await call(maya, 'POST', `/api/chat/conversations/${group.id}/read`)
    expect(read.statusCode).toBe(200)
    expect((await listed(maya)).unreadCount).toBe(0)
    expect((await call(maya, 'GET', '/api/chat/unread')).json()).toEqual({ total: 0 })
    // Read state per person: Sam has not read, Maya has.
    expect((await listed(sam)).unreadCount).toBe(2)
    const people = (await listed(owner)).participants
    expect(people.find((p: { id: string }) => p.id === maya.user.id).lastReadAt).toEqual(read.json().lastReadAt)
    expect(people.find((p: { id: string }) => p.id === sam.user.id).lastReadAt).toBeNull()
  })

  it('refuses an empty, blank or too long message with 400 naming body', async () => {
    const { owner, maya } = await team()
    const { id } = await direct(owner, maya)
    for (const body of ['', '   ', 'x'.repeat(CHAT_LIMITS.maxBodyLength + 1)]) {
      const res = await send(owner, id, body)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code: 'invalid', field: 'body' })
    }
    expect((await call(owner, 'POST', `/api/chat/conversations/${id}/messages`, {})).statusCode).toBe(400)
  })

  it('lets only participants read, send, mark read or search a conversation (404 to others, same organization or not)', async () => {
    const { owner, maya, sam } = await team()
    const { id } = await direct(owner, maya)
    await send(owner, id, 'Just between us')
    const stranger = await buildOwner(app)
    for (const outsider of [sam, stranger]) {
      for (const [method, url, payload] of [
        ['GET', `/api/chat/conversations/${id}`],
        ['GET', `/api/chat/conversations/${id}/messages`],
        ['POST', `/api/chat/conversations/${id}/messages`, { body: 'Let me in' }],
        ['POST', `/api/chat/conversations/${id}/read`],
      ] as const) {
        const res = await call(outsider, method, url, payload)
        expect(res.statusCode, `${method} ${url}`).toBe(404)
        expect(res.json()).toEqual({ message: 'Conversation not found', code: 'not_found' })
      }
      expect((await call(outsider, 'GET', '/api/chat/search?q=between')).json()).toEqual({ messages: [], threads: [] })
    }
    expect((await call(null, 'GET', '/api/chat/conversations')).statusCode).toBe(401)
  })

  it('pages history backwards with a cursor, oldest first within a page', async () => {
    const { owner, maya } = await team()
    const { id } = await direct(owner, maya)
    const start = Date.now() - 100_000
    await app.database.db.insert(chatMessages).values(
      Array.from({ length: 75 }, (_, i) => ({
        conversationId: id,
        senderId: owner.user.id,
        body: `m${i}`,
        createdAt: new Date(start + i),
      })),
    )
    const page = async (before?: string) =>
      (await call(maya, 'GET', `/api/chat/conversations/${id}/messages?limit=30${before ? `&before=${before}` : ''}`)).json()
    const first = await page()
    expect(first.messages.map((m: { body: string }) => m.body)).toEqual(Array.from({ length: 30 }, (_, i) => `m${45 + i}`))
    const second = await page(first.before)
    expect(second.messages[0].body).toBe('m15')
    expect(second.messages.at(-1).body).toBe('m44')
    const third = await page(second.before)
    expect(third.messages.map((m: { body: string }) => m.body)).toEqual(Array.from({ length: 15 }, (_, i) => `m${i}`))
    expect(third.before).toBeNull()
  })

  it("searches the words of one's own conversations, and needs two characters", async () => {
    const { owner, maya, sam } = await team()
    const { id } = await direct(owner, maya)
    await send(owner, id, 'The Northwind proposal is ready')
    const other = await direct(sam, maya)
    await send(sam, other.id, 'Northwind for Sam only')
    const found = (await call(owner, 'GET', '/api/chat/search?q=northWIND')).json().messages
    expect(found.map((m: { body: string }) => m.body)).toEqual(['The Northwind proposal is ready'])
    const short = await call(owner, 'GET', '/api/chat/search?q=n')
    expect(short.statusCode).toBe(400)
    expect(short.json()).toMatchObject({ field: 'q' })
  })
})

describe('attachments', () => {
  it('sends a picture (image) and a PDF (file) sniffed by their bytes, served only to participants', async () => {
    const { owner, maya, sam } = await team()
    const { id } = await direct(owner, maya)
    const picture = await call(
      owner,
      'POST',
      `/api/chat/conversations/${id}/attachments`,
      form({ name: 'chart.png', bytes: PNG }, { body: 'Look' }),
    )
    expect(picture.statusCode).toBe(201)
    expect(picture.json()).toMatchObject({
      body: 'Look',
      contentType: 'image',
      attachments: [{ name: 'chart.png', contentType: 'image/png', size: PNG.length }],
    })
    // A PDF named as a picture is what its bytes say.
    const pdf = await call(
      owner,
      'POST',
      `/api/chat/conversations/${id}/attachments`,
      form({ name: 'proposal.png', bytes: PDF, type: 'image/png' }),
    )
    expect(pdf.statusCode).toBe(201)
    expect(pdf.json()).toMatchObject({ body: '', contentType: 'file', attachments: [{ contentType: 'application/pdf' }] })

    const url = picture.json().attachments[0].url
    const served = await call(maya, 'GET', url)
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.rawPayload.equals(PNG)).toBe(true)
    expect((await call(maya, 'GET', pdf.json().attachments[0].url)).headers['content-disposition']).toMatch(/^attachment/)
    expect((await call(sam, 'GET', url)).statusCode).toBe(404)
  })

  it('refuses markup, an empty upload, none at all, and too big a file with a clear 400, keeping no bytes', async () => {
    const { owner, maya, sam } = await team()
    const { id } = await direct(owner, maya)
    const storage = join(app.dataDir, 'files')
    const before = (await storedFiles(storage)).length
    const upload = (as: Client, payload: FormData) => call(as, 'POST', `/api/chat/conversations/${id}/attachments`, payload)

    const html = await upload(owner, form({ name: 'page.png', bytes: HTML }))
    expect(html.statusCode).toBe(400)
    expect(html.json()).toMatchObject({ code: 'unsupported_type' })
    expect((await upload(owner, form({ name: 'empty.pdf', bytes: Buffer.alloc(0) }))).json()).toMatchObject({ code: 'file_required' })
    expect((await upload(owner, form(null, { body: 'no file' }))).json()).toMatchObject({ code: 'file_required' })
    const big = await upload(owner, form({ name: 'big.pdf', bytes: Buffer.concat([PDF, Buffer.alloc(FILE_LIMITS.documentBytes)]) }))
    expect(big.statusCode).toBe(400)
    expect(big.json()).toMatchObject({ code: 'file_too_large', message: 'Files must be at most 25 MB' })
    const caption = await upload(owner, form({ name: 'a.png', bytes: PNG }, { body: 'x'.repeat(CHAT_LIMITS.maxCaptionLength + 1) }))
    expect(caption.statusCode).toBe(400)
    expect(caption.json()).toMatchObject({ field: 'body' })
    // Not a participant: refused before a byte is stored.
    expect((await upload(sam, form({ name: 'a.png', bytes: PNG }))).statusCode).toBe(404)
    expect((await storedFiles(storage)).length).toBe(before)
  })
})

describe('threads of deals, clients and sales rooms', () => {
  it("lists the organization's deal chats, client threads and room chats with their latest message, latest first", async () => {
    const { owner, maya } = await team()
    const deal = await buildDeal(app, owner, { name: 'Acme rollout' })
    const client = await buildContact(app, owner, { name: 'Bea Buyer' })
    const roomDeal = await buildDeal(app, owner, { name: 'Globex pilot' })
    expect(
      (await call(owner, 'PUT', `/api/deals/${roomDeal.id}/salesroom`, { title: 'Globex', welcome: 'Hi', published: true })).statusCode,
    ).toBe(200)
    expect((await call(owner, 'POST', `/api/deals/${deal.id}/messages`, { body: 'Deal note' })).statusCode).toBe(201)
    expect((await call(maya, 'POST', `/api/clients/${client.id}/messages`, { body: 'Client note' })).statusCode).toBe(201)
    expect((await call(owner, 'POST', `/api/deals/${roomDeal.id}/salesroom/messages`, { body: 'Room answer' })).statusCode).toBe(201)
    expect((await call(owner, 'POST', `/api/deals/${deal.id}/messages`, { body: 'Deal note, later' })).statusCode).toBe(201)

    const answer = await call(maya, 'GET', '/api/chat/threads')
    expect(answer.statusCode, answer.body).toBe(200)
    const { threads } = answer.json()
    expect(threads).toEqual([
      {
        kind: 'deal',
        id: deal.id,
        name: 'Acme rollout',
        lastMessage: { body: 'Deal note, later', authorName: 'Olivia Owner', createdAt: expect.any(String) },
        unreadCount: 2,
      },
      {
        kind: 'room',
        id: roomDeal.id,
        name: 'Globex pilot',
        lastMessage: { body: 'Room answer', authorName: 'Olivia Owner', createdAt: expect.any(String) },
        unreadCount: 1,
      },
      {
        kind: 'client',
        id: client.id,
        name: 'Bea Buyer',
        lastMessage: { body: 'Client note', authorName: 'Maya Member', createdAt: expect.any(String) },
        unreadCount: 0,
      },
    ])
    const stranger = await buildOwner(app)
    expect((await call(stranger, 'GET', '/api/chat/threads')).json()).toEqual({ threads: [] })
  })
})

describe('demo', () => {
  it('gives the demo organization a group and a direct conversation, one message of which Olivia has not read', async () => {
    const demo = await buildTestApp()
    try {
      expect(await seedDemo(demo.database.db, demo.fileStore)).not.toBeNull()
      const login = await demo.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: DEMO_OWNER_EMAIL, password: DEMO_PASSWORD },
      })
      const headers = { cookie: sessionCookie(login.headers['set-cookie']) }
      const { conversations } = (await demo.inject({ method: 'GET', url: '/api/chat/conversations', headers })).json()
      expect(conversations.map((c: { kind: string; unreadCount: number }) => [c.kind, c.unreadCount])).toEqual([
        ['direct', 1],
        ['group', 0],
      ])
      // The badge adds what teammates wrote in the demo's deal chats and client threads since Olivia joined.
      const { threads } = (await demo.inject({ method: 'GET', url: '/api/chat/threads', headers })).json()
      const inThreads = threads.reduce((sum: number, t: { unreadCount: number }) => sum + t.unreadCount, 0)
      expect(inThreads).toBeGreaterThan(0)
      expect((await demo.inject({ method: 'GET', url: '/api/chat/unread', headers })).json()).toEqual({ total: 1 + inThreads })
    } finally {
      await demo.close()
    }
  })
})
