import type { RoutingAnswers, RoutingResponsesQuery } from '@closeroom/shared'
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import { API_URL, client, unwrap } from '../../../lib/api'
import type { Period } from './period'

export type ResponseFilters = Omit<RoutingResponsesQuery, 'page'> & { page: number }

// Under the form's own key, so that whatever refreshes a form refreshes its insights too.
export const insightKeys = {
  all: (id: string) => ['routings', id, 'insights'] as const,
  report: (id: string, period: Period) => [...insightKeys.all(id), 'report', period] as const,
  responses: (id: string, filters: ResponseFilters) => [...insightKeys.all(id), 'responses', filters] as const,
}

export const routingReportQuery = (id: string, period: Period) =>
  queryOptions({
    queryKey: insightKeys.report(id, period),
    queryFn: ({ signal }) => unwrap(client.GET('/routings/{id}/report', { params: { path: { id }, query: period }, signal })),
  })

export const routingResponsesQuery = (id: string, filters: ResponseFilters) =>
  queryOptions({
    queryKey: insightKeys.responses(id, filters),
    queryFn: ({ signal }) => unwrap(client.GET('/routings/{id}/responses', { params: { path: { id }, query: filters }, signal })),
  })

export function useRoutingReport(id: string, period: Period) {
  return useQuery({ ...routingReportQuery(id, period), placeholderData: keepPreviousData })
}

export function useRoutingResponses(id: string, filters: ResponseFilters) {
  return useQuery({ ...routingResponsesQuery(id, filters), placeholderData: keepPreviousData })
}

/** The address of the CSV of the responses `filters` select (every page of them). */
export function responsesCsvUrl(id: string, filters: Omit<ResponseFilters, 'page'>): string {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, String(value))
  const search = query.toString()
  return `${API_URL}/routings/${id}/responses.csv${search ? `?${search}` : ''}`
}

/** Where answers would be routed, stored nowhere. */
export function useRoutingTest(id: string) {
  return useMutation({
    mutationFn: (body: RoutingAnswers) => unwrap(client.POST('/routings/{id}/test', { params: { path: { id } }, body })),
  })
}
