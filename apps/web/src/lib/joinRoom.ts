import type { Socket } from 'socket.io-client'

/**
 * Joins a socket.io room (a thread, a sales room) and, once the server has let this socket in, catches up:
 * a message sent between the page's download of the thread and the join reaches it by neither way, since
 * the download was too early and the room's broadcast too late. The browser tests lost one so under load.
 */
export function joinRoom(socket: Socket, event: string, payload: object, catchUp: () => void) {
  socket.emit(event, payload, (answer: { ok?: boolean } | undefined) => {
    if (answer?.ok) catchUp()
  })
}
