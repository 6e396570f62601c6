import { type ServerPayload, SocketEvents } from '@closeroom/shared'
import { useSnackbar } from 'notistack'
import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { useSocket } from '../../app/SocketProvider'
import type { ThreadRoom } from '../../components/thread/useMessageRoom'
import { joinRoom } from '../../lib/joinRoom'
import { useTranslation } from '../../locales/i18n'

export const dealRoom: ThreadRoom = {
  join: (socket, dealId, catchUp) => joinRoom(socket, SocketEvents.dealsJoinRoom, { dealId }, catchUp),
  leave: (socket, dealId) => void socket.emit(SocketEvents.dealsLeaveRoom, { dealId }),
  listen(socket, dealId, receive) {
    const onMessage = (payload: ServerPayload<typeof SocketEvents.dealsNewMessage>) => payload.dealId === dealId && receive(payload.message)
    socket.on(SocketEvents.dealsNewMessage, onMessage)
    return () => void socket.off(SocketEvents.dealsNewMessage, onMessage)
  },
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
