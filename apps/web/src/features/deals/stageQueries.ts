import type { PipelineStage } from '@closeroom/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client, unwrap } from '../../lib/api'
import { dealKeys, stageKeys, stagesQuery } from './queries'

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
      mutationFn: (body: { name: string; kind: PipelineStage['kind'] }) => unwrap(client.POST('/pipeline-stages', { body })),
      onSettled: settle,
    }),
    update: useMutation({
      mutationFn: ({ id, ...body }: StageChange & { id: string }) =>
        unwrap(client.PATCH('/pipeline-stages/{id}', { params: { path: { id } }, body })),
      onSettled: settle,
    }),
    reorder: useMutation({
      mutationFn: (ids: string[]) => unwrap(client.PUT('/pipeline-stages/order', { body: { ids } })),
      // The new order shows at once; a refusal brings the server's back.
      onMutate: (ids) => {
        const { queryKey } = stagesQuery()
        const previous = queryClient.getQueryData(queryKey)
        if (previous)
          queryClient.setQueryData(
            queryKey,
            ids.flatMap((id, position) => previous.filter((s) => s.id === id).map((stage) => ({ ...stage, position }))),
          )
        return { previous }
      },
      onError: (_error, _ids, context) => {
        if (context?.previous) queryClient.setQueryData(stagesQuery().queryKey, context.previous)
      },
      onSettled: settle,
    }),
    remove: useMutation({
      mutationFn: ({ id, moveTo }: { id: string; moveTo?: string }) =>
        unwrap(client.DELETE('/pipeline-stages/{id}', { params: { path: { id }, query: { moveTo: moveTo || undefined } } })),
      onSettled: settle,
    }),
  }
}
