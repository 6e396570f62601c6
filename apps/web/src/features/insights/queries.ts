import type { CreateQuota, SaveCurrencySettings, UpdateQuota } from '@closeroom/shared'
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client, unwrap } from '../../lib/api'

/** What a period dashboard asks for: the days in the viewer's zone, and whose figures (admins only). */
export type DashboardQuery = { from: string; to: string; tz: string; ownerId?: string; teamId?: string }

export const insightsKeys = {
  all: ['insights'] as const,
  home: (tz: string) => [...insightsKeys.all, 'home', tz] as const,
  dashboard: (name: 'pipeline' | 'bookings' | 'products' | 'revenue', query: DashboardQuery) => [...insightsKeys.all, name, query] as const,
  records: (key: string) => [...insightsKeys.all, 'records', key] as const,
  quotas: (range: { from?: string; to?: string }) => [...insightsKeys.all, 'quotas', range] as const,
  currency: () => [...insightsKeys.all, 'currency'] as const,
}

export function useHomeInsights(tz: string) {
  return useQuery({
    queryKey: insightsKeys.home(tz),
    queryFn: ({ signal }) => unwrap(client.GET('/insights/home', { params: { query: { tz } }, signal })),
  })
}

// Another period or scope keeps the last figures on screen until the new ones arrive (no flash of skeletons).
export function usePipelineInsights(query: DashboardQuery) {
  return useQuery({
    queryKey: insightsKeys.dashboard('pipeline', query),
    queryFn: ({ signal }) => unwrap(client.GET('/insights/pipeline', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  })
}

export function useBookingInsights(query: DashboardQuery) {
  return useQuery({
    queryKey: insightsKeys.dashboard('bookings', query),
    queryFn: ({ signal }) => unwrap(client.GET('/insights/bookings', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  })
}

export function useProductInsights(query: DashboardQuery) {
  return useQuery({
    queryKey: insightsKeys.dashboard('products', query),
    queryFn: ({ signal }) => unwrap(client.GET('/insights/products', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  })
}

export function useRevenueInsights(query: DashboardQuery) {
  return useQuery({
    queryKey: insightsKeys.dashboard('revenue', query),
    queryFn: ({ signal }) => unwrap(client.GET('/insights/revenue', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  })
}

/** The records behind one figure, a page at a time. */
export function useInsightRecords(key: string | null) {
  return useInfiniteQuery({
    queryKey: insightsKeys.records(key ?? ''),
    enabled: !!key,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      unwrap(client.GET('/insights/records', { params: { query: { key: key ?? '', limit: 25, cursor: pageParam } }, signal })),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })
}

export function useQuotas(range: { from?: string; to?: string }) {
  return useQuery({
    queryKey: insightsKeys.quotas(range),
    queryFn: ({ signal }) => unwrap(client.GET('/insights/quotas', { params: { query: range }, signal })),
  })
}

export function useQuotaMutations() {
  const queryClient = useQueryClient()
  // Quotas show on the revenue dashboard too: everything under insights is refetched.
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: insightsKeys.all })
  return {
    create: useMutation({ mutationFn: (body: CreateQuota) => unwrap(client.POST('/insights/quotas', { body })), onSuccess }),
    update: useMutation({
      mutationFn: ({ id, ...body }: UpdateQuota & { id: string }) =>
        unwrap(client.PATCH('/insights/quotas/{id}', { params: { path: { id } }, body })),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => unwrap(client.DELETE('/insights/quotas/{id}', { params: { path: { id } } })),
      onSuccess,
    }),
  }
}

export function useCurrencySettings() {
  return useQuery({
    queryKey: insightsKeys.currency(),
    queryFn: ({ signal }) => unwrap(client.GET('/insights/currency', { signal })),
  })
}

export function useSaveCurrencySettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: SaveCurrencySettings) => unwrap(client.PUT('/insights/currency', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: insightsKeys.all }),
  })
}
