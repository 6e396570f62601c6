import type {
  Board,
  CreateDeal,
  Deal,
  DealActivity,
  DealList,
  DealListQuery,
  DealSummary,
  Message,
  MoveDeal,
  PipelineStage,
  UpdateDeal,
} from '@closeroom/shared'
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { api } from '../../lib/api'

export type DealFilters = Omit<DealListQuery, 'limit' | 'cursor'>
type DealPage = z.infer<typeof DealList>

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

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value))
  const text = search.toString()
  return text ? `?${text}` : ''
}

export function useStages() {
  return useQuery({
    queryKey: stageKeys.list(),
    queryFn: async () => (await api<{ stages: PipelineStage[] }>('/pipeline-stages')).stages,
  })
}

export function useDeals(filters: DealFilters) {
  return useInfiniteQuery({
    queryKey: dealKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      api<DealPage>(`/deals${query({ ...filters, limit: PAGE_SIZE, cursor: pageParam ?? undefined })}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  })
}

export type DealPages = InfiniteData<DealPage, string | null>

export function useDeal(id: string | undefined) {
  return useQuery({ queryKey: dealKeys.detail(id ?? ''), queryFn: () => api<Deal>(`/deals/${id}`), enabled: !!id, retry: false })
}

export function useDealActivities(id: string) {
  return useQuery({
    queryKey: dealKeys.activities(id),
    queryFn: async () => (await api<{ activities: DealActivity[] }>(`/deals/${id}/activities`)).activities,
  })
}

export function useSaveDeal(id: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateDeal | UpdateDeal) =>
      id ? api<Deal>(`/deals/${id}`, { method: 'PATCH', body }) : api<Deal>('/deals', { method: 'POST', body }),
    onSuccess: (deal) => {
      queryClient.setQueryData(dealKeys.detail(deal.id), deal)
      void queryClient.invalidateQueries({ queryKey: dealKeys.all, predicate: (q) => q.queryKey[2] !== deal.id })
    },
  })
}

export function useDeleteDeal(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api(`/deals/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: dealKeys.detail(id) })
      void queryClient.invalidateQueries({ queryKey: dealKeys.lists() })
      void queryClient.invalidateQueries({ queryKey: dealKeys.board() })
    },
  })
}

export function useBoard() {
  return useQuery({ queryKey: dealKeys.board(), queryFn: () => api<Board>('/deals/board') })
}

export function moveDeal(id: string, body: MoveDeal) {
  return api<DealSummary>(`/deals/${id}/move`, { method: 'POST', body })
}

export function useDealMessages(id: string) {
  return useQuery({
    queryKey: dealKeys.messages(id),
    queryFn: async () => (await api<{ messages: Message[] }>(`/deals/${id}/messages`)).messages,
  })
}

export function usePostDealMessage(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: string) => api<Message>(`/deals/${id}/messages`, { method: 'POST', body: { body } }),
    onSuccess: (message) => {
      addMessage(queryClient, dealKeys.messages(id), message)
      void queryClient.invalidateQueries({ queryKey: dealKeys.activities(id) })
    },
  })
}

/** Adds or replaces a message in a cached thread: the sender's answer and the socket's echo may both arrive. */
export function addMessage(queryClient: ReturnType<typeof useQueryClient>, key: readonly unknown[], message: Message) {
  queryClient.setQueryData<Message[]>(key, (messages) => {
    if (!messages) return messages
    const index = messages.findIndex((m) => m.id === message.id)
    if (index === -1) return [...messages, message]
    return messages.map((m, i) => (i === index ? message : m))
  })
}
