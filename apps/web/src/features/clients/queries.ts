import type { Client, CreateClient, Message } from '@closeroom/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../lib/api'
import { addMessage } from '../deals/queries'

export const clientKeys = {
  all: ['clients'] as const,
  list: (q: string) => [...clientKeys.all, 'list', q] as const,
  detail: (id: string) => [...clientKeys.all, 'detail', id] as const,
  messages: (id: string) => [...clientKeys.all, 'messages', id] as const,
}

export function useClients(q: string, limit = 50) {
  return useQuery({
    queryKey: clientKeys.list(q),
    queryFn: async ({ signal }) =>
      (await api<{ clients: Client[] }>(`/clients?${new URLSearchParams({ ...(q ? { q } : {}), limit: String(limit) })}`, { signal }))
        .clients,
    placeholderData: (previous) => previous,
  })
}

export function useClient(id: string | undefined) {
  return useQuery({ queryKey: clientKeys.detail(id ?? ''), queryFn: () => api<Client>(`/clients/${id}`), enabled: !!id, retry: false })
}

export function useSaveClient(id: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateClient) =>
      id ? api<Client>(`/clients/${id}`, { method: 'PATCH', body }) : api<Client>('/clients', { method: 'POST', body }),
    onSuccess: (client) => {
      queryClient.setQueryData(clientKeys.detail(client.id), client)
      void queryClient.invalidateQueries({ queryKey: [...clientKeys.all, 'list'] })
    },
  })
}

export function useDeleteClient(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api(`/clients/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: clientKeys.detail(id) })
      void queryClient.invalidateQueries({ queryKey: [...clientKeys.all, 'list'] })
    },
  })
}

export function useClientMessages(id: string) {
  return useQuery({
    queryKey: clientKeys.messages(id),
    queryFn: async () => (await api<{ messages: Message[] }>(`/clients/${id}/messages`)).messages,
  })
}

export function usePostClientMessage(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: string) => api<Message>(`/clients/${id}/messages`, { method: 'POST', body: { body } }),
    onSuccess: (message) => addMessage(queryClient, clientKeys.messages(id), message),
  })
}

export function useEditClientMessage(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ messageId, body }: { messageId: string; body: string }) =>
      api<Message>(`/clients/${id}/messages/${messageId}`, { method: 'PATCH', body: { body } }),
    onSuccess: (message) => addMessage(queryClient, clientKeys.messages(id), message),
  })
}
