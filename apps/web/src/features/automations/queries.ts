import type { SaveAutomationRule, UpdateAutomationRule } from '@closeroom/shared'
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client, unwrap } from '../../lib/api'

export const automationKeys = {
  all: ['automations'] as const,
  rules: (productId: string) => [...automationKeys.all, 'rules', productId] as const,
  runs: (productId: string) => [...automationKeys.all, 'runs', productId] as const,
}

/** While a run is queued or running, the list is read again this often until it ends; otherwise new runs show within IDLE_POLL_MS. */
const RUN_POLL_MS = 1500
const IDLE_POLL_MS = 10_000

export function useRules(productId: string) {
  return useQuery({
    queryKey: automationKeys.rules(productId),
    queryFn: async ({ signal }) =>
      (await unwrap(client.GET('/products/{id}/automations', { params: { path: { id: productId } }, signal }))).rules,
  })
}

export function useSaveRule(productId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: { id: string; body: UpdateAutomationRule } | { id?: undefined; body: SaveAutomationRule }) =>
      unwrap(
        change.id !== undefined
          ? client.PATCH('/products/{id}/automations/{ruleId}', {
              params: { path: { id: productId, ruleId: change.id } },
              body: change.body,
            })
          : client.POST('/products/{id}/automations', { params: { path: { id: productId } }, body: change.body }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationKeys.rules(productId) }),
  })
}

export function useDeleteRule(productId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ruleId: string) =>
      unwrap(client.DELETE('/products/{id}/automations/{ruleId}', { params: { path: { id: productId, ruleId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationKeys.all }),
  })
}

/** The product's runs, newest first, a page at a time. */
export function useRuns(productId: string) {
  return useInfiniteQuery({
    queryKey: automationKeys.runs(productId),
    queryFn: ({ pageParam, signal }) =>
      unwrap(
        client.GET('/products/{id}/automations/runs', {
          params: { path: { id: productId }, query: { limit: 20, cursor: pageParam || undefined } },
          signal,
        }),
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.runs.some((run) => run.status === 'queued' || run.status === 'running'))
        ? RUN_POLL_MS
        : IDLE_POLL_MS,
  })
}
