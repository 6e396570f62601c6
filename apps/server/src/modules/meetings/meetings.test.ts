import {
  MEETING_CHAT_RATE,
  MEETING_CHAT_TOO_FAST,
  MEETING_FULL,
  type MeetingChatAck,
  type MeetingJoin,
  type MeetingJoinAck,
  ProductSocketEvents,
  SocketEvents,
} from '@closeroom/shared'
import type { Socket } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadConfig } from '../../config.ts'
import { buildTestApp, listenOnFreePort, type TestApp } from '../../testing/app.ts'
import { bookingBody, buildEventType, nextMonday } from '../../testing/booking.ts'
import { buildDeal } from '../../testing/deals.ts'
import { buildMember, buildOwner, type Client, request } from '../../testing/factories.ts'
import { connectSocket, nextEvent } from '../../testing/sockets.ts'
import { seedDemo } from '../demo/module.ts'

let app: TestApp
let url: string
beforeAll(async () => {
  app = await buildTestApp({ env: { ICE_SERVERS: '[{"urls":"stun:stun.example.org:3478"}]' } })
  url = await listenOnFreePort(app)
})
afterAll(() => app.close())

const sockets: Socket[] = []
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect()
})
async function connect(client?: Client) {
  const socket = await connectSocket(url, client?.cookie)
  sockets.push(socket)
  return socket
}
const join = (socket: Socket, payload: MeetingJoin) => socket.emitWithAck(SocketEvents.meetingJoin, payload) as Promise<MeetingJoinAck>

/** A deal's meeting, opened by its owner: the public id and the owner. */
async function dealMeeting(fields: { requireAdmission?: boolean } = {}) {
  const owner = await buildOwner(app, { name: 'Olivia Owner' })
  const deal = await buildDeal(app, owner, { name: 'Northwind pilot' })
  const res = await request(app, owner, 'POST', `/api/deals/${deal.id}/meeting`)
  expect(res.statusCode).toBe(200)
  const { publicId } = res.json()
  if (fields.requireAdmission) await request(app, owner, 'PATCH', `/api/meetings/${publicId}`, { requireAdmission: true })
  return { owner, deal, publicId: publicId as string }
}

describe('meeting rooms', () => {
  it('gives a booking made with a Closeroom meeting location its room, hosted by the booked host', async () => {
    const owner = await buildOwner(app, { name: 'Olivia Owner' })
    const eventType = await buildEventType(app, owner, { title: 'Discovery call', location: { kind: 'meeting' } })
    const booked = await request(app, null, 'POST', '/api/public/bookings', bookingBody(eventType.id, `${nextMonday()}T10:00:00.000Z`))
    expect(booked.statusCode).toBe(201)
    const publicId = booked.json().location.value.split('/m/')[1]
    const res = await request(app, null, 'GET', `/api/public/meetings/${publicId}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      publicId,
      title: 'Discovery call',
      hostName: 'Olivia Owner',
      organizationName: expect.any(String),
      requireAdmission: false,
      member: false,
      iceServers: [{ urls: 'stun:stun.example.org:3478' }],
    })
  })

  it("opens a deal's meeting once and gives the same link after, only to the deal's organization", async () => {
    const { owner, deal, publicId } = await dealMeeting()
    expect(publicId).toMatch(/^[A-Za-z0-9_-]{16}$/)
    const again = await request(app, owner, 'POST', `/api/deals/${deal.id}/meeting`)
    expect(again.json()).toEqual({ publicId, url: `http://localhost:3000/m/${publicId}` })

    const stranger = await buildOwner(app)
    const refused = await request(app, stranger, 'POST', `/api/deals/${deal.id}/meeting`)
    expect(refused.statusCode).toBe(404)
    expect(refused.json()).toEqual({ message: 'Deal not found', code: 'not_found' })
    expect((await request(app, null, 'POST', `/api/deals/${deal.id}/meeting`)).statusCode).toBe(401)
  })

  it('shows the lobby only what it needs, tells a member they are one, and 404s an unknown id', async () => {
    const { owner, deal, publicId } = await dealMeeting()
    const guest = await request(app, null, 'GET', `/api/public/meetings/${publicId}`)
    expect(guest.json()).toMatchObject({ title: 'Northwind pilot', hostName: 'Olivia Owner', member: false, requireAdmission: false })
    for (const secret of [deal.id, owner.user.id, owner.user.organizationId, owner.user.email]) expect(guest.body).not.toContain(secret)
    expect((await request(app, owner, 'GET', `/api/public/meetings/${publicId}`)).json()).toMatchObject({ member: true })
    expect((await request(app, await buildOwner(app), 'GET', `/api/public/meetings/${publicId}`)).json()).toMatchObject({ member: false })

    const missing = await request(app, null, 'GET', '/api/public/meetings/nobody-here')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ message: 'Meeting not found', code: 'not_found' })
    expect((await request(app, null, 'GET', '/api/public/meetings/x')).json()).toEqual({
      message: 'id: Meeting not found',
      code: 'invalid',
      field: 'id',
    })
  })

  it("lets the organization's members switch the lobby on, and nobody else", async () => {
    const { owner, publicId } = await dealMeeting()
    const member = await buildMember(app, owner)
    const res = await request(app, member, 'PATCH', `/api/meetings/${publicId}`, { requireAdmission: true })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ requireAdmission: true, member: true })
    expect((await request(app, await buildOwner(app), 'PATCH', `/api/meetings/${publicId}`, { requireAdmission: false })).statusCode).toBe(
      404,
    )
    expect((await request(app, null, 'PATCH', `/api/meetings/${publicId}`, { requireAdmission: false })).statusCode).toBe(401)
    const bad = await request(app, owner, 'PATCH', `/api/meetings/${publicId}`, { requireAdmission: 'yes' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain('requireAdmission')
  })
})

describe('configuration', () => {
  it('reads STUN/TURN servers from ICE_SERVERS, none by default, and names the setting when it is malformed', () => {
    const turn = [{ urls: ['turn:turn.example.org:3478'], username: 'closeroom', credential: 'secret' }]
    expect(loadConfig({ ICE_SERVERS: JSON.stringify(turn) }).iceServers).toEqual(turn)
    expect(loadConfig({}).iceServers).toEqual([])
    expect(() => loadConfig({ ICE_SERVERS: 'stun:stun.example.org' })).toThrow(/^Invalid environment: ICE_SERVERS: Expected a JSON array/)
    expect(() => loadConfig({ ICE_SERVERS: '[{"url":"stun:x"}]' })).toThrow(/ICE_SERVERS/)
  })
})

describe('the demo', () => {
  it("opens Olivia's room at /m/demo to anyone", async () => {
    const demo = await buildTestApp()
    try {
      await seedDemo(demo.database.db, demo.fileStore)
      const res = await request(demo, null, 'GET', '/api/public/meetings/demo')
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({
        publicId: 'demo',
        hostName: 'Olivia Owner',
        organizationName: 'Acme Sales',
        requireAdmission: false,
      })
    } finally {
      await demo.close()
    }
  })
})

describe('meeting signalling', () => {
  it('lists who is in, tells the others of a newcomer, a media change, a leave and a dropped connection', async () => {
    const { owner, publicId } = await dealMeeting()
    const host = await connect(owner)
    // A member needs no name: the call shows their account's.
    const hostIn = await join(host, { meetingId: publicId })
    expect(hostIn).toMatchObject({ ok: true, state: 'in', self: { name: 'Olivia Owner', member: true }, participants: [] })

    const guest = await connect()
    const arrived = nextEvent<{ participant: { name: string } }>(host, SocketEvents.meetingNewParticipant)
    const guestIn = await join(guest, { meetingId: publicId, name: 'Bea <script>alert(1)</script>', muted: true })
    if (!guestIn.ok || guestIn.state !== 'in' || !hostIn.ok || hostIn.state !== 'in') throw new Error('not in')
    expect(guestIn.participants).toEqual([hostIn.self])
    expect((await arrived).participant).toEqual({
      id: guestIn.self.id,
      name: 'Bea <script>alert(1)</script>',
      member: false,
      muted: true,
      cameraOff: false,
    })

    const unmuted = nextEvent(host, SocketEvents.meetingParticipantActive)
    guest.emit(SocketEvents.meetingParticipantActive, { muted: false, cameraOff: true })
    expect(await unmuted).toEqual({ id: guestIn.self.id, muted: false, cameraOff: true })

    const left = nextEvent(host, SocketEvents.meetingLeave)
    await guest.emitWithAck(SocketEvents.meetingLeave, {})
    expect(await left).toEqual({ id: guestIn.self.id })

    const second = await connect()
    const secondIn = await join(second, { meetingId: publicId, name: 'Carl' })
    if (!secondIn.ok) throw new Error(secondIn.message)
    const dropped = nextEvent(host, SocketEvents.meetingParticipantInactive)
    second.disconnect()
    expect(await dropped).toEqual({ id: secondIn.self.id })
  })

  it('tells someone joining whether the call is being recorded, so a late guest sees the indicator at once', async () => {
    const { owner, publicId } = await dealMeeting()
    const host = await connect(owner)
    expect(await join(host, { meetingId: publicId })).toMatchObject({ ok: true, state: 'in', recording: false })
    const started = await request(app, owner, 'POST', `/api/meetings/${publicId}/recordings`)
    expect(started.statusCode).toBe(201)

    const late = await connect()
    expect(await join(late, { meetingId: publicId, name: 'Late Larry' })).toMatchObject({ ok: true, state: 'in', recording: true })

    expect((await request(app, owner, 'POST', `/api/recordings/${started.json().id}/stop`)).statusCode).toBe(200)
    const later = await connect()
    expect(await join(later, { meetingId: publicId, name: 'Later Lou' })).toMatchObject({ ok: true, state: 'in', recording: false })
  })

  it('gives a reconnecting tab the same participant id from its key, and no one else', async () => {
    const { publicId } = await dealMeeting()
    const key = 'a-tab-secret-of-enough-length'
    const first = await join(await connect(), { meetingId: publicId, name: 'Bea', key })
    const again = await join(await connect(), { meetingId: publicId, name: 'Bea', key })
    const other = await join(await connect(), { meetingId: publicId, name: 'Carl', key: 'another-tab-secret-here' })
    if (!first.ok || !again.ok || !other.ok || again.state !== 'in') throw new Error('not in')
    expect(again.self.id).toBe(first.self.id)
    expect(other.self.id).not.toBe(first.self.id)
    // The old socket gave its place to the new one: the list has Bea once.
    expect(again.participants).toEqual([])
  })

  it('lets a tab whose connection dropped come back as the same participant: the others see it drop, then arrive', async () => {
    const { publicId } = await dealMeeting()
    const watcher = await connect()
    await join(watcher, { meetingId: publicId, name: 'Olivia' })
    const key = 'the-tab-secret-of-bea-buyer'
    const first = await connect()
    const before = await join(first, { meetingId: publicId, name: 'Bea', key })
    if (!before.ok) throw new Error(before.message)

    const dropped = nextEvent(watcher, SocketEvents.meetingParticipantInactive)
    first.disconnect()
    expect(await dropped).toEqual({ id: before.self.id })
    const back = nextEvent<{ participant: { id: string } }>(watcher, SocketEvents.meetingNewParticipant)
    const after = await join(await connect(), { meetingId: publicId, name: 'Bea', key })
    expect(after).toMatchObject({ ok: true, state: 'in', self: { id: before.self.id } })
    expect((await back).participant.id).toBe(before.self.id)
  })

  it('refuses a seventh participant: this meeting is full', async () => {
    const { publicId } = await dealMeeting()
    for (let i = 1; i <= 6; i++)
      expect(await join(await connect(), { meetingId: publicId, name: `Guest ${i}` })).toMatchObject({ ok: true })
    expect(await join(await connect(), { meetingId: publicId, name: 'Guest 7' })).toEqual({ ok: false, message: MEETING_FULL })
    expect(await join(await connect(), { meetingId: 'nobody-here', name: 'Lost' })).toEqual({ ok: false, message: 'Meeting not found' })
    expect(await join(await connect(), { meetingId: publicId, name: ' ' })).toEqual({ ok: false, message: 'name: Enter your name' })
  })

  it('relays offers and ICE candidates to the named participant of the same meeting only', async () => {
    const one = await dealMeeting()
    const two = await dealMeeting()
    const [a, b, outsider] = [await connect(), await connect(), await connect()]
    const aIn = await join(a, { meetingId: one.publicId, name: 'A' })
    const bIn = await join(b, { meetingId: one.publicId, name: 'B' })
    await join(outsider, { meetingId: two.publicId, name: 'Outsider' })
    if (!aIn.ok || !bIn.ok) throw new Error('not in')
    const heardByOutsider: unknown[] = []
    outsider.on(ProductSocketEvents.meetingSignal, (s) => heardByOutsider.push(s))

    // The outsider names B's id: nothing reaches B, whose next signal is A's.
    outsider.emit(ProductSocketEvents.meetingSignal, { to: bIn.self.id, description: { type: 'offer', sdp: 'evil' } })
    const atB = nextEvent(b, ProductSocketEvents.meetingSignal)
    a.emit(ProductSocketEvents.meetingSignal, { to: bIn.self.id, description: { type: 'offer', sdp: 'v=0' } })
    expect(await atB).toEqual({ from: aIn.self.id, description: { type: 'offer', sdp: 'v=0' } })

    const atA = nextEvent(a, ProductSocketEvents.meetingSignal)
    b.emit(ProductSocketEvents.meetingSignal, {
      to: aIn.self.id,
      candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host', sdpMid: '0' },
    })
    expect(await atA).toEqual({ from: bIn.self.id, candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host', sdpMid: '0' } })
    expect(heardByOutsider).toEqual([])
  })

  it('carries the chat to everyone in the call as plain text', async () => {
    const { publicId } = await dealMeeting()
    const [a, b] = [await connect(), await connect()]
    const aIn = await join(a, { meetingId: publicId, name: 'A' })
    await join(b, { meetingId: publicId, name: 'B' })
    if (!aIn.ok) throw new Error('not in')
    const atB = nextEvent(b, ProductSocketEvents.meetingChat)
    a.emit(ProductSocketEvents.meetingChat, { text: ' <b>hi</b> ' })
    expect(await atB).toMatchObject({ from: aIn.self.id, name: 'A', text: '<b>hi</b>' })
  })

  it('lets one person send ten chat messages in ten seconds, tells them to wait after that, and refuses outsiders', async () => {
    const { publicId } = await dealMeeting()
    const [a, b, outsider] = [await connect(), await connect(), await connect()]
    await join(a, { meetingId: publicId, name: 'A' })
    await join(b, { meetingId: publicId, name: 'B' })
    const seen: string[] = []
    b.on(ProductSocketEvents.meetingChat, (message: { text: string }) => seen.push(message.text))
    const say = (socket: Socket, text: string) => socket.emitWithAck(ProductSocketEvents.meetingChat, { text }) as Promise<MeetingChatAck>

    for (let i = 1; i <= MEETING_CHAT_RATE.max; i++) expect(await say(a, `message ${i}`)).toEqual({ ok: true })
    expect(await say(a, 'one too many')).toEqual({ ok: false, message: MEETING_CHAT_TOO_FAST })
    // Someone else in the call still gets through, and hears only what was sent.
    expect(await say(b, 'from B')).toEqual({ ok: true })
    await vi.waitFor(() => expect(seen).toContain('from B'))
    expect(seen).toHaveLength(MEETING_CHAT_RATE.max + 1)
    expect(seen).not.toContain('one too many')

    expect(await say(outsider, 'let me in')).toEqual({ ok: false, message: 'Join the call first' })
    expect(await say(b, '   ')).toMatchObject({ ok: false })
  })

  it('holds a guest in the lobby until a member lets them in, and tells a refused guest', async () => {
    const { owner, publicId } = await dealMeeting({ requireAdmission: true })
    const host = await connect(owner)
    expect(await join(host, { meetingId: publicId, name: 'Olivia' })).toMatchObject({ ok: true, state: 'in', waiting: [] })

    const guest = await connect()
    const asked = nextEvent<{ waiting: { id: string; name: string }[] }>(host, ProductSocketEvents.meetingLobby)
    const waiting = await join(guest, { meetingId: publicId, name: 'Bea' })
    if (!waiting.ok) throw new Error(waiting.message)
    expect(waiting.state).toBe('waiting')
    expect((await asked).waiting).toEqual([{ id: waiting.self.id, name: 'Bea' }])
    // A waiting guest is not in the call: their chat reaches nobody and nobody heard of them joining.
    const heard: unknown[] = []
    host.on(SocketEvents.meetingNewParticipant, (p) => heard.push(p))

    const admitted = nextEvent(guest, ProductSocketEvents.meetingAdmission)
    const cleared = nextEvent<{ waiting: unknown[] }>(host, ProductSocketEvents.meetingLobby)
    host.emit(ProductSocketEvents.meetingAdmit, { participantId: waiting.self.id, admit: true })
    expect(await admitted).toEqual({ admitted: true })
    expect((await cleared).waiting).toEqual([])
    expect(heard).toEqual([])
    const arrived = nextEvent(host, SocketEvents.meetingNewParticipant)
    expect(await join(guest, { meetingId: publicId, name: 'Bea' })).toMatchObject({
      ok: true,
      state: 'in',
      participants: [{ name: 'Olivia Owner' }],
    })
    expect(await arrived).toMatchObject({ participant: { name: 'Bea' } })

    const other = await connect()
    const second = await join(other, { meetingId: publicId, name: 'Mallory' })
    if (!second.ok) throw new Error(second.message)
    const refused = nextEvent(other, ProductSocketEvents.meetingAdmission)
    host.emit(ProductSocketEvents.meetingAdmit, { participantId: second.self.id, admit: false })
    expect(await refused).toEqual({ admitted: false, message: 'The host did not let you in' })
    expect(await join(other, { meetingId: publicId, name: 'Mallory' })).toMatchObject({ ok: true, state: 'waiting' })
  })

  it('lets a guest admit nobody', async () => {
    const { publicId, owner } = await dealMeeting({ requireAdmission: true })
    const admittedGuest = await connect()
    const host = await connect(owner)
    await join(host, { meetingId: publicId, name: 'Olivia' })
    const first = await join(admittedGuest, { meetingId: publicId, name: 'Bea' })
    if (!first.ok) throw new Error(first.message)
    const admitted = nextEvent(admittedGuest, ProductSocketEvents.meetingAdmission)
    host.emit(ProductSocketEvents.meetingAdmit, { participantId: first.self.id, admit: true })
    await admitted
    await join(admittedGuest, { meetingId: publicId, name: 'Bea' })

    const waiter = await connect()
    const waiting = await join(waiter, { meetingId: publicId, name: 'Carl' })
    if (!waiting.ok) throw new Error(waiting.message)
    const heard: unknown[] = []
    waiter.on(ProductSocketEvents.meetingAdmission, (a) => heard.push(a))
    admittedGuest.emit(ProductSocketEvents.meetingAdmit, { participantId: waiting.self.id, admit: true })
    // The host's own answer arrives after the guest's would have: the guest's did nothing.
    const answer = nextEvent(waiter, ProductSocketEvents.meetingAdmission)
    host.emit(ProductSocketEvents.meetingAdmit, { participantId: waiting.self.id, admit: false })
    expect(await answer).toMatchObject({ admitted: false })
    expect(heard).toEqual([{ admitted: false, message: 'The host did not let you in' }])
  })
})
