import { DEAL_LIMITS, THREAD_PAGE } from '@closeroom/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientMessages, dealMessages } from '../../db/schema/index.ts'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildContact, buildDeal } from '../../testing/deals.ts'
import { buildMember, buildOwner, type Client, request } from '../../testing/factories.ts'
import { BAD_CURSOR_MESSAGE, BAD_CURSORS, crowdedThread, readBackwards } from '../../testing/thread-pages.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const call = (client: Client | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  request(app, client, method, url, payload)

const SCRIPT = `<script>alert("x")</script><img src=x onerror="alert(1)"> & "quotes" 'single' é ✓`

/** The two threads answer the same four calls; each test runs against both. */
const threads = [
  { kind: 'deal', parent: async (owner: Client) => (await buildDeal(app, owner)).id, base: (id: string) => `/api/deals/${id}/messages` },
  {
    kind: 'client',
    parent: async (owner: Client) => (await buildContact(app, owner)).id,
    base: (id: string) => `/api/clients/${id}/messages`,
  },
] as const

describe.each(threads)('$kind messages', ({ kind, parent, base }) => {
  it('posts a message (201) with its author, and lists it', async () => {
    const owner = await buildOwner(app, { name: 'Olivia Owner' })
    const id = await parent(owner)
    const res = await call(owner, 'POST', base(id), { body: '  Sent the proposal  ' })
    expect(res.statusCode).toBe(201)
    const message = res.json()
    expect(message).toEqual({
      id: expect.any(String),
      author: { id: owner.user.id, name: 'Olivia Owner', avatarUrl: null },
      body: 'Sent the proposal',
      createdAt: expect.any(String),
      editedAt: null,
    })
    expect((await call(owner, 'GET', base(id))).json()).toEqual({ messages: [message], next: null })
  })

  it('lists messages oldest first, and the latest page with the cursor of the one before', async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner)
    const id = await parent(owner)
    for (const [who, body] of [
      [owner, 'first'],
      [member, 'second'],
      [owner, 'third'],
    ] as const) {
      expect((await call(who, 'POST', base(id), { body })).statusCode).toBe(201)
    }
    const all = (await call(member, 'GET', base(id))).json()
    expect(all.messages.map((m: { body: string }) => m.body)).toEqual(['first', 'second', 'third'])
    expect(all.next).toBeNull()
    const latest = (await call(member, 'GET', `${base(id)}?limit=2`)).json()
    expect(latest.messages.map((m: { body: string }) => m.body)).toEqual(['second', 'third'])
    const earlier = (await call(member, 'GET', `${base(id)}?limit=2&before=${encodeURIComponent(latest.next)}`)).json()
    expect(earlier).toEqual({ messages: [all.messages[0]], next: null })
  })

  it('pages a long thread backwards, 50 then 50 then 20, each message once and in order, even when many share a time', async () => {
    const owner = await buildOwner(app)
    const id = await parent(owner)
    const { rows, order } = crowdedThread(120)
    const author = { authorId: owner.user.id }
    if (kind === 'deal') await app.database.db.insert(dealMessages).values(rows.map((r) => ({ ...r, ...author, dealId: id })))
    else await app.database.db.insert(clientMessages).values(rows.map((r) => ({ ...r, ...author, clientId: id })))

    const read = await readBackwards((query) => call(owner, 'GET', `${base(id)}${query}`))
    expect(read.sizes).toEqual([50, 50, 20])
    expect(read.ids).toEqual(order)
    const small = await readBackwards((query) => call(owner, 'GET', `${base(id)}${query}`), 7)
    expect(small.sizes).toEqual([...Array(17).fill(7), 1])
    expect(small.ids).toEqual(order)
    expect((await call(owner, 'GET', `${base(id)}?limit=${THREAD_PAGE.maxSize}`)).json().messages).toHaveLength(THREAD_PAGE.maxSize)
  })

  it('refuses a malformed cursor or a page size out of range with 400', async () => {
    const owner = await buildOwner(app)
    const id = await parent(owner)
    for (const before of BAD_CURSORS) {
      const res = await call(owner, 'GET', `${base(id)}?before=${encodeURIComponent(before)}`)
      expect(res.statusCode, before).toBe(400)
      expect(res.json().message).toBe(BAD_CURSOR_MESSAGE)
    }
    for (const limit of ['0', String(THREAD_PAGE.maxSize + 1), 'ten']) {
      const res = await call(owner, 'GET', `${base(id)}?limit=${limit}`)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toMatch(/^limit: /)
    }
  })

  it('refuses an empty, blank or too long body with 400', async () => {
    const owner = await buildOwner(app)
    const id = await parent(owner)
    for (const body of ['', '   \n ']) {
      const res = await call(owner, 'POST', base(id), { body })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ message: 'body: Write a message first', code: 'invalid', field: 'body' })
    }
    const long = await call(owner, 'POST', base(id), { body: 'x'.repeat(DEAL_LIMITS.maxMessageLength + 1) })
    expect(long.json()).toEqual({
      message: `body: Must be at most ${DEAL_LIMITS.maxMessageLength} characters`,
      code: 'invalid',
      field: 'body',
    })
    expect((await call(owner, 'POST', base(id), {})).statusCode).toBe(400)
    expect((await call(owner, 'GET', base(id))).json()).toEqual({ messages: [], next: null })
  })

  it('keeps HTML as plain text, byte for byte, in a JSON answer', async () => {
    const owner = await buildOwner(app)
    const id = await parent(owner)
    const posted = await call(owner, 'POST', base(id), { body: SCRIPT })
    expect(posted.headers['content-type']).toMatch(/^application\/json/)
    expect(posted.json().body).toBe(SCRIPT)
    const listed = await call(owner, 'GET', base(id))
    expect(listed.headers['content-type']).toMatch(/^application\/json/)
    expect(listed.json().messages[0].body).toBe(SCRIPT)
  })

  it('lets only the author edit a message, which marks it edited', async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner)
    const id = await parent(owner)
    const message = (await call(member, 'POST', base(id), { body: 'Draft' })).json()
    const refused = await call(owner, 'PATCH', `${base(id)}/${message.id}`, { body: 'Owner rewrites' })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({ message: 'Only its author can edit a message', code: 'forbidden' })
    const edited = await call(member, 'PATCH', `${base(id)}/${message.id}`, { body: 'Final' })
    expect(edited.statusCode).toBe(200)
    expect(edited.json()).toMatchObject({ id: message.id, body: 'Final', createdAt: message.createdAt, editedAt: expect.any(String) })
    expect((await call(member, 'PATCH', `${base(id)}/${message.id}`, { body: ' ' })).json()).toEqual({
      message: 'body: Write a message first',
      code: 'invalid',
      field: 'body',
    })
    expect((await call(owner, 'GET', base(id))).json().messages).toEqual([edited.json()])
  })

  it('lets the author, owners and admins delete a message, and nobody else', async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner)
    const other = await buildMember(app, owner)
    const admin = await buildMember(app, owner, { role: 'admin' })
    const id = await parent(owner)
    const post = async (body: string) => (await call(member, 'POST', base(id), { body })).json().id as string
    const first = await post('one')
    const second = await post('two')
    const third = await post('three')
    const refused = await call(other, 'DELETE', `${base(id)}/${first}`)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({ message: 'Only its author, owners and admins can delete a message', code: 'forbidden' })
    expect((await call(member, 'DELETE', `${base(id)}/${first}`)).json()).toEqual({ ok: true })
    expect((await call(admin, 'DELETE', `${base(id)}/${second}`)).statusCode).toBe(200)
    expect((await call(owner, 'DELETE', `${base(id)}/${third}`)).statusCode).toBe(200)
    expect((await call(owner, 'DELETE', `${base(id)}/${third}`)).json()).toEqual({ message: 'Message not found', code: 'not_found' })
    expect((await call(owner, 'GET', base(id))).json()).toEqual({ messages: [], next: null })
  })

  it("never reads or writes another organization's thread, nor a message through another parent", async () => {
    const owner = await buildOwner(app)
    const stranger = await buildOwner(app)
    const theirs = await parent(stranger)
    const theirMessage = (await call(stranger, 'POST', base(theirs), { body: 'Private' })).json()
    const notFound = /^(Deal|Client) not found$/
    // A page further back is theirs too: their own cursor does not open it.
    const cursor = `2030-01-01T00:00:00.000000Z_${theirMessage.id}`
    for (const [method, url, payload] of [
      ['GET', base(theirs)],
      ['GET', `${base(theirs)}?limit=1&before=${encodeURIComponent(cursor)}`],
      ['POST', base(theirs), { body: 'Hello' }],
      ['PATCH', `${base(theirs)}/${theirMessage.id}`, { body: 'Hacked' }],
      ['DELETE', `${base(theirs)}/${theirMessage.id}`],
    ] as const) {
      const res = await call(owner, method, url, payload)
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toMatch(notFound)
    }
    // Their message id under one of our own parents finds nothing either.
    const ours = await parent(owner)
    const crossed = await call(owner, 'DELETE', `${base(ours)}/${theirMessage.id}`)
    expect(crossed.json()).toEqual({ message: 'Message not found', code: 'not_found' })
    expect((await call(stranger, 'GET', base(theirs))).json().messages.map((m: { body: string }) => m.body)).toEqual(['Private'])
    expect((await call(null, 'GET', base(ours))).statusCode).toBe(401)
    expect((await call(null, 'POST', base(ours), { body: 'Hi' })).statusCode).toBe(401)
  })
})

describe('deal messages on the timeline', () => {
  it("writes a 'message' line with an excerpt, follows edits and deletes, and changes nothing else of the deal", async () => {
    const owner = await buildOwner(app)
    const deal = await buildDeal(app, owner)
    const long = `Call went well.\n\nThey want ${'a '.repeat(100)}discount`
    const message = (await call(owner, 'POST', `/api/deals/${deal.id}/messages`, { body: long })).json()
    const timeline = async () =>
      (await call(owner, 'GET', `/api/deals/${deal.id}/activities`)).json().activities.filter((a: { kind: string }) => a.kind === 'message')
    const [line] = await timeline()
    expect(line).toMatchObject({ kind: 'message', actor: { id: owner.user.id }, data: { messageId: message.id } })
    expect(line.data.excerpt).toHaveLength(140)
    expect(line.data.excerpt).toMatch(/^Call went well\. They want a a .*…$/)

    await call(owner, 'PATCH', `/api/deals/${deal.id}/messages/${message.id}`, { body: 'Short now' })
    expect((await timeline())[0].data).toEqual({ messageId: message.id, excerpt: 'Short now' })
    expect((await call(owner, 'GET', `/api/deals/${deal.id}`)).json().updatedAt).toBe(deal.updatedAt)

    await call(owner, 'DELETE', `/api/deals/${deal.id}/messages/${message.id}`)
    expect(await timeline()).toEqual([])
  })

  it('deletes the chat with its deal and the thread with its client', async () => {
    const owner = await buildOwner(app)
    const deal = await buildDeal(app, owner)
    await call(owner, 'POST', `/api/deals/${deal.id}/messages`, { body: 'Bye' })
    expect((await call(owner, 'DELETE', `/api/deals/${deal.id}`)).statusCode).toBe(200)
    expect((await call(owner, 'GET', `/api/deals/${deal.id}/messages`)).json()).toEqual({ message: 'Deal not found', code: 'not_found' })
    const rows = await app.database.db.select().from(dealMessages)
    expect(rows.filter((r) => r.dealId === deal.id)).toEqual([])
  })
})
