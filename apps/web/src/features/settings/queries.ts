import type { ChangePassword, UpdateOrganization } from '@closeroom/shared'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client, unwrap } from '../../lib/api'

const keys = {
  organization: ['organization'] as const,
  sessions: ['auth', 'sessions'] as const,
  identities: ['auth', 'identities'] as const,
}

/** Its cached answer is written in place when saved: the key carries its type. */
const organizationQuery = queryOptions({
  queryKey: keys.organization,
  queryFn: ({ signal }) => unwrap(client.GET('/organization', { signal })),
})

export function useOrganization() {
  return useQuery(organizationQuery)
}

export function useUpdateOrganization() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateOrganization) => unwrap(client.PATCH('/organization', { body })),
    onSuccess: (organization) => queryClient.setQueryData(organizationQuery.queryKey, organization),
  })
}

export function useChangePassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ChangePassword) => unwrap(client.POST('/user/password', { body })),
    // A first password is a way in: the last linked account may be unlinked now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.identities }),
  })
}

/** The member's accounts at providers that sign them in. */
export function useIdentities() {
  return useQuery({ queryKey: keys.identities, queryFn: ({ signal }) => unwrap(client.GET('/auth/identities', { signal })) })
}

export function useUnlinkIdentity() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => unwrap(client.DELETE('/auth/identities/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.identities }),
  })
}

export function useSessions() {
  return useQuery({
    queryKey: keys.sessions,
    queryFn: async ({ signal }) => (await unwrap(client.GET('/auth/sessions', { signal }))).sessions,
  })
}

export function useEndSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => unwrap(client.DELETE('/auth/sessions/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.sessions }),
  })
}

/** Signs out of every device, this one included. */
export const endAllSessions = () => unwrap(client.DELETE('/auth/sessions'))
