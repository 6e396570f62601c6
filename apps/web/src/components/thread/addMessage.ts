import type { Message } from '@closeroom/shared'
import type { useQueryClient } from '@tanstack/react-query'

/** Adds or replaces a message in a cached thread: the sender's answer and the socket's echo may both arrive. */
export function addMessage(queryClient: ReturnType<typeof useQueryClient>, key: readonly unknown[], message: Message) {
  queryClient.setQueryData<Message[]>(key, (messages) => {
    if (!messages) return messages
    const index = messages.findIndex((m) => m.id === message.id)
    if (index === -1) return [...messages, message]
    return messages.map((m, i) => (i === index ? message : m))
  })
}
