import type { CreateTeam } from '@closeroom/shared'
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client, unwrap } from '../../lib/api'

export const teamKeys = {
  all: ['teams'] as const,
  list: () => [...teamKeys.all, 'list'] as const,
  detail: (id: string) => [...teamKeys.all, 'detail', id] as const,
}

export function useTeams() {
  return useQuery({ queryKey: teamKeys.list(), queryFn: async ({ signal }) => (await unwrap(client.GET('/teams', { signal }))).teams })
}

export function useTeam(id: string | undefined) {
  return useQuery({
    queryKey: teamKeys.detail(id ?? ''),
    queryFn: id ? ({ signal }) => unwrap(client.GET('/teams/{id}', { params: { path: { id } }, signal })) : skipToken,
    retry: false,
  })
}

/** Creates the team, or saves its name and members when it has an id. */
export function useSaveTeam(id: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateTeam) =>
      unwrap(id ? client.PATCH('/teams/{id}', { params: { path: { id } }, body }) : client.POST('/teams', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  })
}

export function useDeleteTeam(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(client.DELETE('/teams/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  })
}
