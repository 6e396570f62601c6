import type { ClientToServerEvents, SocketAck, SocketEvents } from '@closeroom/shared'
import type { AppSocket } from './socket'

type JoinEvent = typeof SocketEvents.dealsJoinRoom | typeof SocketEvents.clientsJoinRoom | typeof SocketEvents.dealsJoinPublicRoom
type Join = (event: JoinEvent, payload: unknown, ack: (answer: SocketAck) => void) => AppSocket

/**
 * Joins a socket.io room (a thread, a sales room) and, once the server has let this socket in, catches up:
 * a message sent between the page's download of the thread and the join reaches it by neither way, since
 * the download was too early and the room's broadcast too late. The browser tests lost one so under load.
 */
export function joinRoom<E extends JoinEvent>(
  socket: AppSocket,
  event: E,
  payload: Parameters<ClientToServerEvents[E]>[0],
  catchUp: () => void,
) {
  // socket.io cannot follow a generic event name to its parameters: this function's signature checks them.
  const join: Join = socket.emit.bind(socket) as Join
  join(event, payload, (answer) => {
    if (answer.ok) catchUp()
  })
}
