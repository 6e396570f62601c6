import type { ChatConversation, ChatMessage, Person } from '@closeroom/shared'

// The chat's state as the spec names it: contacts and conversations keyed by id with id lists, the active
// conversation, its participants and the recipients of a conversation being started. The server's answers
// and the socket's events come in as actions; the three rules of the spec are `read`, `sent`/`received`
// and `reset`.

/** A conversation as the spec has it (id, messages, unreadCount), with what the list and the header show. */
export type Conversation = ChatConversation & {
  messages: ChatMessage[]
  /** The cursor for older history (null: none left); undefined until the history is loaded. */
  before?: string | null
}

type Keyed<T> = { byId: Record<string, T>; allIds: string[] }

export type ChatState = {
  isLoading: boolean
  error: unknown
  contacts: Keyed<Person>
  conversations: Keyed<Conversation>
  activeConversationId: string | null
  participants: ChatConversation['participants']
  recipients: Person[]
}

export type ChatAction =
  | { type: 'failed'; error: unknown }
  | { type: 'contacts'; contacts: Person[] }
  | { type: 'conversations'; conversations: ChatConversation[] }
  | { type: 'conversation'; conversation: ChatConversation }
  | { type: 'history'; conversationId: string; messages: ChatMessage[]; before: string | null; older: boolean }
  | { type: 'activate'; conversationId: string }
  | { type: 'read'; conversationId: string }
  | { type: 'sent'; message: ChatMessage }
  | { type: 'received'; message: ChatMessage; me: string | undefined }
  | { type: 'readReceipt'; conversationId: string; userId: string; lastReadAt: string }
  | { type: 'recipients'; recipients: Person[] }
  | { type: 'reset' }

export const initialChatState: ChatState = {
  isLoading: true,
  error: null,
  contacts: { byId: {}, allIds: [] },
  conversations: { byId: {}, allIds: [] },
  activeConversationId: null,
  participants: [],
  recipients: [],
}

const keyed = <T extends { id: string }>(items: T[]): Keyed<T> => ({
  byId: Object.fromEntries(items.map((item) => [item.id, item])),
  allIds: items.map((item) => item.id),
})

function withConversation(state: ChatState, conversation: Conversation, { toTop = false } = {}): ChatState {
  const { byId, allIds } = state.conversations
  const rest = allIds.filter((id) => id !== conversation.id)
  const ids = toTop || !allIds.includes(conversation.id) ? [conversation.id, ...rest] : allIds
  const next = { ...state, conversations: { byId: { ...byId, [conversation.id]: conversation }, allIds: ids } }
  return conversation.id === state.activeConversationId ? { ...next, participants: conversation.participants } : next
}

/** A message appended once, whether the send's answer or the socket's event comes first. */
function append(state: ChatState, message: ChatMessage, unread: boolean): ChatState {
  const conversation = state.conversations.byId[message.conversationId]
  if (!conversation || conversation.messages.some((m) => m.id === message.id)) return state
  return withConversation(
    state,
    {
      ...conversation,
      messages: [...conversation.messages, message],
      lastMessage: message,
      updatedAt: message.createdAt,
      unreadCount: unread ? conversation.unreadCount + 1 : conversation.unreadCount,
    },
    { toTop: true },
  )
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'failed':
      return { ...state, isLoading: false, error: action.error }
    case 'contacts':
      return { ...state, contacts: keyed(action.contacts) }
    case 'conversations': {
      // The list's answer keeps the history already loaded.
      const conversations = action.conversations.map((c) => {
        const known = state.conversations.byId[c.id]
        return known ? { ...known, ...c, messages: known.messages, before: known.before } : { ...c, messages: [] }
      })
      const next = { ...state, isLoading: false, error: null, conversations: keyed(conversations) }
      const active = state.activeConversationId ? next.conversations.byId[state.activeConversationId] : undefined
      return active ? { ...next, participants: active.participants } : next
    }
    case 'conversation': {
      const known = state.conversations.byId[action.conversation.id]
      return withConversation(state, { ...action.conversation, messages: known?.messages ?? [], before: known?.before })
    }
    case 'history': {
      const conversation = state.conversations.byId[action.conversationId]
      if (!conversation) return state
      const messages = action.older
        ? [...action.messages.filter((m) => !conversation.messages.some((k) => k.id === m.id)), ...conversation.messages]
        : [...action.messages, ...conversation.messages.filter((m) => !action.messages.some((k) => k.id === m.id))]
      return withConversation(state, { ...conversation, messages, before: action.before })
    }
    case 'activate':
      return {
        ...state,
        activeConversationId: action.conversationId,
        participants: state.conversations.byId[action.conversationId]?.participants ?? [],
      }
    case 'read': {
      const conversation = state.conversations.byId[action.conversationId]
      return conversation ? withConversation(state, { ...conversation, unreadCount: 0 }) : state
    }
    case 'sent':
      return append(state, action.message, false)
    case 'received': {
      const unread = action.message.senderId !== action.me && action.message.conversationId !== state.activeConversationId
      return append(state, action.message, unread)
    }
    case 'readReceipt': {
      const conversation = state.conversations.byId[action.conversationId]
      if (!conversation) return state
      const participants = conversation.participants.map((p) => (p.id === action.userId ? { ...p, lastReadAt: action.lastReadAt } : p))
      return withConversation(state, { ...conversation, participants })
    }
    case 'recipients':
      return { ...state, recipients: action.recipients }
    case 'reset':
      return { ...state, activeConversationId: null, participants: [], recipients: [] }
  }
}
