import { z } from 'zod'
import { Id, IdParams } from './common.ts'
import { Person } from './deals.ts'

// The team's chat: direct and group conversations between members of one organization. A message is the
// spec's chat message (id, body, contentType, attachments, createdAt, senderId); a conversation carries its
// unreadCount for the reader asking.

export const CHAT_LIMITS = {
  maxBodyLength: 5000,
  /** An attachment's caption travels as a multipart field, which the server caps at 4096 bytes: 1000 characters of any script fit. */
  maxCaptionLength: 1000,
  /** Everyone in a group besides its creator. */
  maxParticipants: 50,
  maxNameLength: 100,
  /** Messages per page of history. */
  pageSize: 30,
  maxPageSize: 100,
  minSearchLength: 2,
  maxSearchResults: 50,
} as const

export const ChatBody = z
  .string()
  .trim()
  .min(1, { message: 'Write a message first' })
  .max(CHAT_LIMITS.maxBodyLength, { message: `Must be at most ${CHAT_LIMITS.maxBodyLength} characters` })
export const SendChatMessage = z.object({ body: ChatBody })
export type SendChatMessage = z.infer<typeof SendChatMessage>
/** The multipart fields beside an attachment: a caption, or none. */
export const ChatAttachmentFields = z.object({
  body: z
    .string()
    .trim()
    .max(CHAT_LIMITS.maxCaptionLength, { message: `Must be at most ${CHAT_LIMITS.maxCaptionLength} characters` })
    .default(''),
})

/** text: words only; image: a picture shown inline; file: a card to open or download. */
export const ChatContentType = z.enum(['text', 'image', 'file'])
export type ChatContentType = z.infer<typeof ChatContentType>

export const ChatAttachment = z.object({
  id: Id,
  name: z.string(),
  /** What the bytes are (sniffed on upload). */
  contentType: z.string(),
  size: z.number().int(),
  /** Where a participant opens it: /api/chat/attachments/{id}. */
  url: z.string(),
})
export type ChatAttachment = z.infer<typeof ChatAttachment>

/** Plain text: the browser shows it as text, never as HTML. */
export const ChatMessage = z.object({
  id: Id,
  conversationId: Id,
  body: z.string(),
  contentType: ChatContentType,
  attachments: z.array(ChatAttachment),
  createdAt: z.string(),
  senderId: Id,
})
export type ChatMessage = z.infer<typeof ChatMessage>

export const ChatParticipant = Person.extend({
  /** Until when this participant has read the conversation (null: never opened it). */
  lastReadAt: z.string().nullable(),
})
export type ChatParticipant = z.infer<typeof ChatParticipant>

export const ChatConversation = z.object({
  id: Id,
  kind: z.enum(['direct', 'group']),
  /** A group's name; a direct conversation is named after the other person. */
  name: z.string().nullable(),
  participants: z.array(ChatParticipant),
  lastMessage: ChatMessage.nullable(),
  /** Messages of others the caller has not read. */
  unreadCount: z.number().int(),
  updatedAt: z.string(),
})
export type ChatConversation = z.infer<typeof ChatConversation>
export const ChatConversationList = z.object({ conversations: z.array(ChatConversation) })

const ChatName = z
  .string()
  .trim()
  .max(CHAT_LIMITS.maxNameLength, { message: `Must be at most ${CHAT_LIMITS.maxNameLength} characters` })
/** One other member: their direct conversation (found again if it exists). Several, or a name: a group. */
export const CreateChatConversation = z.object({
  participantIds: z
    .array(Id)
    .min(1, { message: 'Choose at least one person' })
    .max(CHAT_LIMITS.maxParticipants, { message: `At most ${CHAT_LIMITS.maxParticipants} people` })
    .refine((ids) => new Set(ids).size === ids.length, { message: 'Each person once' }),
  name: ChatName.optional(),
})
export type CreateChatConversation = z.infer<typeof CreateChatConversation>

/** A page of history, oldest first; `before` is the cursor for the page before it (null: the start). */
export const ChatMessagePage = z.object({ messages: z.array(ChatMessage), before: Id.nullable() })
export const ChatHistoryQuery = z.object({
  /** A message id: the page ends just before it. */
  before: Id.optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_LIMITS.maxPageSize).default(CHAT_LIMITS.pageSize),
})

export const ChatSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(CHAT_LIMITS.minSearchLength, { message: `Type at least ${CHAT_LIMITS.minSearchLength} characters` })
    .max(200, { message: 'Must be at most 200 characters' }),
})
/** A message of a deal chat, client thread or room chat that matched a search: opened in its thread at the message. */
export const ChatThreadHit = z.object({
  kind: z.enum(['deal', 'client', 'room']),
  /** The thread's parent: the deal's or the client's id. */
  threadId: Id,
  threadName: z.string(),
  /** The message's id in its thread. */
  id: Id,
  body: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
})
export type ChatThreadHit = z.infer<typeof ChatThreadHit>
/** Hits in the caller's conversations (`messages`) and in the threads they may see (`threads`), newest first. */
export const ChatSearchResults = z.object({ messages: z.array(ChatMessage), threads: z.array(ChatThreadHit) })

/** The people a member can start a conversation with: the organization's active members. */
export const ChatContactList = z.object({ contacts: z.array(Person) })
export const ChatUnread = z.object({ total: z.number().int() })
export const ChatAttachmentParams = IdParams

/** chat-message: a new message, to every participant's sockets. chat-read: someone read up to a time. */
export const ChatMessageEvent = z.object({ message: ChatMessage })
export const ChatReadEvent = z.object({ conversationId: Id, userId: Id, lastReadAt: z.string() })

/**
 * A thread that lives elsewhere, listed beside the conversations so nothing needs checking twice: a deal's
 * internal chat, a client's thread or a sales room's chat with its buyers. Answered through its own calls
 * (/deals/{id}/messages, /clients/{id}/messages, /deals/{id}/salesroom/messages), by the parent's id.
 */
export const ChatThread = z.object({
  kind: z.enum(['deal', 'client', 'room']),
  /** The deal's or the client's id. */
  id: Id,
  name: z.string(),
  lastMessage: z.object({ body: z.string(), authorName: z.string(), createdAt: z.string() }),
  /** Messages of others (buyers, teammates) since the caller last read the thread, here or on its own page. */
  unreadCount: z.number().int(),
})
export type ChatThread = z.infer<typeof ChatThread>
export const ChatThreadList = z.object({ threads: z.array(ChatThread) })
export const ChatThreadKind = ChatThread.shape.kind
export type ChatThreadKind = z.infer<typeof ChatThreadKind>
export const ChatThreadParams = z.object({ kind: ChatThreadKind, id: Id })
/**
 * chat-thread-message: someone wrote in a deal chat, client thread or room chat (a buyer: authorId null), to
 * everyone of the organization. chat-thread-read: the member read a thread, to their own sockets (other tabs).
 */
export const ChatThreadMessageEvent = z.object({ kind: ChatThreadKind, id: Id, authorId: Id.nullable() })
export const ChatThreadReadEvent = z.object({ kind: ChatThreadKind, id: Id, lastReadAt: z.string() })
