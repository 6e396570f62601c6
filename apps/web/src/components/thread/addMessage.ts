import type { Message } from '@closeroom/shared'
import type { DataTag, QueryKey, useQueryClient } from '@tanstack/react-query'
import { type ThreadPages, upsertMessage } from './pages'

/** The key of a cached thread, from its query's options (`dealMessagesQuery(id).queryKey`): it holds pages of messages. */
export type ThreadKey = DataTag<QueryKey, ThreadPages<Message>, Error>

/** Adds or replaces a message in a cached thread, on whichever page holds it. */
export function addMessage(queryClient: ReturnType<typeof useQueryClient>, key: ThreadKey, message: Message) {
  queryClient.setQueryData(key, (data) => upsertMessage(data, message))
}
