import type { AutomationRule, AutomationRunList, SaveAutomationRule, UpdateAutomationRule } from '@closeroom/shared'
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../lib/api'

export const automationKeys = {
  all: ['automations'] as const,
  rules: (productId: string) => [...automationKeys.all, 'rules', productId] as const,
  runs: (productId: string) => [...automationKeys.all, 'runs', productId] as const,
}

const base = (productId: string) => `/products/${productId}/automations`
/** While a run is queued or running, the list is read again this often until it ends; otherwise new runs show within IDLE_POLL_MS. */
const RUN_POLL_MS = 1500
const IDLE_POLL_MS = 10_000

export function useRules(productId: string) {
  return useQuery({
    queryKey: automationKeys.rules(productId),
    queryFn: async () => (await api<{ rules: AutomationRule[] }>(base(productId))).rules,
  })
}

export function useSaveRule(productId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: SaveAutomationRule | UpdateAutomationRule }) =>
      id
        ? api<AutomationRule>(`${base(productId)}/${id}`, { method: 'PATCH', body })
        : api<AutomationRule>(base(productId), { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationKeys.rules(productId) }),
  })
}

export function useDeleteRule(productId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api(`${base(productId)}/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationKeys.all }),
  })
}

/** The product's runs, newest first, a page at a time. */
export function useRuns(productId: string) {
  return useInfiniteQuery({
    queryKey: automationKeys.runs(productId),
    queryFn: ({ pageParam }) =>
      api<AutomationRunList>(`${base(productId)}/runs?limit=20${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.runs.some((run) => run.status === 'queued' || run.status === 'running'))
        ? RUN_POLL_MS
        : IDLE_POLL_MS,
  })
}
