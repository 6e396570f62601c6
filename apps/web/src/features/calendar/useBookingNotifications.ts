import { SocketEvents, type UserNotification } from '@closeroom/shared'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useSocket } from '../../app/SocketProvider'
import { bookingKeys } from './queries'

/**
 * Bookings made, moved, confirmed or cancelled appear on the calendar without a reload. What a buyer did
 * also reaches the notification centre, which says so in a toast wherever the user is.
 */
export function useBookingNotifications() {
  const { socket } = useSocket()
  const queryClient = useQueryClient()

  useEffect(() => {
    if (!socket) return
    const onNotification = (payload: UserNotification) => {
      if ('booking' in payload) void queryClient.invalidateQueries({ queryKey: bookingKeys.all })
    }
    socket.on(SocketEvents.userNewNotification, onNotification)
    return () => {
      socket.off(SocketEvents.userNewNotification, onNotification)
    }
  }, [socket, queryClient])
}
