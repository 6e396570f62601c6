import { ProductSocketEvents, type SalesroomChange, type ServerPayload, SocketEvents } from '@closeroom/shared'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useSocket } from '../../app/SocketProvider'
import { joinRoom } from '../../lib/joinRoom'
import { addRoomMessage, salesroomKeys } from './queries'

/**
 * Keeps the editor live while it is on screen: joins the room as the seller's team (again after a
 * reconnection, since the server forgets rooms with the connection), adds the buyers' messages to the chat
 * and reads the room or its engagement again when a buyer ticks a step, visits or opens something.
 */
export function useRoomLive(dealId: string, publicId: string | null) {
  const { socket, connected } = useSocket()
  const queryClient = useQueryClient()

  useEffect(() => {
    if (!socket || !connected || !publicId) return
    joinRoom(socket, SocketEvents.dealsJoinPublicRoom, { dealId }, () => {
      for (const key of [salesroomKeys.messages(dealId), salesroomKeys.engagement(dealId)])
        void queryClient.invalidateQueries({ queryKey: key })
    })
    const receive = (payload: ServerPayload<typeof SocketEvents.dealsNewPublicMessage>) => {
      if (payload.dealId === dealId) addRoomMessage(queryClient, dealId, payload.message)
    }
    const changed = (change: SalesroomChange) => {
      if (change.publicId !== publicId) return
      const key = change.part === 'content' ? salesroomKeys.room(dealId) : salesroomKeys.engagement(dealId)
      void queryClient.invalidateQueries({ queryKey: key })
    }
    socket.on(SocketEvents.dealsNewPublicMessage, receive)
    socket.on(ProductSocketEvents.salesroomChanged, changed)
    return () => {
      socket.off(SocketEvents.dealsNewPublicMessage, receive)
      socket.off(ProductSocketEvents.salesroomChanged, changed)
      socket.emit(SocketEvents.dealsLeavePublicRoom, { dealId })
    }
  }, [socket, connected, dealId, publicId, queryClient])
}
