import type { CreateApiKey } from '@closeroom/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client, unwrap } from '../../lib/api'

const keys = { all: ['auth', 'api-keys'] as const }

/** The member's working keys, newest first. */
export function useApiKeys() {
  return useQuery({
    queryKey: keys.all,
    queryFn: async ({ signal }) => (await unwrap(client.GET('/auth/api-keys', { signal }))).keys,
  })
}

/** Answers the key itself, the only time it is shown. */
export function useCreateApiKey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateApiKey) => unwrap(client.POST('/auth/api-keys', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  })
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => unwrap(client.DELETE('/auth/api-keys/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  })
}
