import { type ServerPayload, SocketEvents } from '@closeroom/shared'
import type { ThreadRoom } from '../../components/thread/useMessageRoom'
import { joinRoom } from '../../lib/joinRoom'

export const clientRoom: ThreadRoom = {
  join: (socket, clientId, catchUp) => joinRoom(socket, SocketEvents.clientsJoinRoom, { clientId }, catchUp),
  leave: (socket, clientId) => void socket.emit(SocketEvents.clientsLeaveRoom, { clientId }),
  listen(socket, clientId, receive) {
    const onMessage = (payload: ServerPayload<typeof SocketEvents.clientsNewMessage>) =>
      payload.clientId === clientId && receive(payload.message)
    socket.on(SocketEvents.clientsNewMessage, onMessage)
    socket.on(SocketEvents.clientsUpdatedMessage, onMessage)
    return () => {
      socket.off(SocketEvents.clientsNewMessage, onMessage)
      socket.off(SocketEvents.clientsUpdatedMessage, onMessage)
    }
  },
}
