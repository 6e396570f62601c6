import { type ChatThreadKind, ProductSocketEvents, type ServerPayload } from '@closeroom/shared'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useAuthContext } from '../../app/AuthProvider'
import { useSocket } from '../../app/SocketProvider'
import { chatApi, chatKeys } from './api'

/**
 * A deal chat, client thread or room chat on screen is read: on opening (in /chat or on its own page), and
 * again on each message of someone else that arrives while the tab is in view. The server tells the member's
 * other tabs, whose counts and badge follow (useThreads, useChatUnread).
 */
export function useReadThread(kind: ChatThreadKind, id: string) {
  const { socket, connected } = useSocket()
  const me = useAuthContext().user?.id
  const queryClient = useQueryClient()

  useEffect(() => {
    if (!socket || !connected || !id) return
    const read = () => {
      void chatApi.readThread(kind, id).then(
        () => {
          void queryClient.invalidateQueries({ queryKey: chatKeys.threads })
          void queryClient.invalidateQueries({ queryKey: chatKeys.unread })
        },
        () => undefined,
      )
    }
    read()
    const onMessage = (payload: ServerPayload<typeof ProductSocketEvents.chatThreadMessage>) => {
      if (payload.kind === kind && payload.id === id && payload.authorId !== me && document.visibilityState === 'visible') read()
    }
    // Back to a tab left in the background: what came meanwhile is read now.
    const onVisible = () => {
      if (document.visibilityState === 'visible') read()
    }
    socket.on(ProductSocketEvents.chatThreadMessage, onMessage)
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      socket.off(ProductSocketEvents.chatThreadMessage, onMessage)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [socket, connected, kind, id, me, queryClient])
}
