import type { CreateClient } from '@closeroom/shared'
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { addMessage } from '../../components/thread/addMessage'
import { threadPaging } from '../../components/thread/pages'
import { client, unwrap } from '../../lib/api'

export const clientKeys = {
  all: ['clients'] as const,
  list: (q: string) => [...clientKeys.all, 'list', q] as const,
  detail: (id: string) => [...clientKeys.all, 'detail', id] as const,
  messages: (id: string) => [...clientKeys.all, 'messages', id] as const,
}

// The queries whose cached answer is written in place: their keys carry the answer's type.

export const clientQuery = (id: string) =>
  queryOptions({
    queryKey: clientKeys.detail(id),
    queryFn: ({ signal }) => unwrap(client.GET('/clients/{id}', { params: { path: { id } }, signal })),
  })

/** The client's thread, a page at a time from the latest backwards. */
export const clientMessagesQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: clientKeys.messages(id),
    queryFn: ({ signal, pageParam }) =>
      unwrap(client.GET('/clients/{id}/messages', { params: { path: { id }, query: pageParam ? { before: pageParam } : {} }, signal })),
    ...threadPaging,
  })

export function useClients(q: string, limit = 50) {
  return useQuery({
    queryKey: clientKeys.list(q),
    queryFn: async ({ signal }) =>
      (await unwrap(client.GET('/clients', { params: { query: { q: q || undefined, limit } }, signal }))).clients,
    placeholderData: (previous) => previous,
  })
}

export function useClient(id: string | undefined) {
  return useQuery({ ...clientQuery(id ?? ''), enabled: !!id, retry: false })
}

export function useSaveClient(id: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateClient) =>
      unwrap(id ? client.PATCH('/clients/{id}', { params: { path: { id } }, body }) : client.POST('/clients', { body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(clientQuery(saved.id).queryKey, saved)
      void queryClient.invalidateQueries({ queryKey: [...clientKeys.all, 'list'] })
    },
  })
}

export function useDeleteClient(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(client.DELETE('/clients/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: clientKeys.detail(id) })
      void queryClient.invalidateQueries({ queryKey: [...clientKeys.all, 'list'] })
    },
  })
}

export function useClientMessages(id: string) {
  return useInfiniteQuery(clientMessagesQuery(id))
}

export function usePostClientMessage(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: string) => unwrap(client.POST('/clients/{id}/messages', { params: { path: { id } }, body: { body } })),
    onSuccess: (message) => addMessage(queryClient, clientMessagesQuery(id).queryKey, message),
  })
}

export function useEditClientMessage(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ messageId, body }: { messageId: string; body: string }) =>
      unwrap(client.PATCH('/clients/{id}/messages/{messageId}', { params: { path: { id, messageId } }, body: { body } })),
    onSuccess: (message) => addMessage(queryClient, clientMessagesQuery(id).queryKey, message),
  })
}
