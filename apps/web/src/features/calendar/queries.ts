import type { Booking, CalendarConnection, CreateCalendarConnection } from '@closeroom/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../lib/api'
import { bookingProfileKeys } from '../booking/queries'

export const bookingKeys = {
  all: ['bookings'] as const,
  range: (from: string, to: string) => [...bookingKeys.all, 'range', from, to] as const,
}

export const connectionKeys = { all: ['calendar-connections'] as const }

export type BookingRange = { from: string; to: string }

/** The caller's bookings (as a host) between two instants, every status. */
export function useBookings(range: BookingRange | null) {
  return useQuery({
    queryKey: bookingKeys.range(range?.from ?? '', range?.to ?? ''),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ from: range?.from ?? '', to: range?.to ?? '' })
      return (await api<{ bookings: Booking[] }>(`/bookings?${query}`, { signal })).bookings
    },
    enabled: !!range,
    // Moving back and forth between months shows what was there while the new answer arrives.
    placeholderData: (previous) => previous,
  })
}

export type BookingAction = 'confirm' | 'decline' | 'cancel'

export function useBookingAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: BookingAction; reason?: string }) =>
      api<Booking>(`/bookings/${id}/${action}`, { method: 'POST', body: action === 'confirm' ? {} : reason ? { reason } : {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  })
}

export function useConnections() {
  return useQuery({
    queryKey: connectionKeys.all,
    queryFn: async () => (await api<{ connections: CalendarConnection[] }>('/calendar/connections')).connections,
  })
}

export function useCreateConnection() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateCalendarConnection) => api<CalendarConnection>('/calendar/connections', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
  })
}

export function useUpdateConnection() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: { busyCalendarUrls?: string[]; writeCalendarUrl?: string | null } }) =>
      api<CalendarConnection>(`/calendar/connections/${id}`, { method: 'PATCH', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
  })
}

export function useRefreshConnection() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api<CalendarConnection>(`/calendar/connections/${id}/refresh`, { method: 'POST', body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
  })
}

export function useDeleteConnection() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api(`/calendar/connections/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
  })
}

export function useRotateFeed() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api<{ feedUrl: string }>('/calendar/feed/rotate', { method: 'POST', body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingProfileKeys.all }),
  })
}
