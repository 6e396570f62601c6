import type {
  BookingProfile,
  BookingSettings,
  CreateEventType,
  CreateSchedule,
  EventType,
  Schedule,
  UpdateEventType,
  UpdateSchedule,
} from '@closeroom/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../lib/api'

export const eventTypeKeys = {
  all: ['event-types'] as const,
  list: () => [...eventTypeKeys.all, 'list'] as const,
  detail: (id: string) => [...eventTypeKeys.all, 'detail', id] as const,
}

export const scheduleKeys = { all: ['schedules'] as const, list: () => [...scheduleKeys.all, 'list'] as const }

export const bookingSettingsKeys = { all: ['booking-settings'] as const }

export const bookingProfileKeys = { all: ['booking-profile'] as const }

export function useEventTypes() {
  return useQuery({
    queryKey: eventTypeKeys.list(),
    queryFn: async () => (await api<{ eventTypes: EventType[] }>('/event-types')).eventTypes,
  })
}

export function useEventType(id: string | undefined) {
  return useQuery({
    queryKey: eventTypeKeys.detail(id ?? ''),
    queryFn: () => api<EventType>(`/event-types/${id}`),
    enabled: !!id,
    retry: false,
  })
}

export function useSaveEventType(id: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateEventType | UpdateEventType) =>
      id ? api<EventType>(`/event-types/${id}`, { method: 'PATCH', body }) : api<EventType>('/event-types', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventTypeKeys.all }),
  })
}

/** Switching hidden/active from the list, without opening the form. */
export function useToggleEventType() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) =>
      api<EventType>(`/event-types/${id}`, { method: 'PATCH', body: { hidden } }),
    // The switch moves at once; a refusal from the server puts it back.
    onMutate: ({ id, hidden }) => {
      const previous = queryClient.getQueryData<EventType[]>(eventTypeKeys.list())
      queryClient.setQueryData<EventType[]>(eventTypeKeys.list(), (list) => list?.map((e) => (e.id === id ? { ...e, hidden } : e)))
      return { previous }
    },
    onError: (_error, _variables, context) => queryClient.setQueryData(eventTypeKeys.list(), context?.previous),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventTypeKeys.all }),
  })
}

export function useDeleteEventType() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api(`/event-types/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventTypeKeys.all }),
  })
}

export function useSchedules() {
  return useQuery({
    queryKey: scheduleKeys.list(),
    queryFn: async () => (await api<{ schedules: Schedule[] }>('/schedules')).schedules,
  })
}

export function useCreateSchedule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateSchedule) => api<Schedule>('/schedules', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  })
}

export function useUpdateSchedule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateSchedule }) => api<Schedule>(`/schedules/${id}`, { method: 'PATCH', body }),
    // Making one the default changes another: read the whole list again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  })
}

export function useDeleteSchedule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api(`/schedules/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  })
}

export function useBookingSettings() {
  return useQuery({ queryKey: bookingSettingsKeys.all, queryFn: () => api<BookingSettings>('/booking-settings') })
}

export function useSaveBookingSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BookingSettings) => api<BookingSettings>('/booking-settings', { method: 'PUT', body }),
    onSuccess: (settings) => queryClient.setQueryData(bookingSettingsKeys.all, settings),
  })
}

export function useBookingProfile() {
  return useQuery({ queryKey: bookingProfileKeys.all, queryFn: () => api<BookingProfile>('/booking-profile') })
}

export function useUpdateBookingProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { handle: string }) => api<BookingProfile>('/booking-profile', { method: 'PATCH', body }),
    onSuccess: (profile) => {
      queryClient.setQueryData(bookingProfileKeys.all, profile)
      // Every booking URL of the event types carries the handle.
      void queryClient.invalidateQueries({ queryKey: eventTypeKeys.all })
    },
  })
}
