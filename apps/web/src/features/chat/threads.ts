import { type ChatThread, ProductSocketEvents, SocketEvents } from '@closeroom/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useSocket } from '../../app/SocketProvider'
import { chatApi, chatKeys } from './api'

export const isThreadKind = (value: string): value is ChatThread['kind'] => value === 'deal' || value === 'client' || value === 'room'

/**
 * The deal chats, client threads and room chats listed beside the conversations, with the member's unread
 * counts: read again when someone writes in one (the organization hears of every thread's messages, a
 * buyer's in a room included), when the member reads one in another tab, and whenever the page comes back.
 */
export function useThreads() {
  const { socket, connected } = useSocket()
  const queryClient = useQueryClient()
  const threads = useQuery({ queryKey: chatKeys.threads, queryFn: ({ signal }) => chatApi.threads(signal), enabled: connected })
  useEffect(() => {
    if (!socket || !connected) return
    const again = () => void queryClient.invalidateQueries({ queryKey: chatKeys.threads })
    const events = [
      SocketEvents.userNewDealMessage,
      SocketEvents.userNewClientMessage,
      SocketEvents.dealsNewMessage,
      SocketEvents.clientsNewMessage,
      SocketEvents.dealsNewPublicMessage,
      ProductSocketEvents.chatThreadMessage,
      ProductSocketEvents.chatThreadRead,
    ] as const
    for (const event of events) socket.on(event, again)
    return () => {
      for (const event of events) socket.off(event, again)
    }
  }, [socket, connected, queryClient])
  return threads
}
