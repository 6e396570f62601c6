import { z } from 'zod'

/** A full mesh sends every participant's video to every other: beyond six, the room says it is full. */
export const MEETING_CAPACITY = 6
export const MEETING_FULL = 'This meeting is full'
export const MEETING_NOT_FOUND = 'Meeting not found'
export const MEETING_REFUSED = 'The host did not let you in'
export const MEETING_NAME_REQUIRED = 'name: Enter your name'

/** The id in /m/{id}: unguessable for real meetings, 'demo' for the demo. */
export const MeetingParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{4,64}$/, { message: MEETING_NOT_FOUND }) })

/** One STUN or TURN server, as RTCPeerConnection takes it (the ICE_SERVERS setting). */
export const IceServer = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
})
export type IceServer = z.infer<typeof IceServer>

/** What the lobby shows, and nothing more: no ids of the organization, the deal or the booking. */
export const PublicMeeting = z.object({
  publicId: z.string(),
  title: z.string(),
  hostName: z.string().nullable(),
  organizationName: z.string(),
  requireAdmission: z.boolean(),
  /** The caller is signed in to the meeting's organization: they skip the lobby and admit guests. */
  member: z.boolean(),
  iceServers: z.array(IceServer),
})
export type PublicMeeting = z.infer<typeof PublicMeeting>

export const MeetingLink = z.object({ publicId: z.string(), url: z.string() })
export type MeetingLink = z.infer<typeof MeetingLink>

export const UpdateMeeting = z.object({ requireAdmission: z.boolean() })
export type UpdateMeeting = z.infer<typeof UpdateMeeting>

// Socket payloads of the call (events.ts names the events).

export const MeetingJoin = z.object({
  meetingId: MeetingParams.shape.id,
  /** A guest's name; a member of the organization appears under their account's name instead. */
  name: z.string().trim().max(80, { message: 'name: At most 80 characters' }).default(''),
  /** A secret the tab keeps (sessionStorage): the same key after a reconnect gives the same participant id. */
  key: z.string().min(16).max(128).optional(),
  muted: z.boolean().default(false),
  cameraOff: z.boolean().default(false),
})
export type MeetingJoin = z.input<typeof MeetingJoin>

export const MeetingParticipant = z.object({
  id: z.string(),
  name: z.string(),
  /** A member of the meeting's organization (the host's side). */
  member: z.boolean(),
  muted: z.boolean(),
  cameraOff: z.boolean(),
})
export type MeetingParticipant = z.infer<typeof MeetingParticipant>

export const WaitingGuest = z.object({ id: z.string(), name: z.string() })
export type WaitingGuest = z.infer<typeof WaitingGuest>

/** A refusal answered to a socket's request, with the reason a person can read. */
export const SocketRefusal = z.object({ ok: z.literal(false), message: z.string() })
/** The answer to a socket request that either succeeds with nothing to say or is refused. */
export const SocketAck = z.union([z.object({ ok: z.literal(true) }), SocketRefusal])
export type SocketAck = z.infer<typeof SocketAck>

/** meeting-join's answer: in the call with the others, waiting in the lobby, or refused with a reason. */
export const MeetingJoinAck = z.union([
  z.object({
    ok: z.literal(true),
    state: z.literal('in'),
    self: MeetingParticipant,
    participants: z.array(MeetingParticipant),
    waiting: z.array(WaitingGuest),
    /** Whether the call is being recorded as this participant comes in: later changes come as meeting-recording-change. */
    recording: z.boolean(),
  }),
  z.object({ ok: z.literal(true), state: z.literal('waiting'), self: MeetingParticipant }),
  SocketRefusal,
])
export type MeetingJoinAck = z.infer<typeof MeetingJoinAck>

export const MeetingMediaState = z.object({ muted: z.boolean(), cameraOff: z.boolean() })
export type MeetingMediaState = z.infer<typeof MeetingMediaState>

/** An offer or answer (description) or an ICE candidate, for one other participant. */
export const MeetingSignal = z.object({
  to: z.string().max(64),
  description: z.object({ type: z.enum(['offer', 'answer', 'pranswer', 'rollback']), sdp: z.string().max(100_000).optional() }).optional(),
  candidate: z
    .object({
      candidate: z.string().max(2000),
      sdpMid: z.string().max(64).nullable().optional(),
      sdpMLineIndex: z.number().int().nullable().optional(),
      usernameFragment: z.string().max(256).nullable().optional(),
    })
    .nullable()
    .optional(),
})
export type MeetingSignal = z.input<typeof MeetingSignal>
/** A signal as its receiver gets it: from whom instead of to whom. */
export const MeetingSignalFrom = MeetingSignal.omit({ to: true }).extend({ from: z.string() })
export type MeetingSignalFrom = z.infer<typeof MeetingSignalFrom>

export const MeetingChatPost = z.object({ text: z.string().trim().min(1).max(2000) })
export const MeetingChatMessage = z.object({ id: z.string(), from: z.string(), name: z.string(), text: z.string(), at: z.string() })
export type MeetingChatMessage = z.infer<typeof MeetingChatMessage>
/** The answer to a chat message: sent to everyone, or refused with the reason. */
export const MeetingChatAck = SocketAck
export type MeetingChatAck = SocketAck
/** A person types a few messages in ten seconds; a script flooding a call with a link does not get far. */
export const MEETING_CHAT_RATE = { max: 10, windowMs: 10_000 }
export const MEETING_CHAT_TOO_FAST = 'You are sending messages too fast. Wait a few seconds.'

export const MeetingAdmit = z.object({ participantId: z.string().max(64), admit: z.boolean() })
export const MeetingAdmission = z.union([
  z.object({ admitted: z.literal(true) }),
  z.object({ admitted: z.literal(false), message: z.string() }),
])
export type MeetingAdmission = z.infer<typeof MeetingAdmission>
