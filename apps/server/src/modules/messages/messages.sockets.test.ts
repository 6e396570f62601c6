import { ProductSocketEvents, SocketEvents } from '@closeroom/shared'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rooms } from '../../realtime/rooms.ts'
import { buildTestApp, listenOnFreePort, type TestApp } from '../../testing/app.ts'
import { buildContact, buildDeal } from '../../testing/deals.ts'
import { buildMember, buildOwner, type Client, request } from '../../testing/factories.ts'
import { connectSocket, nextEvent } from '../../testing/sockets.ts'

// Two (or more) real socket.io clients per event, on the real server.

let app: TestApp
let url: string
const sockets: Socket[] = []

beforeAll(async () => {
  app = await buildTestApp()
  url = await listenOnFreePort(app)
})
afterAll(async () => {
  for (const s of sockets) s.disconnect()
  await app.close()
})

const call = (client: Client | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
  request(app, client, method, path, payload)

async function connect(client?: Client): Promise<Socket> {
  const socket = await connectSocket(url, client?.cookie)
  sockets.push(socket)
  return socket
}

const ask = (socket: Socket, event: string, payload: unknown) => socket.timeout(5_000).emitWithAck(event, payload)

/** Records every event a socket hears, to show later that it heard nothing it should not. */
function recorder(socket: Socket) {
  const heard: [string, unknown][] = []
  socket.onAny((event: string, payload: unknown) => heard.push([event, payload]))
  return heard
}

/**
 * Waits until everything the server sent a socket before now has arrived: socket.io keeps one connection's
 * order, and the events of a request are sent before its HTTP answer, so an acknowledgement asked for after
 * that answer comes back after them.
 */
const settle = (...all: Socket[]) =>
  Promise.all(all.map((s) => ask(s, SocketEvents.dealsLeaveRoom, { dealId: '00000000-0000-4000-8000-000000000000' })))

const SCRIPT = '<script>alert(document.cookie)</script><b onclick="x()">bold</b>'

describe('deal chat in real time', () => {
  it('delivers a new message to the room and tells teammates outside it, never the author or another organization', async () => {
    const owner = await buildOwner(app, { name: 'Olivia Owner' })
    const member = await buildMember(app, owner, { name: 'Maya Member' })
    const elsewhere = await buildMember(app, owner, { name: 'Eli Elsewhere' })
    const stranger = await buildOwner(app)
    const deal = await buildDeal(app, owner, { name: 'Acme rollout' })
    const [authorInRoom, authorOnBoard, memberInRoom, teammate, strangerSocket] = await Promise.all([
      connect(owner),
      connect(owner),
      connect(member),
      connect(elsewhere),
      connect(stranger),
    ])
    expect(await ask(authorInRoom, SocketEvents.dealsJoinRoom, { dealId: deal.id })).toEqual({ ok: true })
    expect(await ask(memberInRoom, SocketEvents.dealsJoinRoom, { dealId: deal.id })).toEqual({ ok: true })
    const heard = {
      authorOnBoard: recorder(authorOnBoard),
      memberInRoom: recorder(memberInRoom),
      teammate: recorder(teammate),
      stranger: recorder(strangerSocket),
    }

    const inRoom = [nextEvent(authorInRoom, SocketEvents.dealsNewMessage), nextEvent(memberInRoom, SocketEvents.dealsNewMessage)]
    const notified = nextEvent(teammate, SocketEvents.userNewDealMessage)
    const res = await call(owner, 'POST', `/api/deals/${deal.id}/messages`, { body: SCRIPT })
    expect(res.statusCode).toBe(201)
    const message = res.json()
    expect(message.body).toBe(SCRIPT)
    for (const payload of await Promise.all(inRoom)) expect(payload).toEqual({ dealId: deal.id, message })
    expect(await notified).toEqual({ dealId: deal.id, dealName: 'Acme rollout', message })

    await settle(authorOnBoard, memberInRoom, teammate, strangerSocket)
    expect(heard.authorOnBoard).toEqual([])
    // Every teammate's team chat also hears of it, for its unread counts.
    const news = [ProductSocketEvents.chatThreadMessage, { kind: 'deal', id: deal.id, authorId: owner.user.id }]
    expect(heard.memberInRoom).toEqual([[SocketEvents.dealsNewMessage, { dealId: deal.id, message }], news])
    expect(heard.teammate).toEqual([[SocketEvents.userNewDealMessage, { dealId: deal.id, dealName: 'Acme rollout', message }], news])
    expect(heard.stranger).toEqual([])
  })

  it('after deals-leave-room a teammate hears of new messages only as a notification', async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner)
    const deal = await buildDeal(app, owner, { name: 'Left deal' })
    const [ownerSocket, memberSocket] = await Promise.all([connect(owner), connect(member)])
    for (const s of [ownerSocket, memberSocket]) expect(await ask(s, SocketEvents.dealsJoinRoom, { dealId: deal.id })).toEqual({ ok: true })
    expect(await ask(memberSocket, SocketEvents.dealsLeaveRoom, { dealId: deal.id })).toEqual({ ok: true })
    const heard = recorder(memberSocket)

    const ownerHears = nextEvent(ownerSocket, SocketEvents.dealsNewMessage)
    const notified = nextEvent(memberSocket, SocketEvents.userNewDealMessage)
    const message = (await call(owner, 'POST', `/api/deals/${deal.id}/messages`, { body: 'Still there?' })).json()
    expect(await ownerHears).toEqual({ dealId: deal.id, message })
    expect(await notified).toEqual({ dealId: deal.id, dealName: 'Left deal', message })
    await settle(memberSocket)
    expect(heard.map(([event]) => event)).toEqual([SocketEvents.userNewDealMessage, ProductSocketEvents.chatThreadMessage])
  })

  it('handles a join and a leave sent at once in their order, leaving the socket outside the room', async () => {
    const owner = await buildOwner(app)
    const deal = await buildDeal(app, owner)
    const [ownerSocket, other] = await Promise.all([connect(owner), connect(owner)])
    const acks = await Promise.all([
      ask(ownerSocket, SocketEvents.dealsJoinRoom, { dealId: deal.id }),
      ask(ownerSocket, SocketEvents.dealsLeaveRoom, { dealId: deal.id }),
      ask(other, SocketEvents.dealsJoinRoom, { dealId: deal.id }),
    ])
    expect(acks).toEqual([{ ok: true }, { ok: true }, { ok: true }])
    const inRoom = await app.realtime.io.in(rooms.deal(deal.id)).fetchSockets()
    expect(inRoom.map((s) => s.id)).toEqual([other.id])
  })

  it('sends nothing when a deal message is edited or deleted (the spec has no event for it)', async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner)
    const deal = await buildDeal(app, owner)
    const [ownerSocket, memberSocket] = await Promise.all([connect(owner), connect(member)])
    await ask(memberSocket, SocketEvents.dealsJoinRoom, { dealId: deal.id })
    const message = (await call(owner, 'POST', `/api/deals/${deal.id}/messages`, { body: 'Typo' })).json()
    await settle(memberSocket, ownerSocket)
    const heard = [recorder(memberSocket), recorder(ownerSocket)]
    expect((await call(owner, 'PATCH', `/api/deals/${deal.id}/messages/${message.id}`, { body: 'Fixed' })).statusCode).toBe(200)
    expect((await call(owner, 'DELETE', `/api/deals/${deal.id}/messages/${message.id}`)).statusCode).toBe(200)
    await settle(memberSocket, ownerSocket)
    expect(heard).toEqual([[], []])
  })

  it("refuses another organization's deal, a malformed id and a socket without a session", async () => {
    const owner = await buildOwner(app)
    const stranger = await buildOwner(app)
    const theirs = await buildDeal(app, stranger, { name: 'Their secret deal' })
    const [spy, anonymous, strangerSocket] = await Promise.all([connect(owner), connect(), connect(stranger)])
    const refused = { ok: false, message: 'This deal does not exist' }
    expect(await ask(spy, SocketEvents.dealsJoinRoom, { dealId: theirs.id })).toEqual(refused)
    expect(await ask(spy, SocketEvents.dealsJoinRoom, { dealId: 'not-a-uuid' })).toEqual(refused)
    expect(await ask(spy, SocketEvents.dealsJoinRoom, null)).toEqual(refused)
    expect(await ask(anonymous, SocketEvents.dealsJoinRoom, { dealId: theirs.id })).toEqual({
      ok: false,
      message: 'Sign in to join this room',
    })
    expect(await ask(strangerSocket, SocketEvents.dealsJoinRoom, { dealId: theirs.id })).toEqual({ ok: true })
    const heard = [recorder(spy), recorder(anonymous)]

    const theirRoom = nextEvent(strangerSocket, SocketEvents.dealsNewMessage)
    await call(stranger, 'POST', `/api/deals/${theirs.id}/messages`, { body: 'Only for us' })
    await theirRoom
    await settle(spy, anonymous)
    expect(heard).toEqual([[], []])
  })
})

describe('client threads in real time', () => {
  it('delivers new and edited messages to the room, and tells teammates outside it of new ones', async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner)
    const elsewhere = await buildMember(app, owner)
    const stranger = await buildOwner(app)
    const client = await buildContact(app, owner, { name: 'Bea Buyer' })
    const [authorSocket, memberSocket, teammate, strangerSocket] = await Promise.all([
      connect(owner),
      connect(member),
      connect(elsewhere),
      connect(stranger),
    ])
    for (const s of [authorSocket, memberSocket]) {
      expect(await ask(s, SocketEvents.clientsJoinRoom, { clientId: client.id })).toEqual({ ok: true })
    }
    const heard = { member: recorder(memberSocket), teammate: recorder(teammate), stranger: recorder(strangerSocket) }

    const inRoom = [nextEvent(authorSocket, SocketEvents.clientsNewMessage), nextEvent(memberSocket, SocketEvents.clientsNewMessage)]
    const notified = nextEvent(teammate, SocketEvents.userNewClientMessage)
    const message = (await call(owner, 'POST', `/api/clients/${client.id}/messages`, { body: SCRIPT })).json()
    for (const payload of await Promise.all(inRoom)) expect(payload).toEqual({ clientId: client.id, message })
    expect(await notified).toEqual({ clientId: client.id, clientName: 'Bea Buyer', message })

    const updated = [
      nextEvent(authorSocket, SocketEvents.clientsUpdatedMessage),
      nextEvent(memberSocket, SocketEvents.clientsUpdatedMessage),
    ]
    const edited = (await call(owner, 'PATCH', `/api/clients/${client.id}/messages/${message.id}`, { body: 'Plain now' })).json()
    expect(edited.editedAt).not.toBeNull()
    for (const payload of await Promise.all(updated)) expect(payload).toEqual({ clientId: client.id, message: edited })

    await settle(memberSocket, teammate, strangerSocket)
    const news = [ProductSocketEvents.chatThreadMessage, { kind: 'client', id: client.id, authorId: owner.user.id }]
    expect(heard.member).toEqual([
      [SocketEvents.clientsNewMessage, { clientId: client.id, message }],
      news,
      [SocketEvents.clientsUpdatedMessage, { clientId: client.id, message: edited }],
    ])
    // Edits stay in the room: a teammate elsewhere was told of the message once.
    expect(heard.teammate).toEqual([[SocketEvents.userNewClientMessage, { clientId: client.id, clientName: 'Bea Buyer', message }], news])
    expect(heard.stranger).toEqual([])
  })

  it('after clients-leave-room a socket hears no edits and only a notification of new messages', async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner)
    const client = await buildContact(app, owner)
    const [ownerSocket, memberSocket] = await Promise.all([connect(owner), connect(member)])
    await ask(ownerSocket, SocketEvents.clientsJoinRoom, { clientId: client.id })
    await ask(memberSocket, SocketEvents.clientsJoinRoom, { clientId: client.id })
    expect(await ask(memberSocket, SocketEvents.clientsLeaveRoom, { clientId: client.id })).toEqual({ ok: true })
    const heard = recorder(memberSocket)

    const ownerHears = nextEvent(ownerSocket, SocketEvents.clientsUpdatedMessage)
    const message = (await call(owner, 'POST', `/api/clients/${client.id}/messages`, { body: 'One' })).json()
    await call(owner, 'PATCH', `/api/clients/${client.id}/messages/${message.id}`, { body: 'Two' })
    await ownerHears
    await settle(memberSocket)
    expect(heard.map(([event]) => event)).toEqual([SocketEvents.userNewClientMessage, ProductSocketEvents.chatThreadMessage])
  })

  it("refuses another organization's client and a socket without a session", async () => {
    const owner = await buildOwner(app)
    const stranger = await buildOwner(app)
    const theirs = await buildContact(app, stranger)
    const [spy, anonymous, strangerSocket] = await Promise.all([connect(owner), connect(), connect(stranger)])
    expect(await ask(spy, SocketEvents.clientsJoinRoom, { clientId: theirs.id })).toEqual({
      ok: false,
      message: 'This client does not exist',
    })
    expect(await ask(spy, SocketEvents.clientsJoinRoom, { dealId: theirs.id })).toEqual({
      ok: false,
      message: 'This client does not exist',
    })
    expect(await ask(anonymous, SocketEvents.clientsJoinRoom, { clientId: theirs.id })).toEqual({
      ok: false,
      message: 'Sign in to join this room',
    })
    // A deal room is not a client room: the same id names nothing in the other kind.
    expect(await ask(strangerSocket, SocketEvents.dealsJoinRoom, { dealId: theirs.id })).toEqual({
      ok: false,
      message: 'This deal does not exist',
    })
    expect(await ask(strangerSocket, SocketEvents.clientsJoinRoom, { clientId: theirs.id })).toEqual({ ok: true })
    const heard = [recorder(spy), recorder(anonymous)]
    const theirRoom = nextEvent(strangerSocket, SocketEvents.clientsNewMessage)
    await call(stranger, 'POST', `/api/clients/${theirs.id}/messages`, { body: 'Only for us' })
    await theirRoom
    await settle(spy, anonymous)
    expect(heard).toEqual([[], []])
  })
})
