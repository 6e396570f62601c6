import { SocketEvents } from '@closeroom/shared'
import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildTestApp, listenOnFreePort, type TestApp } from '../testing/app.ts'
import { buildMember, buildOwner, type Client } from '../testing/factories.ts'
import { connectSocket, nextEvent } from '../testing/sockets.ts'
import { rooms } from './rooms.ts'

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

async function connect(client?: Client): Promise<Socket> {
  const socket = await connectSocket(url, client?.cookie)
  sockets.push(socket)
  return socket
}

it('tells teammates when a user becomes active or inactive, and nobody of another organization', async () => {
  const owner = await buildOwner(app)
  const member = await buildMember(app, owner)
  const stranger = await buildOwner(app)
  const [ownerSocket, memberSocket, strangerSocket] = await Promise.all([connect(owner), connect(member), connect(stranger)])
  const strangerHeard: unknown[] = []
  strangerSocket.on(SocketEvents.userActive, (p) => strangerHeard.push(p))

  const active = nextEvent(memberSocket, SocketEvents.userActive)
  ownerSocket.emit(SocketEvents.userActive)
  expect(await active).toEqual({ userId: owner.user.id })

  const inactive = nextEvent(memberSocket, SocketEvents.userInactive)
  ownerSocket.emit(SocketEvents.userInactive)
  expect(await inactive).toEqual({ userId: owner.user.id })

  // The stranger's own teammate event arrives after the owner's would have: it heard nothing of Acme's.
  const strangerMate = await buildMember(app, stranger)
  const mateSocket = await connect(strangerMate)
  const heard = nextEvent(strangerSocket, SocketEvents.userActive)
  mateSocket.emit(SocketEvents.userActive)
  expect(await heard).toEqual({ userId: strangerMate.user.id })
  expect(strangerHeard).toEqual([{ userId: strangerMate.user.id }])
})

it('lets an anonymous socket connect but puts it in no private room', async () => {
  const owner = await buildOwner(app)
  const [anonymous, ownerSocket] = await Promise.all([connect(), connect(owner)])
  const inOrganization = await app.realtime.io.in(rooms.organization(owner.user.organizationId)).fetchSockets()
  expect(inOrganization.map((s) => s.id)).toEqual([ownerSocket.id])
  const anonymousRooms = (await app.realtime.io.fetchSockets()).find((s) => s.id === anonymous.id)?.rooms
  // socket.io puts every socket in a room named after its own id, and that is all an anonymous one gets.
  expect([...(anonymousRooms ?? [])]).toEqual([anonymous.id])
})

it('disconnects the live sockets of a user who is deactivated', async () => {
  const owner = await buildOwner(app)
  const member = await buildMember(app, owner)
  const memberSocket = await connect(member)
  const gone = nextEvent<string>(memberSocket, 'disconnect')
  const res = await app.inject({ method: 'DELETE', url: `/api/users/${member.user.id}`, headers: { cookie: owner.cookie } })
  expect(res.statusCode).toBe(200)
  expect(await gone).toBe('io server disconnect')
})

it('refuses a socket opened by a page of another site, even with the cookie', async () => {
  const owner = await buildOwner(app)
  const socket = io(url, {
    transports: ['websocket'],
    extraHeaders: { cookie: owner.cookie, origin: 'https://evil.example' },
    reconnection: false,
  })
  sockets.push(socket)
  const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve))
  expect(error.message).toBe('websocket error')
  expect(socket.connected).toBe(false)
})

it('tells teammates when a user comes online with a first socket and goes offline with the last one', async () => {
  const owner = await buildOwner(app)
  const member = await buildMember(app, owner)
  const watcher = await connect(member)
  const onlineNow = async () =>
    (await app.inject({ method: 'GET', url: '/api/users/online', headers: { cookie: member.cookie } }))
      .json()
      .online.map((entry: { userId: string; active: boolean }) => `${entry.userId}:${entry.active ? 'active' : 'away'}`)
      .sort()
  expect(await onlineNow()).toEqual([`${member.user.id}:active`])

  const heard: { event: string; userId: string }[] = []
  for (const event of [SocketEvents.userOnline, SocketEvents.userOffline])
    watcher.on(event, ({ userId }: { userId: string }) => heard.push({ event, userId }))

  const cameOnline = nextEvent(watcher, SocketEvents.userOnline)
  const first = await connect(owner)
  expect(await cameOnline).toEqual({ userId: owner.user.id })
  // A second tab is no news; closing it is none either while the first stays open.
  const second = await connect(owner)
  expect(await onlineNow()).toEqual([`${owner.user.id}:active`, `${member.user.id}:active`].sort())
  // Away is remembered for whoever looks later, and ends with the next sign of life.
  const away = nextEvent(watcher, SocketEvents.userInactive)
  second.emit(SocketEvents.userInactive)
  await away
  expect(await onlineNow()).toEqual([`${owner.user.id}:away`, `${member.user.id}:active`].sort())
  const back = nextEvent(watcher, SocketEvents.userActive)
  first.emit(SocketEvents.userActive)
  await back
  expect(await onlineNow()).toEqual([`${owner.user.id}:active`, `${member.user.id}:active`].sort())
  second.disconnect()

  const wentOffline = nextEvent(watcher, SocketEvents.userOffline)
  first.disconnect()
  expect(await wentOffline).toEqual({ userId: owner.user.id })
  expect(heard).toEqual([
    { event: SocketEvents.userOnline, userId: owner.user.id },
    { event: SocketEvents.userOffline, userId: owner.user.id },
  ])
  expect(await onlineNow()).toEqual([`${member.user.id}:active`])

  // Another organization's list never shows Acme's people.
  const stranger = await buildOwner(app)
  const theirs = await app.inject({ method: 'GET', url: '/api/users/online', headers: { cookie: stranger.cookie } })
  expect(theirs.json()).toEqual({ online: [] })
})
