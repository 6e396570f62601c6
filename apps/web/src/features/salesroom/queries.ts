import type { RoomMessage, Salesroom, SalesroomSettings } from '@closeroom/shared'
import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { threadPaging, upsertMessage } from '../../components/thread/pages'
import { ApiError, client, unwrap } from '../../lib/api'

export const salesroomKeys = {
  all: ['salesroom'] as const,
  room: (dealId: string) => [...salesroomKeys.all, 'room', dealId] as const,
  engagement: (dealId: string) => [...salesroomKeys.all, 'engagement', dealId] as const,
  messages: (dealId: string) => [...salesroomKeys.all, 'messages', dealId] as const,
}

const deal = (id: string) => ({ path: { id } })

export type LinkFields = { title: string; url: string }
export type StepFields = { title: string; side: 'seller' | 'buyer'; ownerName: string; dueDate: string | null; done?: boolean }

// The queries whose cached answer is written in place (a save, a message): their keys carry the answer's type.

/** The deal's room; null while the deal has none yet (the first save creates it). */
const salesroomQuery = (dealId: string) =>
  queryOptions({
    queryKey: salesroomKeys.room(dealId),
    queryFn: async ({ signal }) => {
      try {
        return await unwrap(client.GET('/deals/{id}/salesroom', { params: deal(dealId), signal }))
      } catch (error) {
        // The deal's own page says when the deal itself is gone; here a missing room is one not made yet.
        if (error instanceof ApiError && error.code === 'not_found') return null
        throw error
      }
    },
  })

/** The room's chat, a page at a time from the latest backwards. */
const roomMessagesQuery = (dealId: string) =>
  infiniteQueryOptions({
    queryKey: salesroomKeys.messages(dealId),
    queryFn: ({ signal, pageParam }) =>
      unwrap(
        client.GET('/deals/{id}/salesroom/messages', {
          params: { path: { id: dealId }, query: pageParam ? { before: pageParam } : {} },
          signal,
        }),
      ),
    ...threadPaging,
  })

export function useSalesroom(dealId: string) {
  return useQuery({ ...salesroomQuery(dealId), retry: false })
}

export function useEngagement(dealId: string, enabled: boolean) {
  return useQuery({
    queryKey: salesroomKeys.engagement(dealId),
    queryFn: ({ signal }) => unwrap(client.GET('/deals/{id}/salesroom/engagement', { params: deal(dealId), signal })),
    enabled,
    // Buyers come and go while the seller watches.
    refetchInterval: 30_000,
  })
}

export function useRoomMessages(dealId: string, enabled: boolean) {
  return useInfiniteQuery({ ...roomMessagesQuery(dealId), enabled })
}

export function addRoomMessage(client: QueryClient, dealId: string, message: RoomMessage) {
  client.setQueryData(roomMessagesQuery(dealId).queryKey, (data) => upsertMessage(data, message))
}

export function usePostRoomMessage(dealId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: string) => unwrap(client.POST('/deals/{id}/salesroom/messages', { params: deal(dealId), body: { body } })),
    onSuccess: (message) => addRoomMessage(queryClient, dealId, message),
  })
}

/** Every change answers with the room or a piece of it: refresh the room from the server after each. */
function useRoomMutation<V, R>(dealId: string, run: (vars: V) => Promise<R>, onAnswer?: (answer: R) => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: run,
    onSuccess: (answer) => {
      onAnswer?.(answer)
      return queryClient.invalidateQueries({ queryKey: salesroomKeys.room(dealId) })
    },
  })
}

/** Saving the settings or a new address answers with the whole room: it shows at once, before the refresh. */
function useWholeRoomMutation<V>(dealId: string, run: (vars: V) => Promise<Salesroom>) {
  const queryClient = useQueryClient()
  return useRoomMutation(dealId, run, (room) => queryClient.setQueryData(salesroomQuery(dealId).queryKey, room))
}

export const useSaveSalesroom = (dealId: string) =>
  useWholeRoomMutation(dealId, (settings: SalesroomSettings) =>
    unwrap(client.PUT('/deals/{id}/salesroom', { params: deal(dealId), body: settings })),
  )
export const useRotateSalesroom = (dealId: string) =>
  useWholeRoomMutation(dealId, () => unwrap(client.POST('/deals/{id}/salesroom/rotate', { params: deal(dealId) })))
export const useAddLink = (dealId: string) =>
  useRoomMutation(dealId, (link: LinkFields) => unwrap(client.POST('/deals/{id}/salesroom/links', { params: deal(dealId), body: link })))
export const useUpdateLink = (dealId: string) =>
  useRoomMutation(dealId, ({ id, ...link }: LinkFields & { id: string }) =>
    unwrap(client.PATCH('/deals/{id}/salesroom/links/{linkId}', { params: { path: { id: dealId, linkId: id } }, body: link })),
  )
export const useRemoveLink = (dealId: string) =>
  useRoomMutation(dealId, (id: string) =>
    unwrap(client.DELETE('/deals/{id}/salesroom/links/{linkId}', { params: { path: { id: dealId, linkId: id } } })),
  )
export const useAddStep = (dealId: string) =>
  useRoomMutation(dealId, (step: StepFields) => unwrap(client.POST('/deals/{id}/salesroom/steps', { params: deal(dealId), body: step })))
export const useUpdateStep = (dealId: string) =>
  useRoomMutation(dealId, ({ id, ...step }: Partial<StepFields> & { id: string }) =>
    unwrap(client.PATCH('/deals/{id}/salesroom/steps/{stepId}', { params: { path: { id: dealId, stepId: id } }, body: step })),
  )
export const useRemoveStep = (dealId: string) =>
  useRoomMutation(dealId, (id: string) =>
    unwrap(client.DELETE('/deals/{id}/salesroom/steps/{stepId}', { params: { path: { id: dealId, stepId: id } } })),
  )
