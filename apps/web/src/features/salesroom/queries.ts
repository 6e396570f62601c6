import type { ActionStep, Engagement, RoomMessage, Salesroom, SalesroomSettings } from '@closeroom/shared'
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiError, api } from '../../lib/api'

export const salesroomKeys = {
  all: ['salesroom'] as const,
  room: (dealId: string) => [...salesroomKeys.all, 'room', dealId] as const,
  engagement: (dealId: string) => [...salesroomKeys.all, 'engagement', dealId] as const,
  messages: (dealId: string) => [...salesroomKeys.all, 'messages', dealId] as const,
}

const base = (dealId: string) => `/deals/${encodeURIComponent(dealId)}/salesroom`

export type LinkFields = { title: string; url: string }
export type StepFields = { title: string; side: 'seller' | 'buyer'; ownerName: string; dueDate: string | null; done?: boolean }

/** The deal's room; null while the deal has none yet (the first save creates it). */
export function useSalesroom(dealId: string) {
  return useQuery({
    queryKey: salesroomKeys.room(dealId),
    queryFn: async () => {
      try {
        return await api<Salesroom>(base(dealId))
      } catch (error) {
        // The deal's own page says when the deal itself is gone; here a missing room is one not made yet.
        if (error instanceof ApiError && error.code === 'not_found') return null
        throw error
      }
    },
    retry: false,
  })
}

export function useEngagement(dealId: string, enabled: boolean) {
  return useQuery({
    queryKey: salesroomKeys.engagement(dealId),
    queryFn: () => api<Engagement>(`${base(dealId)}/engagement`),
    enabled,
    // Buyers come and go while the seller watches.
    refetchInterval: 30_000,
  })
}

export function useRoomMessages(dealId: string, enabled: boolean) {
  return useQuery({
    queryKey: salesroomKeys.messages(dealId),
    queryFn: async () => (await api<{ messages: RoomMessage[] }>(`${base(dealId)}/messages`)).messages,
    enabled,
  })
}

export function addRoomMessage(client: QueryClient, dealId: string, message: RoomMessage) {
  client.setQueryData<RoomMessage[]>(salesroomKeys.messages(dealId), (list) =>
    !list ? [message] : list.some((m) => m.id === message.id) ? list : [...list, message],
  )
}

export function usePostRoomMessage(dealId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: string) => api<RoomMessage>(`${base(dealId)}/messages`, { method: 'POST', body: { body } }),
    onSuccess: (message) => addRoomMessage(client, dealId, message),
  })
}

/** Every change answers with the room or a piece of it: refresh the room from the server after each. */
function useRoomMutation<V, R>(dealId: string, run: (vars: V) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: run,
    onSuccess: (answer) => {
      if (answer && typeof answer === 'object' && 'publicId' in answer) client.setQueryData(salesroomKeys.room(dealId), answer)
      return client.invalidateQueries({ queryKey: salesroomKeys.room(dealId) })
    },
  })
}

export const useSaveSalesroom = (dealId: string) =>
  useRoomMutation(dealId, (settings: SalesroomSettings) => api<Salesroom>(base(dealId), { method: 'PUT', body: settings }))
export const useRotateSalesroom = (dealId: string) =>
  useRoomMutation(dealId, () => api<Salesroom>(`${base(dealId)}/rotate`, { method: 'POST' }))
export const useAddLink = (dealId: string) =>
  useRoomMutation(dealId, (link: LinkFields) => api(`${base(dealId)}/links`, { method: 'POST', body: link }))
export const useUpdateLink = (dealId: string) =>
  useRoomMutation(dealId, ({ id, ...link }: LinkFields & { id: string }) =>
    api(`${base(dealId)}/links/${encodeURIComponent(id)}`, { method: 'PATCH', body: link }),
  )
export const useRemoveLink = (dealId: string) =>
  useRoomMutation(dealId, (id: string) => api(`${base(dealId)}/links/${encodeURIComponent(id)}`, { method: 'DELETE' }))
export const useAddStep = (dealId: string) =>
  useRoomMutation(dealId, (step: StepFields) => api<ActionStep>(`${base(dealId)}/steps`, { method: 'POST', body: step }))
export const useUpdateStep = (dealId: string) =>
  useRoomMutation(dealId, ({ id, ...step }: Partial<StepFields> & { id: string }) =>
    api<ActionStep>(`${base(dealId)}/steps/${encodeURIComponent(id)}`, { method: 'PATCH', body: step }),
  )
export const useRemoveStep = (dealId: string) =>
  useRoomMutation(dealId, (id: string) => api(`${base(dealId)}/steps/${encodeURIComponent(id)}`, { method: 'DELETE' }))
