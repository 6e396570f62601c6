import { createHash, randomUUID } from 'node:crypto'
import {
  MEETING_CAPACITY,
  MEETING_CHAT_RATE,
  MEETING_CHAT_TOO_FAST,
  MEETING_FULL,
  MEETING_NAME_REQUIRED,
  MEETING_NOT_FOUND,
  MEETING_REFUSED,
  type MeetingAdmission,
  MeetingAdmit,
  type MeetingChatAck,
  type MeetingChatMessage,
  MeetingChatPost,
  MeetingJoin,
  type MeetingJoinAck,
  MeetingMediaState,
  type MeetingParticipant,
  MeetingSignal,
  ProductSocketEvents,
  SocketEvents,
  type WaitingGuest,
} from '@closeroom/shared'
import type { FastifyBaseLogger } from 'fastify'
import { rooms } from '../../realtime/rooms.ts'
import type { Realtime } from '../../realtime/server.ts'
import type { IoSocket, SocketData } from '../../realtime/socket.ts'
import type { MeetingService } from './meetings.ts'

/** What a socket is doing in a meeting; kept in socket.data so every process can read it with fetchSockets(). */
type Seat = NonNullable<SocketData['meeting']>
const seatOf = (socket: { data: SocketData }) => socket.data.meeting

/** A tab's key gives the same id in one meeting after a reconnect, and cannot be guessed from the id. */
export const participantId = (meetingId: string, key: string | undefined) =>
  key ? createHash('sha256').update(`${meetingId}:${key}`).digest('base64url').slice(0, 22) : randomUUID()

/**
 * The call's signalling: join (through the lobby when the meeting requires admission), leave, media state,
 * offers/answers/ICE relayed between participants of one meeting, chat, and admission. The participant
 * list is the meeting's socket.io room itself, so several processes sharing Redis agree on it.
 */
export function registerMeetingSockets({
  realtime,
  meetings,
  log,
  isRecording,
}: {
  realtime: Pick<Realtime, 'io'>
  meetings: MeetingService
  log: FastifyBaseLogger
  isRecording(meetingId: string): Promise<boolean>
}) {
  const { io } = realtime

  async function seatsIn(room: string) {
    return (await io.in(room).fetchSockets()).flatMap((s) => {
      const seat = seatOf(s)
      return seat ? [{ socket: s, seat }] : []
    })
  }

  async function announceLobby(meetingId: string) {
    const waiting: WaitingGuest[] = (await seatsIn(rooms.meetingLobby(meetingId))).map(({ seat }) => ({
      id: seat.participant.id,
      name: seat.participant.name,
    }))
    io.to(rooms.meetingMembers(meetingId)).emit(ProductSocketEvents.meetingLobby, { waiting })
    return waiting
  }

  /** Takes the socket out of its meeting and tells the others: left on purpose, or dropped. */
  async function vacate(socket: IoSocket, how: 'left' | 'dropped', joined: Set<string> = socket.rooms) {
    const seat = seatOf(socket)
    if (!seat) return
    socket.data.meeting = undefined
    const { meetingId, participant } = seat
    const wasIn = joined.has(rooms.meeting(meetingId))
    const wasWaiting = joined.has(rooms.meetingLobby(meetingId))
    for (const room of [
      rooms.meeting(meetingId),
      rooms.meetingMembers(meetingId),
      rooms.meetingLobby(meetingId),
      rooms.meetingParticipant(meetingId, participant.id),
    ])
      await socket.leave(room)
    const event = how === 'left' ? SocketEvents.meetingLeave : SocketEvents.meetingParticipantInactive
    if (wasIn) io.to(rooms.meeting(meetingId)).emit(event, { id: participant.id })
    if (wasWaiting) await announceLobby(meetingId)
  }

  async function join(socket: IoSocket, payload: unknown): Promise<MeetingJoinAck> {
    const input = MeetingJoin.safeParse(payload)
    if (!input.success) return { ok: false, message: input.error.issues[0]?.message ?? 'Invalid request' }
    const meeting = await meetings.byPublicId(input.data.meetingId).catch(() => null)
    if (!meeting) return { ok: false, message: MEETING_NOT_FOUND }
    const previous = seatOf(socket)
    if (previous && previous.meetingId !== meeting.id) await vacate(socket, 'left')

    const { user } = socket.data
    const member = user?.organizationId === meeting.organizationId
    if (!member && !input.data.name) return { ok: false, message: MEETING_NAME_REQUIRED }
    const self: MeetingParticipant = {
      id: participantId(meeting.id, input.data.key),
      // A member appears under their account's name; a guest under the name they typed.
      name: member && user ? user.name : input.data.name,
      member,
      muted: input.data.muted,
      cameraOff: input.data.cameraOff,
    }
    const inCall = (await seatsIn(rooms.meeting(meeting.id))).filter(({ socket: s }) => s.id !== socket.id)
    // The same tab back after a network drop, before the server noticed the old socket go: it takes its place.
    const stale = inCall.filter(({ seat }) => seat.participant.id === self.id)
    const others = inCall.filter(({ seat }) => seat.participant.id !== self.id)
    if (others.length >= MEETING_CAPACITY) return { ok: false, message: MEETING_FULL }

    if (meeting.requireAdmission && !member && !socket.rooms.has(rooms.meetingAdmitted(meeting.id))) {
      socket.data.meeting = { meetingId: meeting.id, participant: self } satisfies Seat
      await socket.join(rooms.meetingLobby(meeting.id))
      await announceLobby(meeting.id)
      return { ok: true, state: 'waiting', self }
    }

    // Asked before the seat is taken: the answer then follows the others' news of us at once.
    const recording = await isRecording(meeting.id)
    for (const { socket: old } of stale) {
      old.leave(rooms.meeting(meeting.id))
      old.leave(rooms.meetingParticipant(meeting.id, self.id))
    }
    const wasWaiting = socket.rooms.has(rooms.meetingLobby(meeting.id))
    socket.data.meeting = { meetingId: meeting.id, participant: self } satisfies Seat
    await socket.leave(rooms.meetingLobby(meeting.id))
    await socket.join([
      rooms.meeting(meeting.id),
      rooms.meetingParticipant(meeting.id, self.id),
      ...(member ? [rooms.meetingMembers(meeting.id)] : []),
    ])
    socket.to(rooms.meeting(meeting.id)).emit(SocketEvents.meetingNewParticipant, { participant: self })
    const waiting = wasWaiting || member ? await announceLobby(meeting.id) : []
    return {
      ok: true,
      state: 'in',
      self,
      participants: others.map(({ seat }) => seat.participant),
      waiting: member ? waiting : [],
      // Someone joining a call already being recorded sees the indicator at once, not at the next change.
      recording,
    }
  }

  /** The socket's seat when it is in a call (not waiting in the lobby). */
  function inCall(socket: IoSocket) {
    const seat = seatOf(socket)
    return seat && socket.rooms.has(rooms.meeting(seat.meetingId)) ? seat : undefined
  }

  async function admit(socket: IoSocket, payload: unknown) {
    const seat = inCall(socket)
    const input = MeetingAdmit.safeParse(payload)
    if (!seat?.participant.member || !input.success) return
    const { meetingId } = seat
    const guest = (await seatsIn(rooms.meetingLobby(meetingId))).find(({ seat: s }) => s.participant.id === input.data.participantId)
    if (!guest) return
    guest.socket.leave(rooms.meetingLobby(meetingId))
    if (input.data.admit) guest.socket.join(rooms.meetingAdmitted(meetingId))
    const answer: MeetingAdmission = input.data.admit ? { admitted: true } : { admitted: false, message: MEETING_REFUSED }
    guest.socket.emit(ProductSocketEvents.meetingAdmission, answer)
    await announceLobby(meetingId)
  }

  io.on('connection', (socket) => {
    // One socket's events run in the order sent: a join still reading the database must not land after the
    // leave that followed it.
    let queue = Promise.resolve()
    const inOrder = (work: () => Promise<void>) => {
      queue = queue.then(work).catch((error: unknown) => log.error({ err: error }, 'meeting socket event failed'))
    }

    socket.on(SocketEvents.meetingJoin, (payload: unknown, ack?: unknown) => {
      inOrder(async () => {
        const answer = await join(socket, payload)
        if (typeof ack === 'function') ack(answer)
      })
    })
    socket.on(SocketEvents.meetingLeave, (_payload: unknown, ack?: unknown) => {
      inOrder(async () => {
        await vacate(socket, 'left')
        if (typeof ack === 'function') ack({ ok: true })
      })
    })
    socket.on(SocketEvents.meetingParticipantActive, (payload: unknown) => {
      const seat = inCall(socket)
      const state = MeetingMediaState.safeParse(payload)
      if (!seat || !state.success) return
      Object.assign(seat.participant, state.data)
      socket.to(rooms.meeting(seat.meetingId)).emit(SocketEvents.meetingParticipantActive, { id: seat.participant.id, ...state.data })
    })
    socket.on(ProductSocketEvents.meetingSignal, (payload: unknown) => {
      const seat = inCall(socket)
      const signal = MeetingSignal.safeParse(payload)
      if (!seat || !signal.success) return
      const { to, ...rest } = signal.data
      // Only to a participant of the sender's own meeting: the room name carries the meeting.
      socket
        .to(rooms.meetingParticipant(seat.meetingId, to))
        .emit(ProductSocketEvents.meetingSignal, { from: seat.participant.id, ...rest })
    })
    // This socket's last messages' times: a socket lives on one process, so the count needs no Redis.
    let chatTimes: number[] = []
    socket.on(ProductSocketEvents.meetingChat, (payload: unknown, ack?: unknown) => {
      const answer = (reply: MeetingChatAck) => typeof ack === 'function' && ack(reply)
      const seat = inCall(socket)
      const post = MeetingChatPost.safeParse(payload)
      if (!seat) return answer({ ok: false, message: 'Join the call first' })
      if (!post.success) return answer({ ok: false, message: post.error.issues[0]?.message ?? 'Invalid message' })
      const now = Date.now()
      chatTimes = chatTimes.filter((at) => now - at < MEETING_CHAT_RATE.windowMs)
      if (chatTimes.length >= MEETING_CHAT_RATE.max) return answer({ ok: false, message: MEETING_CHAT_TOO_FAST })
      chatTimes.push(now)
      const message: MeetingChatMessage = {
        id: randomUUID(),
        from: seat.participant.id,
        name: seat.participant.name,
        text: post.data.text,
        at: new Date().toISOString(),
      }
      io.to(rooms.meeting(seat.meetingId)).emit(ProductSocketEvents.meetingChat, message)
      answer({ ok: true })
    })
    socket.on(ProductSocketEvents.meetingAdmit, (payload: unknown) => inOrder(() => admit(socket, payload)))

    // The rooms are gone by 'disconnect': remember them while the socket is still disconnecting.
    let roomsAtClose = new Set<string>()
    socket.on('disconnecting', () => {
      roomsAtClose = new Set(socket.rooms)
    })
    socket.on('disconnect', () => inOrder(() => vacate(socket, 'dropped', roomsAtClose)))
  })
}
