/**
 * Every socket.io room's name, in one place: the server's modules join, leave and emit to rooms through these,
 * never through a string of their own, so two modules cannot disagree on a room.
 */
export const rooms = {
  /** Every socket of one user. */
  user: (id: string) => `user:${id}`,
  /** Everyone of an organization signed in right now, e.g. the teammates looking at the pipeline board. */
  organization: (id: string) => `org:${id}`,
  /** One deal's internal chat. */
  deal: (id: string) => `deal:${id}`,
  /** One client's thread. */
  client: (id: string) => `client:${id}`,
  /** A sales room's chat and news: the buyers on /d/:id and the seller's team on the deal page. */
  salesroom: (dealId: string) => `salesroom:${dealId}`,
  /** The seller's team with the room's editor open: signed-in sockets that joined the room by the deal's id. */
  salesroomTeam: (dealId: string) => `salesroom-team:${dealId}`,
  /** Everyone in the call of a meeting (by its internal id): recordings announce themselves here too. */
  meeting: (id: string) => `meeting:${id}`,
  /** The organization's members in the call: they hear who waits in the lobby. */
  meetingMembers: (id: string) => `meeting:${id}:members`,
  /** Guests waiting to be let in. */
  meetingLobby: (id: string) => `meeting:${id}:lobby`,
  /** Sockets a member has let in: their next meeting-join skips the lobby. */
  meetingAdmitted: (id: string) => `meeting:${id}:admitted`,
  /** One participant's socket, so signals reach it on whichever process holds it. */
  meetingParticipant: (id: string, participantId: string) => `meeting:${id}:p:${participantId}`,
}
