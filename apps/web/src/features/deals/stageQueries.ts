import type { PipelineStage } from '@closeroom/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../lib/api'
import { dealKeys, stageKeys } from './queries'

type StageChange = { name?: string; kind?: PipelineStage['kind'] }

/** Stage changes: each refreshes the stages, the board (its columns) and the deal lists (their stage names). */
export function useStageMutations() {
  const queryClient = useQueryClient()
  const settle = () => {
    void queryClient.invalidateQueries({ queryKey: stageKeys.all })
    void queryClient.invalidateQueries({ queryKey: dealKeys.all })
  }
  return {
    create: useMutation({
      mutationFn: (body: { name: string; kind: PipelineStage['kind'] }) => api<PipelineStage>('/pipeline-stages', { method: 'POST', body }),
      onSettled: settle,
    }),
    update: useMutation({
      mutationFn: ({ id, ...body }: StageChange & { id: string }) =>
        api<PipelineStage>(`/pipeline-stages/${id}`, { method: 'PATCH', body }),
      onSettled: settle,
    }),
    reorder: useMutation({
      mutationFn: (ids: string[]) => api('/pipeline-stages/order', { method: 'PUT', body: { ids } }),
      // The new order shows at once; a refusal brings the server's back.
      onMutate: (ids) => {
        const previous = queryClient.getQueryData<PipelineStage[]>(stageKeys.list())
        if (previous)
          queryClient.setQueryData<PipelineStage[]>(
            stageKeys.list(),
            ids.map((id, position) => ({ ...(previous.find((s) => s.id === id) as PipelineStage), position })),
          )
        return { previous }
      },
      onError: (_error, _ids, context) => {
        if (context?.previous) queryClient.setQueryData(stageKeys.list(), context.previous)
      },
      onSettled: settle,
    }),
    remove: useMutation({
      mutationFn: ({ id, moveTo }: { id: string; moveTo?: string }) =>
        api(`/pipeline-stages/${id}${moveTo ? `?moveTo=${encodeURIComponent(moveTo)}` : ''}`, { method: 'DELETE' }),
      onSettled: settle,
    }),
  }
}
