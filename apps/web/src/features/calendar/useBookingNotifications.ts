import { BookingNotification, SocketEvents } from '@closeroom/shared'
import { useQueryClient } from '@tanstack/react-query'
import { useSnackbar } from 'notistack'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useSocket } from '../../app/SocketProvider'
import { formatDateTime } from '../../lib/intl'
import { bookingKeys } from './queries'

// What the buyer did is news; what a host did here has its own message already.
const announced = new Set(['booking-created', 'booking-rescheduled', 'booking-cancelled'])

/** Bookings made, moved or cancelled by buyers appear without a reload, with a toast saying what happened. */
export function useBookingNotifications() {
  const { socket } = useSocket()
  const queryClient = useQueryClient()
  const { enqueueSnackbar } = useSnackbar()
  const { t, i18n } = useTranslation()

  useEffect(() => {
    if (!socket) return
    const onNotification = (payload: unknown) => {
      const parsed = BookingNotification.safeParse(payload)
      if (!parsed.success) return
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all })
      const { type, booking } = parsed.data
      if (!announced.has(type)) return
      const text = t(`calendarApp.notifications.${type}`, {
        name: booking.attendee.name,
        date: formatDateTime(booking.start, i18n.language),
      })
      enqueueSnackbar(text, { variant: type === 'booking-cancelled' ? 'warning' : 'info' })
    }
    socket.on(SocketEvents.userNewNotification, onNotification)
    return () => {
      socket.off(SocketEvents.userNewNotification, onNotification)
    }
  }, [socket, queryClient, enqueueSnackbar, t, i18n.language])
}
