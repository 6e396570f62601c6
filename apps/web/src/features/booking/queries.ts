import type { BookingSettings, CreateEventType, CreateSchedule, UpdateEventType, UpdateSchedule } from '@closeroom/shared'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client, unwrap } from '../../lib/api'

export const eventTypeKeys = {
  all: ['event-types'] as const,
  list: () => [...eventTypeKeys.all, 'list'] as const,
  detail: (id: string) => [...eventTypeKeys.all, 'detail', id] as const,
}

export const scheduleKeys = { all: ['schedules'] as const, list: () => [...scheduleKeys.all, 'list'] as const }

export const bookingSettingsKeys = { all: ['booking-settings'] as const }

export const bookingProfileKeys = { all: ['booking-profile'] as const }

// The queries whose cached answer is read or written in place: their keys carry the answer's type.

const eventTypesQuery = () =>
  queryOptions({
    queryKey: eventTypeKeys.list(),
    queryFn: async ({ signal }) => (await unwrap(client.GET('/event-types', { signal }))).eventTypes,
  })

const bookingSettingsQuery = queryOptions({
  queryKey: bookingSettingsKeys.all,
  queryFn: ({ signal }) => unwrap(client.GET('/booking-settings', { signal })),
})

const bookingProfileQuery = queryOptions({
  queryKey: bookingProfileKeys.all,
  queryFn: ({ signal }) => unwrap(client.GET('/booking-profile', { signal })),
})

export function useEventTypes() {
  return useQuery(eventTypesQuery())
}

export function useEventType(id: string | undefined) {
  return useQuery({
    queryKey: eventTypeKeys.detail(id ?? ''),
    queryFn: ({ signal }) => unwrap(client.GET('/event-types/{id}', { params: { path: { id: id ?? '' } }, signal })),
    enabled: !!id,
    retry: false,
  })
}

export function useSaveEventType() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: { id: string; body: UpdateEventType } | { id?: undefined; body: CreateEventType }) =>
      unwrap(
        change.id !== undefined
          ? client.PATCH('/event-types/{id}', { params: { path: { id: change.id } }, body: change.body })
          : client.POST('/event-types', { body: change.body }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventTypeKeys.all }),
  })
}

/** Switching hidden/active from the list, without opening the form. */
export function useToggleEventType() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) =>
      unwrap(client.PATCH('/event-types/{id}', { params: { path: { id } }, body: { hidden } })),
    // The switch moves at once; a refusal from the server puts it back.
    onMutate: ({ id, hidden }) => {
      const { queryKey } = eventTypesQuery()
      const previous = queryClient.getQueryData(queryKey)
      queryClient.setQueryData(queryKey, (list) => list?.map((e) => (e.id === id ? { ...e, hidden } : e)))
      return { previous }
    },
    onError: (_error, _variables, context) => queryClient.setQueryData(eventTypesQuery().queryKey, context?.previous),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventTypeKeys.all }),
  })
}

export function useDeleteEventType() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => unwrap(client.DELETE('/event-types/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventTypeKeys.all }),
  })
}

export function useSchedules() {
  return useQuery({
    queryKey: scheduleKeys.list(),
    queryFn: async ({ signal }) => (await unwrap(client.GET('/schedules', { signal }))).schedules,
  })
}

export function useCreateSchedule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateSchedule) => unwrap(client.POST('/schedules', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  })
}

export function useUpdateSchedule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateSchedule }) =>
      unwrap(client.PATCH('/schedules/{id}', { params: { path: { id } }, body })),
    // Making one the default changes another: read the whole list again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  })
}

export function useDeleteSchedule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => unwrap(client.DELETE('/schedules/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  })
}

export function useBookingSettings() {
  return useQuery(bookingSettingsQuery)
}

export function useSaveBookingSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BookingSettings) => unwrap(client.PUT('/booking-settings', { body })),
    onSuccess: (settings) => queryClient.setQueryData(bookingSettingsQuery.queryKey, settings),
  })
}

export function useBookingProfile() {
  return useQuery(bookingProfileQuery)
}

export function useUpdateBookingProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { handle: string }) => unwrap(client.PATCH('/booking-profile', { body })),
    onSuccess: (profile) => {
      queryClient.setQueryData(bookingProfileQuery.queryKey, profile)
      // Every booking URL of the event types carries the handle.
      void queryClient.invalidateQueries({ queryKey: eventTypeKeys.all })
    },
  })
}

export function useRotateFeed() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(client.POST('/calendar/feed/rotate')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingProfileKeys.all }),
  })
}
