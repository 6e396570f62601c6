import { Message, ProductSocketEvents, SocketEvents } from '@closeroom/shared'
import { useQueryClient } from '@tanstack/react-query'
import { useSnackbar } from 'notistack'
import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { z } from 'zod'
import { useSocket } from '../../app/SocketProvider'
import { joinRoom } from '../../lib/joinRoom'
import { useTranslation } from '../../locales/i18n'
import { addMessage } from './queries'

type RoomEvents = { join: string; leave: string; message: string; updated?: string; idField: 'dealId' | 'clientId' }

export const dealRoom: RoomEvents = {
  join: SocketEvents.dealsJoinRoom,
  leave: SocketEvents.dealsLeaveRoom,
  message: SocketEvents.dealsNewMessage,
  idField: 'dealId',
}
export const clientRoom: RoomEvents = {
  join: SocketEvents.clientsJoinRoom,
  leave: SocketEvents.clientsLeaveRoom,
  message: SocketEvents.clientsNewMessage,
  updated: SocketEvents.clientsUpdatedMessage,
  idField: 'clientId',
}

const RoomMessage = z.object({ dealId: z.string().optional(), clientId: z.string().optional(), message: Message })

/**
 * Joins a deal's or client's room while the thread is on screen (again after a reconnection, since the server
 * forgets rooms with the connection) and puts the messages that arrive into the cached thread.
 */
export function useMessageRoom(room: RoomEvents, id: string, key: readonly unknown[]) {
  const { socket, connected } = useSocket()
  const queryClient = useQueryClient()
  // The key is a new array each render: read it when a message comes rather than rejoin the room.
  const cacheKey = useRef(key)
  cacheKey.current = key

  useEffect(() => {
    if (!socket || !connected) return
    joinRoom(
      socket,
      room.join,
      { [room.idField]: id },
      () => void queryClient.invalidateQueries({ queryKey: cacheKey.current, exact: true }),
    )
    const receive = (payload: unknown) => {
      const parsed = RoomMessage.safeParse(payload)
      if (!parsed.success || parsed.data[room.idField] !== id) return
      addMessage(queryClient, cacheKey.current, parsed.data.message)
    }
    socket.on(room.message, receive)
    if (room.updated) socket.on(room.updated, receive)
    return () => {
      socket.off(room.message, receive)
      if (room.updated) socket.off(room.updated, receive)
      socket.emit(room.leave, { [room.idField]: id })
    }
  }, [socket, connected, room, id, queryClient])
}

const DealNews = z.object({ dealId: z.string(), dealName: z.string(), message: Message })
const ClientNews = z.object({ clientId: z.string(), clientName: z.string(), message: Message })

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
    const onDeal = (payload: unknown) => {
      const parsed = DealNews.safeParse(payload)
      if (!parsed.success || pathname === `/deals/${parsed.data.dealId}`) return
      const { dealName, message } = parsed.data
      enqueueSnackbar(t('pipeline.toasts.dealMessage', { name: message.author.name, deal: dealName }), { variant: 'info' })
    }
    const onClient = (payload: unknown) => {
      const parsed = ClientNews.safeParse(payload)
      if (!parsed.success || pathname === `/clients/${parsed.data.clientId}`) return
      const { clientName, message } = parsed.data
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

export const dealsChangedEvent = ProductSocketEvents.dealsChanged
