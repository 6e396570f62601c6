import type { Message } from '@closeroom/shared'
import type { DataTag, QueryKey, useQueryClient } from '@tanstack/react-query'

/** The key of a cached thread, from its query's options (`dealMessagesQuery(id).queryKey`): it holds messages. */
export type ThreadKey = DataTag<QueryKey, Message[], Error>

/** Adds or replaces a message in a cached thread: the sender's answer and the socket's echo may both arrive. */
export function addMessage(queryClient: ReturnType<typeof useQueryClient>, key: ThreadKey, message: Message) {
  queryClient.setQueryData(key, (messages) => {
    if (!messages) return messages
    const index = messages.findIndex((m) => m.id === message.id)
    if (index === -1) return [...messages, message]
    return messages.map((m, i) => (i === index ? message : m))
  })
}
