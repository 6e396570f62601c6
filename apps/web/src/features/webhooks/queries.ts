import type { CreateWebhookEndpoint, UpdateWebhookEndpoint } from '@closeroom/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client, unwrap } from '../../lib/api'

export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: ['webhooks', 'endpoints'] as const,
  deliveries: (endpointId: string) => ['webhooks', 'deliveries', endpointId] as const,
}

/** While a delivery waits for its next attempt, the log is read again this often; otherwise every IDLE_POLL_MS. */
const PENDING_POLL_MS = 1000
const IDLE_POLL_MS = 15_000

export function useEndpoints() {
  return useQuery({
    queryKey: webhookKeys.endpoints,
    queryFn: async ({ signal }) => (await unwrap(client.GET('/webhooks/endpoints', { signal }))).endpoints,
  })
}

export function useDeliveries(endpointId: string) {
  return useQuery({
    queryKey: webhookKeys.deliveries(endpointId),
    queryFn: async ({ signal }) =>
      (await unwrap(client.GET('/webhooks/endpoints/{id}/deliveries', { params: { path: { id: endpointId } }, signal }))).deliveries,
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'pending') ? PENDING_POLL_MS : IDLE_POLL_MS),
  })
}

export function useCreateEndpoint() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateWebhookEndpoint) => unwrap(client.POST('/webhooks/endpoints', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints }),
  })
}

export function useUpdateEndpoint() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateWebhookEndpoint }) =>
      unwrap(client.PATCH('/webhooks/endpoints/{id}', { params: { path: { id } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints }),
  })
}

export function useDeleteEndpoint() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => unwrap(client.DELETE('/webhooks/endpoints/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints }),
  })
}

export function useRollSecret() {
  return useMutation({
    mutationFn: (id: string) => unwrap(client.POST('/webhooks/endpoints/{id}/roll-secret', { params: { path: { id } } })),
  })
}

export function useSendTest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => unwrap(client.POST('/webhooks/endpoints/{id}/test', { params: { path: { id } } })),
    onSuccess: (_, id) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  })
}

export function useRedeliver(endpointId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (deliveryId: string) =>
      unwrap(
        client.POST('/webhooks/endpoints/{id}/deliveries/{deliveryId}/redeliver', {
          params: { path: { id: endpointId, deliveryId } },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointId) }),
  })
}
