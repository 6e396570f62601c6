import { SocketEvents, type UserNotification } from '@closeroom/shared'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useSocket } from '../../app/SocketProvider'
import { automationKeys } from './queries'

/**
 * A rule's "notify a teammate" means one of its runs just did something: the open runs list reads again.
 * The notification itself shows in the header's centre, with its toast.
 */
export function useAutomationNotifications() {
  const { socket } = useSocket()
  const queryClient = useQueryClient()

  useEffect(() => {
    if (!socket) return
    const onNotification = (payload: UserNotification) => {
      if (payload.type === 'automation-notify') void queryClient.invalidateQueries({ queryKey: automationKeys.runs(payload.productId) })
    }
    socket.on(SocketEvents.userNewNotification, onNotification)
    return () => {
      socket.off(SocketEvents.userNewNotification, onNotification)
    }
  }, [socket, queryClient])
}
