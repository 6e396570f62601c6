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
 *   { deal } or { deletedId };
 * - salesroom-changed: a sales room's content changed (to its open buyer pages and editors) or a buyer did
 *   something in it (to its editors only), as { publicId, part: 'content' | 'engagement' }; the page reads again.
 * - meeting-signal: an offer, answer or ICE candidate for one participant of the same meeting, sent as
 *   { to, description | candidate } and received as { from, description | candidate };
 * - meeting-chat: the call's chat, sent as { text } and received by everyone in the call as a MeetingChatMessage;
 * - meeting-lobby: to the organization's members in the call, the guests waiting to be let in ({ waiting });
 * - meeting-admit: a member lets a waiting guest in or not ({ participantId, admit });
 * - meeting-admission: the waiting guest's answer ({ admitted } or { admitted: false, message }); once
 *   admitted the guest sends meeting-join again and gets in.
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
  meetingSignal: 'meeting-signal',
  meetingChat: 'meeting-chat',
  meetingLobby: 'meeting-lobby',
  meetingAdmit: 'meeting-admit',
  meetingAdmission: 'meeting-admission',
} as const

export type SalesroomChange = { publicId: string; part: 'content' | 'engagement' }

export type SocketEvent = (typeof SocketEvents)[keyof typeof SocketEvents] | (typeof ProductSocketEvents)[keyof typeof ProductSocketEvents]
