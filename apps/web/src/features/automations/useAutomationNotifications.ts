import { AutomationNotification, SocketEvents } from '@closeroom/shared'
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
    const onNotification = (payload: unknown) => {
      const parsed = AutomationNotification.safeParse(payload)
      if (parsed.success) void queryClient.invalidateQueries({ queryKey: automationKeys.runs(parsed.data.productId) })
    }
    socket.on(SocketEvents.userNewNotification, onNotification)
    return () => {
      socket.off(SocketEvents.userNewNotification, onNotification)
    }
  }, [socket, queryClient])
}
