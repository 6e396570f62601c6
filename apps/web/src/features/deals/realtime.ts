import { type Message, type ServerPayload, SocketEvents } from '@closeroom/shared'
import { useQueryClient } from '@tanstack/react-query'
import { useSnackbar } from 'notistack'
import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { useSocket } from '../../app/SocketProvider'
import { joinRoom } from '../../lib/joinRoom'
import type { AppSocket } from '../../lib/socket'
import { useTranslation } from '../../locales/i18n'
import { addMessage } from './queries'

/** A deal's or a client's thread room: joining, leaving, and hearing its messages (new or edited) for one id. */
type ThreadRoom = {
  join(socket: AppSocket, id: string, catchUp: () => void): void
  leave(socket: AppSocket, id: string): void
  listen(socket: AppSocket, id: string, receive: (message: Message) => void): () => void
}

export const dealRoom: ThreadRoom = {
  join: (socket, dealId, catchUp) => joinRoom(socket, SocketEvents.dealsJoinRoom, { dealId }, catchUp),
  leave: (socket, dealId) => void socket.emit(SocketEvents.dealsLeaveRoom, { dealId }),
  listen(socket, dealId, receive) {
    const onMessage = (payload: ServerPayload<typeof SocketEvents.dealsNewMessage>) => payload.dealId === dealId && receive(payload.message)
    socket.on(SocketEvents.dealsNewMessage, onMessage)
    return () => void socket.off(SocketEvents.dealsNewMessage, onMessage)
  },
}

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

/**
 * Joins a deal's or client's room while the thread is on screen (again after a reconnection, since the server
 * forgets rooms with the connection) and puts the messages that arrive into the cached thread.
 */
export function useMessageRoom(room: ThreadRoom, id: string, key: readonly unknown[]) {
  const { socket, connected } = useSocket()
  const queryClient = useQueryClient()
  // The key is a new array each render: read it when a message comes rather than rejoin the room.
  const cacheKey = useRef(key)
  cacheKey.current = key

  useEffect(() => {
    if (!socket || !connected) return
    room.join(socket, id, () => void queryClient.invalidateQueries({ queryKey: cacheKey.current, exact: true }))
    const stopListening = room.listen(socket, id, (message) => addMessage(queryClient, cacheKey.current, message))
    return () => {
      stopListening()
      room.leave(socket, id)
    }
  }, [socket, connected, room, id, queryClient])
}

/**
 * While a seller works in the pipeline pages, a message in a deal or client thread they are not looking at shows
 * as a toast (the app-wide notification centre takes over elsewhere). The server sends these only to members
 * outside the room, so the open thread never toasts its own messages.
 */
export function usePipelineToasts() {
  const { socket } = useSocket()
  const { enqueueSnackbar } = useSnackbar()
  const { t } = useTranslation()
  const { pathname } = useLocation()

  useEffect(() => {
    if (!socket) return
    const onDeal = ({ dealId, dealName, message }: ServerPayload<typeof SocketEvents.userNewDealMessage>) => {
      if (pathname === `/deals/${dealId}`) return
      enqueueSnackbar(t('pipeline.toasts.dealMessage', { name: message.author.name, deal: dealName }), { variant: 'info' })
    }
    const onClient = ({ clientId, clientName, message }: ServerPayload<typeof SocketEvents.userNewClientMessage>) => {
      if (pathname === `/clients/${clientId}`) return
      enqueueSnackbar(t('pipeline.toasts.clientMessage', { name: message.author.name, client: clientName }), { variant: 'info' })
    }
    socket.on(SocketEvents.userNewDealMessage, onDeal)
    socket.on(SocketEvents.userNewClientMessage, onClient)
    return () => {
      socket.off(SocketEvents.userNewDealMessage, onDeal)
      socket.off(SocketEvents.userNewClientMessage, onClient)
    }
  }, [socket, enqueueSnackbar, t, pathname])
}
