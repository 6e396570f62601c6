import { join } from 'node:path'
import { ProductSocketEvents } from '@closeroom/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, listenOnFreePort, type TestApp } from '../../testing/app.ts'
import { buildContact, buildDeal } from '../../testing/deals.ts'
import { buildMember, buildOwner, type Client } from '../../testing/factories.ts'
import { form, PDF, storedFiles } from '../../testing/files.ts'
import { connectSocket, nextEvent } from '../../testing/sockets.ts'

let app: TestApp
let url: string
beforeAll(async () => {
  app = await buildTestApp()
  url = await listenOnFreePort(app)
})
afterAll(() => app.close())

type Method = 'GET' | 'POST' | 'PUT'
const call = (client: Client | null, method: Method, path: string, payload?: object) =>
  app.inject({ method, url: path, headers: client ? { cookie: client.cookie } : {}, payload })

type Thread = { kind: string; id: string; unreadCount: number }
const unreadOf = async (as: Client) => {
  const threads = (await call(as, 'GET', '/api/chat/threads')).json().threads as Thread[]
  return Object.fromEntries(threads.map((t) => [`${t.kind}:${t.id}`, t.unreadCount]))
}
const badge = async (as: Client) => (await call(as, 'GET', '/api/chat/unread')).json().total as number

/** Olivia and Maya of one organization, with a deal chat, a client thread and a published room with a chat. */
async function scene() {
  const owner = await buildOwner(app, { name: 'Olivia Owner' })
  const maya = await buildMember(app, owner, { name: 'Maya Member' })
  const deal = await buildDeal(app, owner, { name: 'Acme rollout' })
  const client = await buildContact(app, owner, { name: 'Bea Buyer' })
  const roomDeal = await buildDeal(app, owner, { name: 'Globex pilot' })
  const room = await call(owner, 'PUT', `/api/deals/${roomDeal.id}/salesroom`, { title: 'Globex', welcome: 'Hi', published: true })
  expect(room.statusCode, room.body).toBe(200)
  const pub = `/api/public/salesrooms/${room.json().publicId}`
  return { owner, maya, deal, client, roomDeal, pub }
}

describe('read state of deal, client and room threads', () => {
  it("counts others' messages since the member last read each thread, in the list and in the menu's badge", async () => {
    const { owner, maya, deal, client, roomDeal, pub } = await scene()
    expect((await call(owner, 'POST', `/api/deals/${deal.id}/messages`, { body: 'Deal note' })).statusCode).toBe(201)
    expect((await call(owner, 'POST', `/api/deals/${deal.id}/messages`, { body: 'Deal note, later' })).statusCode).toBe(201)
    expect((await call(maya, 'POST', `/api/clients/${client.id}/messages`, { body: 'Client note' })).statusCode).toBe(201)
    expect((await call(null, 'POST', `${pub}/messages`, { body: 'Can we start in January?', name: 'Bea Buyer' })).statusCode).toBe(201)

    // Maya: two of Olivia's on the deal, the buyer's in the room, none of her own on the client.
    expect(await unreadOf(maya)).toEqual({ [`deal:${deal.id}`]: 2, [`room:${roomDeal.id}`]: 1, [`client:${client.id}`]: 0 })
    expect(await badge(maya)).toBe(3)
    // Olivia: Maya's client note and the buyer's message.
    expect(await unreadOf(owner)).toEqual({ [`deal:${deal.id}`]: 0, [`room:${roomDeal.id}`]: 1, [`client:${client.id}`]: 1 })
    expect(await badge(owner)).toBe(2)

    // Reading the deal (in /chat or on its page) clears it for Maya alone.
    const read = await call(maya, 'POST', `/api/chat/threads/deal/${deal.id}/read`)
    expect(read.statusCode, read.body).toBe(200)
    expect(read.json()).toEqual({ lastReadAt: expect.any(String) })
    expect((await unreadOf(maya))[`deal:${deal.id}`]).toBe(0)
    expect(await badge(maya)).toBe(1)
    expect(await badge(owner)).toBe(2)
    // A message after the reading counts again; the room's answer by a teammate counts too.
    await call(owner, 'POST', `/api/deals/${deal.id}/messages`, { body: 'One more' })
    await call(owner, 'POST', `/api/deals/${roomDeal.id}/salesroom/messages`, { body: 'Yes, January works.' })
    expect(await unreadOf(maya)).toMatchObject({ [`deal:${deal.id}`]: 1, [`room:${roomDeal.id}`]: 2 })
    // Reading twice is fine; reading the room and the client clears them.
    for (const [kind, id] of [
      ['deal', deal.id],
      ['deal', deal.id],
      ['room', roomDeal.id],
      ['client', client.id],
    ])
      expect((await call(maya, 'POST', `/api/chat/threads/${kind}/${id}/read`)).statusCode).toBe(200)
    expect(await badge(maya)).toBe(0)
  })

  it('lists an unread thread however many threads came after it, so whatever the badge counts can be opened', async () => {
    const { owner, maya, deal } = await scene()
    await call(owner, 'POST', `/api/deals/${deal.id}/messages`, { body: 'Old but unread' })
    // Thirty later threads Maya has read (her own messages).
    for (let i = 0; i < 30; i++) {
      const later = await buildDeal(app, owner, { name: `Later ${i}` })
      await call(maya, 'POST', `/api/deals/${later.id}/messages`, { body: 'Mine' })
    }
    const listed = (await call(maya, 'GET', '/api/chat/threads')).json().threads as Thread[]
    expect(listed).toHaveLength(31)
    expect(listed.at(-1)).toMatchObject({ kind: 'deal', id: deal.id, unreadCount: 1 })
    // Olivia has read none of Maya's: the thirty latest, and nothing older without unread.
    const hers = (await call(owner, 'GET', '/api/chat/threads')).json().threads as Thread[]
    expect(hers).toHaveLength(30)
    expect(hers.map((t) => t.id)).not.toContain(deal.id)
  })

  it("counts from when a member joined, not the team's history", async () => {
    const { owner, deal } = await scene()
    await call(owner, 'POST', `/api/deals/${deal.id}/messages`, { body: 'Before Nina came' })
    const nina = await buildMember(app, owner, { name: 'Nina New' })
    expect((await unreadOf(nina))[`deal:${deal.id}`]).toBe(0)
    expect(await badge(nina)).toBe(0)
  })

  it("refuses another organization's thread (404) and a kind that is not one (400)", async () => {
    const { deal, client } = await scene()
    const stranger = await buildOwner(app)
    const other = await call(stranger, 'POST', `/api/chat/threads/deal/${deal.id}/read`)
    expect(other.statusCode).toBe(404)
    expect(other.json()).toMatchObject({ message: 'Thread not found' })
    expect((await call(stranger, 'POST', `/api/chat/threads/client/${client.id}/read`)).statusCode).toBe(404)
    // A deal's id is not a client's.
    const { owner } = await scene()
    const ownDeal = await buildDeal(app, owner)
    expect((await call(owner, 'POST', `/api/chat/threads/client/${ownDeal.id}/read`)).statusCode).toBe(404)
    const kind = await call(owner, 'POST', `/api/chat/threads/meeting/${ownDeal.id}/read`)
    expect(kind.statusCode).toBe(400)
    expect((await call(owner, 'POST', `/api/chat/threads/deal/not-an-id/read`)).statusCode).toBe(400)
    expect((await call(null, 'POST', `/api/chat/threads/deal/${ownDeal.id}/read`)).statusCode).toBe(401)
    expect(await badge(stranger)).toBe(0)
  })

  it("raises it live for the organization when a buyer or a teammate writes, and clears it in the reader's other tabs", async () => {
    const { owner, maya, deal, roomDeal, pub } = await scene()
    const stranger = await buildOwner(app)
    const strangersMate = await buildMember(app, stranger)
    const mayaTab = await connectSocket(url, maya.cookie)
    const mayaOtherTab = await connectSocket(url, maya.cookie)
    const ownerTab = await connectSocket(url, owner.cookie)
    const ownerHeard: unknown[] = []
    ownerTab.on(ProductSocketEvents.chatThreadMessage, (payload) => ownerHeard.push(payload))
    const strangerTab = await connectSocket(url, strangersMate.cookie)
    const strangerHeard: unknown[] = []
    strangerTab.on(ProductSocketEvents.chatThreadMessage, (payload) => strangerHeard.push(payload))
    try {
      const fromBuyer = nextEvent(mayaTab, ProductSocketEvents.chatThreadMessage)
      await call(null, 'POST', `${pub}/messages`, { body: 'Hello?', name: 'Bea Buyer' })
      expect(await fromBuyer).toEqual({ kind: 'room', id: roomDeal.id, authorId: null })

      const fromTeammate = nextEvent(mayaTab, ProductSocketEvents.chatThreadMessage)
      await call(owner, 'POST', `/api/deals/${deal.id}/messages`, { body: 'Call them today' })
      expect(await fromTeammate).toEqual({ kind: 'deal', id: deal.id, authorId: owner.user.id })

      const read = nextEvent(mayaOtherTab, ProductSocketEvents.chatThreadRead)
      await call(maya, 'POST', `/api/chat/threads/room/${roomDeal.id}/read`)
      expect(await read).toEqual({ kind: 'room', id: roomDeal.id, lastReadAt: expect.any(String) })

      // The stranger's organization hears nothing of it: its own deal's message is the first thing it hears.
      const own = await buildDeal(app, stranger)
      const strangerOwn = nextEvent(strangerTab, ProductSocketEvents.chatThreadMessage)
      await call(stranger, 'POST', `/api/deals/${own.id}/messages`, { body: 'Ours' })
      await strangerOwn
      expect(strangerHeard).toEqual([{ kind: 'deal', id: own.id, authorId: stranger.user.id }])
      // The author's own tabs are not told of their deal message; the buyer's reached them.
      expect(ownerHeard).toEqual([{ kind: 'room', id: roomDeal.id, authorId: null }])
    } finally {
      ownerTab.close()
      mayaTab.close()
      mayaOtherTab.close()
      strangerTab.close()
    }
  })
})

describe('search over the threads', () => {
  it("finds words in the organization's deal, client and room threads beside the conversations, newest first", async () => {
    const { owner, maya, deal, client, roomDeal, pub } = await scene()
    await call(owner, 'POST', `/api/deals/${deal.id}/messages`, { body: 'The pilot budget is approved' })
    await call(maya, 'POST', `/api/clients/${client.id}/messages`, { body: 'Bea asked about the BUDGET' })
    await call(null, 'POST', `${pub}/messages`, { body: 'What budget do we need?', name: 'Bea Buyer' })
    await call(owner, 'POST', `/api/deals/${deal.id}/messages`, { body: 'Nothing to see' })
    const conversation = (await call(owner, 'POST', '/api/chat/conversations', { participantIds: [maya.user.id] })).json()
    await call(owner, 'POST', `/api/chat/conversations/${conversation.id}/messages`, { body: 'Budget call at 3' })

    const found = await call(maya, 'GET', '/api/chat/search?q=budget')
    expect(found.statusCode, found.body).toBe(200)
    expect(found.json().messages.map((m: { body: string }) => m.body)).toEqual(['Budget call at 3'])
    expect(found.json().threads).toEqual([
      {
        kind: 'room',
        threadId: roomDeal.id,
        threadName: 'Globex pilot',
        id: expect.any(String),
        body: 'What budget do we need?',
        authorName: 'Bea Buyer',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
      expect.objectContaining({ kind: 'client', threadId: client.id, threadName: 'Bea Buyer', authorName: 'Maya Member' }),
      expect.objectContaining({ kind: 'deal', threadId: deal.id, threadName: 'Acme rollout', authorName: 'Olivia Owner' }),
    ])
    // The hit's id is the message's id in its thread.
    const dealMessages = (await call(maya, 'GET', `/api/deals/${deal.id}/messages`)).json().messages as { id: string; body: string }[]
    expect(found.json().threads[2].id).toBe(dealMessages.find((m) => m.body.includes('budget'))?.id)

    // Another organization finds none of it; % and _ are taken literally.
    const stranger = await buildOwner(app)
    expect((await call(stranger, 'GET', '/api/chat/search?q=budget')).json()).toEqual({ messages: [], threads: [] })
    expect((await call(maya, 'GET', '/api/chat/search?q=%25%25')).json()).toEqual({ messages: [], threads: [] })
  })
})

describe('attachments and the storage limit', () => {
  it("count against the organization's storage, and one past the limit is refused with the library's message", async () => {
    const small = await buildTestApp({ env: { FILES_STORAGE_LIMIT_MB: String(2 / 1024) } })
    try {
      const owner = await buildOwner(small)
      const maya = await buildMember(small, owner)
      const inject = (method: Method, path: string, payload?: object | FormData) =>
        small.inject({ method, url: path, headers: { cookie: owner.cookie }, payload })
      const conversation = (await inject('POST', '/api/chat/conversations', { participantIds: [maya.user.id] })).json()
      const big = Buffer.concat([PDF, Buffer.alloc(700)])
      const attach = () => inject('POST', `/api/chat/conversations/${conversation.id}/attachments`, form({ name: 'offer.pdf', bytes: big }))

      expect((await attach()).statusCode).toBe(201)
      // The library shows the attachment's bytes as used.
      expect((await inject('GET', '/api/library')).json().storage).toEqual({ usedBytes: big.length, limitBytes: 2048 })
      const before = await storedFiles(join(small.dataDir, 'files'))
      const refused = await attach()
      expect(refused.statusCode).toBe(413)
      expect(refused.json()).toEqual({
        message: "Your organization's storage is full: 1.3 KB of 2 KB used, and this file takes 1.3 KB. Delete files you no longer need.",
        code: 'storage_full',
      })
      expect(await storedFiles(join(small.dataDir, 'files'))).toEqual(before)
      // No message was written for it.
      const history = (await inject('GET', `/api/chat/conversations/${conversation.id}/messages`)).json().messages
      expect(history).toHaveLength(1)
      // And the library refuses a file the attachments leave no room for.
      const library = await inject('POST', '/api/library/files', form({ name: 'two.pdf', bytes: big }))
      expect(library.json()).toMatchObject({ code: 'storage_full' })
    } finally {
      await small.close()
    }
    // A second app of its own (its own limit) takes a while to start on a busy machine.
  }, 90_000)
})
