import type { ChangePassword, Organization, UpdateOrganization } from '@closeroom/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../lib/api'

export type SessionInfo = { id: string; createdAt: string; lastSeenAt: string; userAgent: string | null; current: boolean }

const keys = { organization: ['organization'] as const, sessions: ['auth', 'sessions'] as const }

export function useOrganization() {
  return useQuery({ queryKey: keys.organization, queryFn: () => api<Organization>('/organization') })
}

export function useUpdateOrganization() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateOrganization) => api<Organization>('/organization', { method: 'PATCH', body }),
    onSuccess: (organization) => queryClient.setQueryData(keys.organization, organization),
  })
}

export function useChangePassword() {
  return useMutation({ mutationFn: (body: ChangePassword) => api('/user/password', { method: 'POST', body }) })
}

export function useSessions() {
  return useQuery({ queryKey: keys.sessions, queryFn: async () => (await api<{ sessions: SessionInfo[] }>('/auth/sessions')).sessions })
}

export function useEndSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api(`/auth/sessions/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.sessions }),
  })
}
