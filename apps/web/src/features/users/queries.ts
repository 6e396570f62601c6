import type { InviteUser, UpdateUser } from '@closeroom/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client, unwrap } from '../../lib/api'

export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
  detail: (id: string) => [...userKeys.all, 'detail', id] as const,
  attributes: () => [...userKeys.all, 'attributes'] as const,
}

export function useUsers() {
  return useQuery({ queryKey: userKeys.list(), queryFn: async ({ signal }) => (await unwrap(client.GET('/users', { signal }))).users })
}

export function useUser(id: string) {
  return useQuery({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => unwrap(client.GET('/users/{id}', { params: { path: { id } }, signal })),
    retry: false,
  })
}

/** The routing attribute keys the organization's people hold, with their values: suggestions while editing. */
export function useAttributeKeys() {
  return useQuery({
    queryKey: userKeys.attributes(),
    queryFn: async ({ signal }) => (await unwrap(client.GET('/users/attributes', { signal }))).attributes,
  })
}

export function useInviteUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: InviteUser) => unwrap(client.POST('/users', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  })
}

export function useUpdateUser(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateUser) => unwrap(client.PATCH('/users/{id}', { params: { path: { id } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  })
}
