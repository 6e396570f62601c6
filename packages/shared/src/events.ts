import { z } from 'zod'
import { AgreementChange } from './schemas/agreements.ts'
import { AutomationNotification } from './schemas/automations.ts'
import { BookingNotification } from './schemas/booking.ts'
import { ChatMessageEvent, ChatReadEvent, ChatThreadMessageEvent, ChatThreadReadEvent } from './schemas/chat.ts'
import { Id } from './schemas/common.ts'
import { DealSummary, Message } from './schemas/deals.ts'
import { OrganizationExportChanged } from './schemas/exports.ts'
import {
  MeetingAdmission,
  MeetingAdmit,
  MeetingChatAck,
  MeetingChatMessage,
  MeetingChatPost,
  MeetingJoin,
  MeetingJoinAck,
  MeetingMediaState,
  MeetingParticipant,
  MeetingSignal,
  MeetingSignalFrom,
  SocketAck,
  WaitingGuest,
} from './schemas/meetings.ts'
import { NotificationEntry, NotificationKind } from './schemas/notifications.ts'
import { RecordingChange } from './schemas/recordings.ts'
import { RoomMessage, SalesroomParams } from './schemas/salesrooms.ts'

// Socket event names, exactly as the spec lists them (section 7).
export const SocketEvents = {
  userNewClientMessage: 'user-new-client-message',
  userNewDealMessage: 'user-new-deal-message',
  userNewNotification: 'user-new-notification',
  userOnline: 'user-online',
  userOffline: 'user-offline',
  userActive: 'user-active',
  userInactive: 'user-inactive',
  clientsJoinRoom: 'clients-join-room',
  clientsLeaveRoom: 'clients-leave-room',
  clientsNewMessage: 'clients-new-message',
  clientsUpdatedMessage: 'clients-updated-message',
  dealsJoinRoom: 'deals-join-room',
  dealsLeaveRoom: 'deals-leave-room',
  dealsJoinPublicRoom: 'deals-join-public-room',
  dealsLeavePublicRoom: 'deals-leave-public-room',
  dealsNewMessage: 'deals-new-message',
  dealsNewPublicMessage: 'deals-new-public-message',
  meetingJoin: 'meeting-join',
  meetingLeave: 'meeting-leave',
  meetingNewParticipant: 'meeting-new-participant',
  meetingParticipantActive: 'meeting-participant-active',
  meetingParticipantInactive: 'meeting-participant-inactive',
  meetingRecordingChange: 'meeting-recording-change',
} as const

/**
 * Events the product needs beyond the spec's list, which shows no way for a page to follow changes:
 * - deals-changed: a deal created, changed, moved or deleted reaches everyone of its organization, as
 *   { deal, beforeId } (the deal it now sits before in its column) or { deletedId };
 * - salesroom-changed: a sales room's content changed (to its open buyer pages and editors) or a buyer did
 *   something in it (to its editors only), as { publicId, part: 'content' | 'engagement' }; the page reads again.
 * - agreement-changed: an agreement was created, edited, sent, opened, signed, declined, voided, expired or
 *   sealed, as { agreementId, dealId, status }, to everyone of its organization; its page and lists read again.
 * - meeting-signal: an offer, answer or ICE candidate for one participant of the same meeting, sent as
 *   { to, description | candidate } and received as { from, description | candidate };
 * - meeting-chat: the call's chat, sent as { text } and received by everyone in the call as a MeetingChatMessage;
 * - meeting-lobby: to the organization's members in the call, the guests waiting to be let in ({ waiting });
 * - meeting-admit: a member lets a waiting guest in or not ({ participantId, admit });
 * - meeting-admission: the waiting guest's answer ({ admitted } or { admitted: false, message }); once
 *   admitted the guest sends meeting-join again and gets in.
 * - chat-message { message }: a team chat message, to every participant's own sockets (no room to join);
 * - chat-read { conversationId, userId, lastReadAt }: a participant read the conversation, to every participant.
 * - chat-thread-message { kind, id, authorId }: a message in a deal chat, client thread or room chat, to the
 *   organization (the member's unread counts for that thread go up unless they wrote it);
 * - chat-thread-read { kind, id, lastReadAt }: the member read that thread, to their own sockets.
 * - mail-changed { threadId }: new mail reached a member's connected mailbox, to that member's own sockets; their
 *   mail lists and the thread read again.
 * - organization-export-changed { export }: an organization export was queued, moved to its next step, became
 *   ready or failed, to the organization's owners and admins.
 *
 * The spec's meeting events, as the call uses them (schemas/meetings.ts has the payloads):
 * - meeting-join { meetingId, name, key? } with an ack; meeting-new-participant { participant } to the others;
 * - meeting-leave: sent to leave on purpose, received as { id } when someone left;
 * - meeting-participant-active: a participant's microphone and camera state, sent as { muted, cameraOff }
 *   whenever it changes and received as { id, muted, cameraOff };
 * - meeting-participant-inactive { id }: someone's connection dropped without leaving; their tab rejoins
 *   with the same id when it reconnects (the others see meeting-new-participant again and renegotiate).
 */
export const ProductSocketEvents = {
  dealsChanged: 'deals-changed',
  salesroomChanged: 'salesroom-changed',
  agreementChanged: 'agreement-changed',
  meetingSignal: 'meeting-signal',
  meetingChat: 'meeting-chat',
  meetingLobby: 'meeting-lobby',
  meetingAdmit: 'meeting-admit',
  meetingAdmission: 'meeting-admission',
  chatMessage: 'chat-message',
  chatRead: 'chat-read',
  chatThreadMessage: 'chat-thread-message',
  chatThreadRead: 'chat-thread-read',
  mailChanged: 'mail-changed',
  organizationExportChanged: 'organization-export-changed',
} as const

// ---- Payloads (socket.io's typed maps below are made of these) ----

/** mail-changed: a thread of the member's mailbox has a new message. */
export const MailChanged = z.object({ threadId: Id })
export type MailChanged = z.infer<typeof MailChanged>

/** user-online, user-offline, user-active and user-inactive: whose presence changed. */
export const UserPresence = z.object({ userId: Id })
export type UserPresence = z.infer<typeof UserPresence>

/** deals-new-message and clients-new-message/-updated-message: a thread's message, to the thread's room. */
export const DealThreadMessage = z.object({ dealId: Id, message: Message })
export const ClientThreadMessage = z.object({ clientId: Id, message: Message })
/** user-new-deal-message and user-new-client-message: the same message, to the organization outside the room. */
export const DealMessageNews = DealThreadMessage.extend({ dealName: z.string() })
export const ClientMessageNews = ClientThreadMessage.extend({ clientName: z.string() })
/** deals-new-public-message: a sales room's chat line, to its buyers and the seller's team. */
export const PublicRoomMessage = z.object({ dealId: Id, message: RoomMessage })

/**
 * user-new-notification: the account was changed by an admin; a host's calendar changed (with the notification
 * when it is news for the centre); a rule notified a teammate; or another kept notification, with whatever the
 * page that shows it live needs.
 */
export const UserNotification = z.union([
  z.object({ type: z.literal('account-updated') }),
  BookingNotification.extend({ notification: NotificationEntry.optional() }),
  AutomationNotification.extend({ notification: NotificationEntry }),
  z.looseObject({ type: NotificationKind, notification: NotificationEntry }),
])
export type UserNotification = z.infer<typeof UserNotification>

/**
 * deals-changed: a deal as a board card shows it, with the deal it now sits before in its column (null: the
 * column's end) so an open board puts it in place without reading again; or the id of a deleted deal.
 */
/** A deal changed, was deleted, or many arrived at once (an import: the board is read again). */
export const DealsChanged = z.union([
  z.object({ deal: DealSummary, beforeId: Id.nullable() }),
  z.object({ deletedId: Id }),
  z.object({ imported: z.number().int() }),
])
export type DealsChanged = z.infer<typeof DealsChanged>

export const SalesroomChange = z.object({ publicId: z.string(), part: z.enum(['content', 'engagement']) })
export type SalesroomChange = z.infer<typeof SalesroomChange>

export const MeetingNewParticipant = z.object({ participant: MeetingParticipant })
/** meeting-leave and meeting-participant-inactive, as the others receive them. */
export const MeetingParticipantGone = z.object({ id: z.string() })
export const MeetingParticipantState = MeetingMediaState.extend({ id: z.string() })
export const MeetingLobby = z.object({ waiting: z.array(WaitingGuest) })

/** The room a socket asks to join or leave: a deal's chat, a client's thread, a sales room. */
export const DealRoomTarget = z.object({ dealId: Id })
export const ClientRoomTarget = z.object({ clientId: Id })
/** A buyer names the sales room by its public id; the seller's team by the deal's id. */
export const PublicRoomTarget = z.union([z.object({ publicId: SalesroomParams.shape.id }), z.object({ dealId: Id })])

// ---- socket.io's typed event maps ----

/** What the server sends, by event. */
export const ServerEventPayloads = {
  [SocketEvents.userNewClientMessage]: ClientMessageNews,
  [SocketEvents.userNewDealMessage]: DealMessageNews,
  [SocketEvents.userNewNotification]: UserNotification,
  [SocketEvents.userOnline]: UserPresence,
  [SocketEvents.userOffline]: UserPresence,
  [SocketEvents.userActive]: UserPresence,
  [SocketEvents.userInactive]: UserPresence,
  [SocketEvents.clientsNewMessage]: ClientThreadMessage,
  [SocketEvents.clientsUpdatedMessage]: ClientThreadMessage,
  [SocketEvents.dealsNewMessage]: DealThreadMessage,
  [SocketEvents.dealsNewPublicMessage]: PublicRoomMessage,
  [SocketEvents.meetingNewParticipant]: MeetingNewParticipant,
  [SocketEvents.meetingLeave]: MeetingParticipantGone,
  [SocketEvents.meetingParticipantActive]: MeetingParticipantState,
  [SocketEvents.meetingParticipantInactive]: MeetingParticipantGone,
  [SocketEvents.meetingRecordingChange]: RecordingChange,
  [ProductSocketEvents.dealsChanged]: DealsChanged,
  [ProductSocketEvents.salesroomChanged]: SalesroomChange,
  [ProductSocketEvents.agreementChanged]: AgreementChange,
  [ProductSocketEvents.meetingSignal]: MeetingSignalFrom,
  [ProductSocketEvents.meetingChat]: MeetingChatMessage,
  [ProductSocketEvents.meetingLobby]: MeetingLobby,
  [ProductSocketEvents.meetingAdmission]: MeetingAdmission,
  [ProductSocketEvents.chatMessage]: ChatMessageEvent,
  [ProductSocketEvents.chatRead]: ChatReadEvent,
  [ProductSocketEvents.chatThreadMessage]: ChatThreadMessageEvent,
  [ProductSocketEvents.chatThreadRead]: ChatThreadReadEvent,
  [ProductSocketEvents.mailChanged]: MailChanged,
  [ProductSocketEvents.organizationExportChanged]: OrganizationExportChanged,
} satisfies Record<string, z.ZodType>

type ServerEvents = typeof ServerEventPayloads
export type ServerEvent = keyof ServerEvents
export type ServerPayload<E extends ServerEvent> = z.infer<ServerEvents[E]>
export type ServerToClientEvents = { [E in ServerEvent]: (payload: ServerPayload<E>) => void }

/**
 * What a client sends, by event: its payload (null: none) and the answer it waits for (null: none). The server
 * answers a room's leave too, but nobody waits for it: a page leaves as it closes.
 */
export const ClientEventSchemas = {
  [SocketEvents.userActive]: { payload: null, ack: null },
  [SocketEvents.userInactive]: { payload: null, ack: null },
  [SocketEvents.dealsJoinRoom]: { payload: DealRoomTarget, ack: SocketAck },
  [SocketEvents.dealsLeaveRoom]: { payload: DealRoomTarget, ack: null },
  [SocketEvents.clientsJoinRoom]: { payload: ClientRoomTarget, ack: SocketAck },
  [SocketEvents.clientsLeaveRoom]: { payload: ClientRoomTarget, ack: null },
  [SocketEvents.dealsJoinPublicRoom]: { payload: PublicRoomTarget, ack: SocketAck },
  [SocketEvents.dealsLeavePublicRoom]: { payload: PublicRoomTarget, ack: null },
  [SocketEvents.meetingJoin]: { payload: MeetingJoin, ack: MeetingJoinAck },
  [SocketEvents.meetingLeave]: { payload: z.object({}), ack: SocketAck },
  [SocketEvents.meetingParticipantActive]: { payload: MeetingMediaState, ack: null },
  [ProductSocketEvents.meetingSignal]: { payload: MeetingSignal, ack: null },
  [ProductSocketEvents.meetingChat]: { payload: MeetingChatPost, ack: MeetingChatAck },
  [ProductSocketEvents.meetingAdmit]: { payload: MeetingAdmit, ack: null },
} satisfies Record<string, { payload: z.ZodType | null; ack: z.ZodType | null }>

type ClientEvents = typeof ClientEventSchemas
export type ClientEvent = keyof ClientEvents
type PayloadArg<S> = S extends z.ZodType ? [payload: z.input<S>] : []
type AckArg<S> = S extends z.ZodType ? [ack: (answer: z.infer<S>) => void] : []
/** A client's listener arguments: the payload as the sender writes it (defaults unfilled), then the answer callback. */
export type ClientToServerEvents = {
  [E in ClientEvent]: (...args: [...PayloadArg<ClientEvents[E]['payload']>, ...AckArg<ClientEvents[E]['ack']>]) => void
}
