import type { CreateRecordingComment, Recording, UpdateRecording } from '@closeroom/shared'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { API_URL, client, unwrap } from '../../lib/api'

export const recordingKeys = {
  all: ['recordings'] as const,
  list: () => [...recordingKeys.all, 'list'] as const,
  detail: (id: string) => [...recordingKeys.all, 'detail', id] as const,
  comments: (id: string) => [...recordingKeys.all, 'comments', id] as const,
}

/** While a recording runs or is being assembled, its page and the list look again every few seconds. */
const whileUnfinished = (recordings: Recording[] | undefined) =>
  recordings?.some((r) => r.status === 'recording' || r.status === 'processing') ? 3000 : false

export function useRecordings() {
  return useQuery({
    queryKey: recordingKeys.list(),
    queryFn: async ({ signal }) => (await unwrap(client.GET('/recordings', { signal }))).recordings,
    refetchInterval: (query) => whileUnfinished(query.state.data),
  })
}

/** A recording's own query: its cached answer is written in place when it is shared, so its key carries its type. */
export const recordingQuery = (id: string) =>
  queryOptions({
    queryKey: recordingKeys.detail(id),
    queryFn: ({ signal }) => unwrap(client.GET('/recordings/{id}', { params: { path: { id } }, signal })),
  })

export function useRecording(id: string) {
  return useQuery({
    ...recordingQuery(id),
    retry: false,
    refetchInterval: (query) => whileUnfinished(query.state.data && [query.state.data]),
  })
}

export const recordingFileUrl = (id: string) => `${API_URL}/recordings/${id}/file`

export function useShareRecording(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateRecording) => unwrap(client.PATCH('/recordings/{id}', { params: { path: { id } }, body })),
    onSuccess: (recording) => {
      queryClient.setQueryData(recordingQuery(id).queryKey, recording)
      return queryClient.invalidateQueries({ queryKey: recordingKeys.list() })
    },
  })
}

export function useDeleteRecording(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(client.DELETE('/recordings/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: recordingKeys.detail(id) })
      return queryClient.invalidateQueries({ queryKey: recordingKeys.list() })
    },
  })
}

export function useRecordingComments(id: string, enabled: boolean) {
  return useQuery({
    queryKey: recordingKeys.comments(id),
    queryFn: async ({ signal }) => (await unwrap(client.GET('/recordings/{id}/comments', { params: { path: { id } }, signal }))).comments,
    enabled,
  })
}

export function useAddComment(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateRecordingComment) => unwrap(client.POST('/recordings/{id}/comments', { params: { path: { id } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordingKeys.comments(id) }),
  })
}

export function useDeleteComment(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (commentId: string) =>
      unwrap(client.DELETE('/recordings/{id}/comments/{commentId}', { params: { path: { id, commentId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordingKeys.comments(id) }),
  })
}
