import { type ChatThread, SocketEvents } from '@closeroom/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useSocket } from '../../app/SocketProvider'
import { chatApi, chatKeys } from './api'

export const isThreadKind = (value: string): value is ChatThread['kind'] => value === 'deal' || value === 'client' || value === 'room'

/**
 * The deal chats, client threads and room chats listed beside the conversations: read again when a teammate
 * writes in one (the organization hears of deal and client messages) and whenever the page comes back.
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
    ] as const
    for (const event of events) socket.on(event, again)
    return () => {
      for (const event of events) socket.off(event, again)
    }
  }, [socket, connected, queryClient])
  return threads
}
