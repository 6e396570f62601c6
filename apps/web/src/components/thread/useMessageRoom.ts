import type { Message } from '@closeroom/shared'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useSocket } from '../../app/SocketProvider'
import type { AppSocket } from '../../lib/socket'
import { addMessage, type ThreadKey } from './addMessage'

/** A deal's or a client's thread room: joining, leaving, and hearing its messages (new or edited) for one id. */
export type ThreadRoom = {
  join(socket: AppSocket, id: string, catchUp: () => void): void
  leave(socket: AppSocket, id: string): void
  listen(socket: AppSocket, id: string, receive: (message: Message) => void): () => void
}

/**
 * Joins a deal's or client's room while the thread is on screen (again after a reconnection, since the server
 * forgets rooms with the connection) and puts the messages that arrive into the cached thread. `onMessage` hears
 * each one after that, for what else on the page a message changes (the deal's timeline).
 */
export function useMessageRoom(room: ThreadRoom, id: string, key: ThreadKey, onMessage?: (message: Message) => void) {
  const { socket, connected } = useSocket()
  const queryClient = useQueryClient()
  // The key is a new array each render: read it when a message comes rather than rejoin the room.
  const cacheKey = useRef(key)
  cacheKey.current = key
  const heard = useRef(onMessage)
  heard.current = onMessage

  useEffect(() => {
    if (!socket || !connected) return
    room.join(socket, id, () => void queryClient.invalidateQueries({ queryKey: cacheKey.current, exact: true }))
    const stopListening = room.listen(socket, id, (message) => {
      addMessage(queryClient, cacheKey.current, message)
      // A download of the thread still in flight (the catch-up after joining) was answered before this message and
      // would put the thread back without it: started again, its answer holds the message too.
      if (queryClient.isFetching({ queryKey: cacheKey.current, exact: true }) > 0)
        void queryClient.invalidateQueries({ queryKey: cacheKey.current, exact: true })
      heard.current?.(message)
    })
    return () => {
      stopListening()
      room.leave(socket, id)
    }
  }, [socket, connected, room, id, queryClient])
}
