import type { ChatConversation, ChatMessage } from '@closeroom/shared'
import { describe, expect, it } from 'vitest'
import { chatReducer, initialChatState } from './store'

const me = '00000000-0000-4000-8000-000000000001'
const maya = '00000000-0000-4000-8000-000000000002'
const a = '00000000-0000-4000-8000-0000000000aa'
const b = '00000000-0000-4000-8000-0000000000bb'

const conversation = (id: string, unreadCount = 0): ChatConversation => ({
  id,
  kind: 'direct',
  name: null,
  participants: [],
  lastMessage: null,
  unreadCount,
  updatedAt: '2026-01-01T00:00:00.000Z',
})
const message = (id: string, conversationId: string, senderId: string): ChatMessage => ({
  id,
  conversationId,
  body: `body ${id}`,
  contentType: 'text',
  attachments: [],
  createdAt: '2026-01-02T00:00:00.000Z',
  senderId,
})

const loaded = chatReducer(initialChatState, { type: 'conversations', conversations: [conversation(a, 3), conversation(b, 1)] })

describe('chat state', () => {
  it('keys conversations by id with an id list, each with its messages', () => {
    expect(loaded.conversations.allIds).toEqual([a, b])
    expect(loaded.conversations.byId[a]).toMatchObject({ id: a, messages: [], unreadCount: 3 })
    expect(loaded.isLoading).toBe(false)
  })

  it('marking a conversation as read sets its unreadCount to 0', () => {
    const read = chatReducer(loaded, { type: 'read', conversationId: a })
    expect(read.conversations.byId[a]?.unreadCount).toBe(0)
    expect(read.conversations.byId[b]?.unreadCount).toBe(1)
  })

  it('sending a message appends it to that conversation, once, and brings the conversation to the top', () => {
    const sent = message('00000000-0000-4000-8000-000000000101', b, me)
    const once = chatReducer(loaded, { type: 'sent', message: sent })
    expect(once.conversations.byId[b]?.messages).toEqual([sent])
    expect(once.conversations.byId[b]?.lastMessage).toEqual(sent)
    expect(once.conversations.allIds).toEqual([b, a])
    // The socket's echo of the same message adds nothing.
    const echoed = chatReducer(once, { type: 'received', message: sent, me })
    expect(echoed.conversations.byId[b]?.messages).toHaveLength(1)
    expect(echoed.conversations.byId[b]?.unreadCount).toBe(1)
  })

  it('a message from someone else counts unread unless its conversation is the active one', () => {
    const elsewhere = chatReducer(loaded, { type: 'received', message: message('00000000-0000-4000-8000-000000000102', b, maya), me })
    expect(elsewhere.conversations.byId[b]?.unreadCount).toBe(2)
    const active = chatReducer(chatReducer(loaded, { type: 'activate', conversationId: b }), {
      type: 'received',
      message: message('00000000-0000-4000-8000-000000000103', b, maya),
      me,
    })
    expect(active.conversations.byId[b]?.unreadCount).toBe(1)
  })

  it('resetting clears the active conversation', () => {
    const active = chatReducer(loaded, { type: 'activate', conversationId: a })
    expect(active.activeConversationId).toBe(a)
    const reset = chatReducer(active, { type: 'reset' })
    expect(reset.activeConversationId).toBeNull()
    expect(reset.participants).toEqual([])
  })

  it('older history goes before what is loaded, without duplicates', () => {
    const newer = message('00000000-0000-4000-8000-000000000202', a, maya)
    const older = message('00000000-0000-4000-8000-000000000201', a, me)
    const first = chatReducer(loaded, { type: 'history', conversationId: a, messages: [newer], before: newer.id, older: false })
    const both = chatReducer(first, { type: 'history', conversationId: a, messages: [older, newer], before: null, older: true })
    expect(both.conversations.byId[a]?.messages.map((m) => m.id)).toEqual([older.id, newer.id])
    expect(both.conversations.byId[a]?.before).toBeNull()
  })
})
