import type { ChatThreadKind, CreateChatConversation } from '@closeroom/shared'
import { queryOptions } from '@tanstack/react-query'
import { client, unwrap } from '../../lib/api'
import { upload } from '../../lib/upload'

/** The team chat's calls, typed by the server's OpenAPI document. */
export const chatApi = {
  contacts: async (signal?: AbortSignal) => (await unwrap(client.GET('/chat/contacts', { signal }))).contacts,
  conversations: async (signal?: AbortSignal) => (await unwrap(client.GET('/chat/conversations', { signal }))).conversations,
  conversation: (id: string) => unwrap(client.GET('/chat/conversations/{id}', { params: { path: { id } } })),
  history: (id: string, before?: string) =>
    unwrap(client.GET('/chat/conversations/{id}/messages', { params: { path: { id }, query: { before, limit: 30 } } })),
  create: (body: CreateChatConversation) => unwrap(client.POST('/chat/conversations', { body })),
  send: (id: string, body: string) =>
    unwrap(client.POST('/chat/conversations/{id}/messages', { params: { path: { id } }, body: { body } })),
  attach: (id: string, file: File, body: string, onProgress?: (fraction: number) => void) => {
    const form = new FormData()
    form.append('body', body)
    form.append('file', file)
    return upload('/chat/conversations/{id}/attachments', { id }, form, onProgress)
  },
  read: (id: string) => unwrap(client.POST('/chat/conversations/{id}/read', { params: { path: { id } } })),
  threads: async (signal?: AbortSignal) => (await unwrap(client.GET('/chat/threads', { signal }))).threads,
  readThread: (kind: ChatThreadKind, id: string) =>
    unwrap(client.POST('/chat/threads/{kind}/{id}/read', { params: { path: { kind, id } } })),
  unread: async (signal?: AbortSignal) => (await unwrap(client.GET('/chat/unread', { signal }))).total,
  search: (q: string, signal?: AbortSignal) => unwrap(client.GET('/chat/search', { params: { query: { q } }, signal })),
}

/** The one query key factory of the chat. */
export const chatKeys = {
  all: ['chat'] as const,
  unread: ['chat', 'unread'] as const,
  contacts: ['chat', 'contacts'] as const,
  conversations: ['chat', 'conversations'] as const,
  threads: ['chat', 'threads'] as const,
  search: (q: string) => ['chat', 'search', q] as const,
}

/** The caller's conversations: its key carries its type, since a started conversation is written into it. */
export const conversationsQuery = queryOptions({
  queryKey: chatKeys.conversations,
  queryFn: ({ signal }) => chatApi.conversations(signal),
})
