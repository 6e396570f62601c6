import type { CreateTeam, Team, UpdateTeam } from '@closeroom/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../lib/api'

export const teamKeys = {
  all: ['teams'] as const,
  list: () => [...teamKeys.all, 'list'] as const,
  detail: (id: string) => [...teamKeys.all, 'detail', id] as const,
}

export function useTeams() {
  return useQuery({ queryKey: teamKeys.list(), queryFn: async () => (await api<{ teams: Team[] }>('/teams')).teams })
}

export function useTeam(id: string | undefined) {
  return useQuery({ queryKey: teamKeys.detail(id ?? ''), queryFn: () => api<Team>(`/teams/${id}`), enabled: !!id, retry: false })
}

export function useSaveTeam(id: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateTeam | UpdateTeam) =>
      id ? api<Team>(`/teams/${id}`, { method: 'PATCH', body }) : api<Team>('/teams', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  })
}

export function useDeleteTeam(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api(`/teams/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  })
}
