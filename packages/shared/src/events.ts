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
 */
export const ProductSocketEvents = {
  dealsChanged: 'deals-changed',
  salesroomChanged: 'salesroom-changed',
} as const

export type SalesroomChange = { publicId: string; part: 'content' | 'engagement' }

export type SocketEvent = (typeof SocketEvents)[keyof typeof SocketEvents] | (typeof ProductSocketEvents)[keyof typeof ProductSocketEvents]
