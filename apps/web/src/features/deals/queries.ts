import type { CreateDeal, DealListQuery, MoveDeal } from '@closeroom/shared'
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { addMessage } from '../../components/thread/addMessage'
import { threadPaging } from '../../components/thread/pages'
import { client, unwrap } from '../../lib/api'

export type DealFilters = Omit<DealListQuery, 'limit' | 'cursor'>

export const dealKeys = {
  all: ['deals'] as const,
  lists: () => [...dealKeys.all, 'list'] as const,
  list: (filters: DealFilters) => [...dealKeys.lists(), filters] as const,
  board: () => [...dealKeys.all, 'board'] as const,
  detail: (id: string) => [...dealKeys.all, 'detail', id] as const,
  activities: (id: string) => [...dealKeys.all, 'activities', id] as const,
  messages: (id: string) => [...dealKeys.all, 'messages', id] as const,
}

export const stageKeys = {
  all: ['pipeline-stages'] as const,
  list: () => [...stageKeys.all, 'list'] as const,
}

const PAGE_SIZE = 25

// The queries whose cached answer is read or written in place: their keys carry the answer's type, so
// queryClient.getQueryData(boardQuery().queryKey) knows it holds a board.

export const stagesQuery = () =>
  queryOptions({
    queryKey: stageKeys.list(),
    queryFn: async ({ signal }) => (await unwrap(client.GET('/pipeline-stages', { signal }))).stages,
  })

export const dealQuery = (id: string) =>
  queryOptions({
    queryKey: dealKeys.detail(id),
    queryFn: ({ signal }) => unwrap(client.GET('/deals/{id}', { params: { path: { id } }, signal })),
  })

export const boardQuery = () =>
  queryOptions({ queryKey: dealKeys.board(), queryFn: ({ signal }) => unwrap(client.GET('/deals/board', { signal })) })

/** The deal's chat, a page at a time from the latest backwards. */
export const dealMessagesQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: dealKeys.messages(id),
    queryFn: ({ signal, pageParam }) =>
      unwrap(client.GET('/deals/{id}/messages', { params: { path: { id }, query: pageParam ? { before: pageParam } : {} }, signal })),
    ...threadPaging,
  })

export function useStages() {
  return useQuery(stagesQuery())
}

export function useDeals(filters: DealFilters) {
  return useInfiniteQuery({
    queryKey: dealKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      unwrap(client.GET('/deals', { params: { query: { ...filters, limit: PAGE_SIZE, cursor: pageParam ?? undefined } }, signal })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  })
}

export function useDeal(id: string | undefined) {
  return useQuery({ ...dealQuery(id ?? ''), enabled: !!id, retry: false })
}

export function useDealActivities(id: string) {
  return useQuery({
    queryKey: dealKeys.activities(id),
    queryFn: async ({ signal }) => (await unwrap(client.GET('/deals/{id}/activities', { params: { path: { id } }, signal }))).activities,
  })
}

export function useSaveDeal(id: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateDeal) =>
      unwrap(id ? client.PATCH('/deals/{id}', { params: { path: { id } }, body }) : client.POST('/deals', { body })),
    onSuccess: (deal) => {
      queryClient.setQueryData(dealQuery(deal.id).queryKey, deal)
      void queryClient.invalidateQueries({ queryKey: dealKeys.all, predicate: (q) => q.queryKey[2] !== deal.id })
    },
  })
}

export function useDeleteDeal(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(client.DELETE('/deals/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: dealKeys.detail(id) })
      void queryClient.invalidateQueries({ queryKey: dealKeys.lists() })
      void queryClient.invalidateQueries({ queryKey: dealKeys.board() })
    },
  })
}

export function useBoard() {
  return useQuery(boardQuery())
}

export function moveDeal(id: string, body: MoveDeal) {
  return unwrap(client.POST('/deals/{id}/move', { params: { path: { id } }, body }))
}

export function useDealMessages(id: string) {
  return useInfiniteQuery(dealMessagesQuery(id))
}

export function usePostDealMessage(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: string) => unwrap(client.POST('/deals/{id}/messages', { params: { path: { id } }, body: { body } })),
    onSuccess: (message) => {
      addMessage(queryClient, dealMessagesQuery(id).queryKey, message)
      void queryClient.invalidateQueries({ queryKey: dealKeys.activities(id) })
    },
  })
}
