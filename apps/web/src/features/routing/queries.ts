import type { CreateRoutingForm } from '@closeroom/shared'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client, unwrap } from '../../lib/api'
import type { paths } from '../../lib/api-schema'

/** A form as the API gives it, with its questions and its outcomes in order, the fallback last. */
export type Routing = Awaited<ReturnType<NonNullable<ReturnType<typeof routingQuery>['queryFn']>>>
export type Outcome = Routing['outcomes'][number]
type OutcomeBody = paths['/routings/{id}/outcomes']['post']['requestBody']['content']['application/json']
type OutcomeChange = paths['/routings/{id}/outcomes/{outcomeId}']['patch']['requestBody']['content']['application/json']

export const routingKeys = {
  all: ['routings'] as const,
  list: () => [...routingKeys.all, 'list'] as const,
  detail: (id: string) => [...routingKeys.all, 'detail', id] as const,
}

/** Where buyers answer a form: the editor may be on another address than the server's (a LAN name). */
export const publicUrlOf = (slug: string) => `${window.location.origin}/f/${slug}`

export const routingsQuery = () =>
  queryOptions({
    queryKey: routingKeys.list(),
    queryFn: async ({ signal }) => (await unwrap(client.GET('/routings', { signal }))).routings,
  })

/** A form with its fields and ordered outcomes: written in place when it is saved or its outcomes reordered. */
export const routingQuery = (id: string) =>
  queryOptions({
    queryKey: routingKeys.detail(id),
    queryFn: ({ signal }) => unwrap(client.GET('/routings/{id}', { params: { path: { id } }, signal })),
  })

export function useRoutings() {
  return useQuery(routingsQuery())
}

export function useRouting(id: string | undefined) {
  return useQuery({ ...routingQuery(id ?? ''), enabled: !!id, retry: false })
}

export function useSaveRouting(id: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    // A whole form, new or changed: every key of a new one is also a valid change.
    mutationFn: (body: CreateRoutingForm) =>
      unwrap(id ? client.PATCH('/routings/{id}', { params: { path: { id } }, body }) : client.POST('/routings', { body })),
    onSuccess: (form) => {
      queryClient.setQueryData(routingQuery(form.id).queryKey, form)
      void queryClient.invalidateQueries({ queryKey: routingKeys.list() })
    },
  })
}

export function useDeleteRouting() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => unwrap(client.DELETE('/routings/{id}', { params: { path: { id } } })),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: routingKeys.detail(id) })
      void queryClient.invalidateQueries({ queryKey: routingKeys.list() })
    },
  })
}

/** Saves an outcome, a new one without `outcomeId`; the form is read again, its outcomes in their order. */
export function useSaveOutcome(routingId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: { outcomeId: string; body: OutcomeChange } | { outcomeId?: undefined; body: OutcomeBody }) =>
      unwrap(
        change.outcomeId !== undefined
          ? client.PATCH('/routings/{id}/outcomes/{outcomeId}', {
              params: { path: { id: routingId, outcomeId: change.outcomeId } },
              body: change.body,
            })
          : client.POST('/routings/{id}/outcomes', { params: { path: { id: routingId } }, body: change.body }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: routingKeys.all }),
  })
}

export function useDeleteOutcome(routingId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (outcomeId: string) =>
      unwrap(client.DELETE('/routings/{id}/outcomes/{outcomeId}', { params: { path: { id: routingId, outcomeId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: routingKeys.all }),
  })
}

/** Puts the outcomes (all but the fallback) in a new order: shown at once, put back if the server refuses. */
export function useReorderOutcomes(routingId: string) {
  const queryClient = useQueryClient()
  const { queryKey } = routingQuery(routingId)
  return useMutation({
    mutationFn: (outcomeIds: string[]) =>
      unwrap(client.PUT('/routings/{id}/outcomes/order', { params: { path: { id: routingId } }, body: { outcomeIds } })),
    onMutate: async (outcomeIds) => {
      await queryClient.cancelQueries({ queryKey })
      const previous = queryClient.getQueryData(queryKey)
      queryClient.setQueryData(queryKey, (form) => form && { ...form, outcomes: inOrder(form.outcomes, outcomeIds) })
      return { previous }
    },
    onError: (_error, _ids, context) => queryClient.setQueryData(queryKey, context?.previous),
    onSettled: () => queryClient.invalidateQueries({ queryKey: routingKeys.all }),
  })
}

/** The outcomes in the order of `ids`, the fallback last. */
export function inOrder<T extends { id: string; fallback: boolean }>(outcomes: T[], ids: string[]): T[] {
  const ordered = ids.flatMap((id) => outcomes.filter((o) => o.id === id && !o.fallback))
  return [...ordered, ...outcomes.filter((o) => o.fallback)]
}
