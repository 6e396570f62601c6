import type { CreateCalendarConnection } from '@closeroom/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client, unwrap } from '../../lib/api'

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
    queryFn: async ({ signal }) =>
      (await unwrap(client.GET('/bookings', { params: { query: { from: range?.from ?? '', to: range?.to ?? '' } }, signal }))).bookings,
    enabled: !!range,
    // Moving back and forth between months shows what was there while the new answer arrives.
    placeholderData: (previous) => previous,
  })
}

/** One booking by id (a link from elsewhere, e.g. the records behind a dashboard figure); null asks nothing. */
export function useBooking(id: string | null) {
  return useQuery({
    queryKey: [...bookingKeys.all, 'one', id ?? ''],
    queryFn: async ({ signal }) => unwrap(client.GET('/bookings/{id}', { params: { path: { id: id ?? '' } }, signal })),
    enabled: !!id,
  })
}

export type BookingAction = 'confirm' | 'decline' | 'cancel'

export function useBookingAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: BookingAction; reason?: string }) => {
      const params = { path: { id } }
      const body = reason ? { reason } : {}
      return unwrap(
        action === 'confirm'
          ? client.POST('/bookings/{id}/confirm', { params })
          : action === 'decline'
            ? client.POST('/bookings/{id}/decline', { params, body })
            : client.POST('/bookings/{id}/cancel', { params, body }),
      )
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  })
}

export function useConnections() {
  return useQuery({
    queryKey: connectionKeys.all,
    queryFn: async ({ signal }) => (await unwrap(client.GET('/calendar/connections', { signal }))).connections,
  })
}

export function useCreateConnection() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateCalendarConnection) => unwrap(client.POST('/calendar/connections', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
  })
}

export function useUpdateConnection() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: { busyCalendarUrls?: string[]; writeCalendarUrl?: string | null } }) =>
      unwrap(client.PATCH('/calendar/connections/{id}', { params: { path: { id } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
  })
}

export function useRefreshConnection() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => unwrap(client.POST('/calendar/connections/{id}/refresh', { params: { path: { id } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
  })
}

export function useDeleteConnection() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => unwrap(client.DELETE('/calendar/connections/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
  })
}
