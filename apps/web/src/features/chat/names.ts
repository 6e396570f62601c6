import type { ChatConversation, ChatMessage } from '@closeroom/shared'
import type { TFunction } from '../../locales/i18n'

/** The other person of a direct conversation. */
export const otherPerson = (conversation: ChatConversation, me: string | undefined) =>
  conversation.participants.find((p) => p.id !== me) ?? conversation.participants[0]

/** A group's name, or its people's names; a direct conversation is the other person's name. */
export function conversationTitle(conversation: ChatConversation, me: string | undefined): string {
  if (conversation.name) return conversation.name
  const others = conversation.participants.filter((p) => p.id !== me)
  return (others.length ? others : conversation.participants).map((p) => p.name).join(', ')
}

/** A message on one line, for the list: who wrote it in a group, then its words or its file's name. */
export function messagePreview(message: ChatMessage, conversation: ChatConversation, me: string | undefined, t: TFunction): string {
  const text = message.body || message.attachments.map((a) => a.name).join(', ')
  const line = text.replace(/\s+/g, ' ').trim()
  if (message.senderId === me) return `${t('chat.you')}: ${line}`
  if (conversation.kind === 'group') {
    const sender = conversation.participants.find((p) => p.id === message.senderId)
    if (sender) return `${sender.name}: ${line}`
  }
  return line
}
