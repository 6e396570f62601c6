import { sql } from 'drizzle-orm'
import { bigint, check, index, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { organizations, users } from './accounts.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** A direct or group conversation between members of one organization. */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['direct', 'group'] }).notNull(),
    name: text(),
    /** The two members' ids, sorted and joined: one direct conversation per pair, whatever the race. */
    directKey: text('direct_key'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** The last message's time (or the creation's): the list's order. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('chat_conversations_direct_key').on(t.organizationId, t.directKey),
    check('chat_conversations_direct_has_key', sql`(${t.kind} = 'direct') = (${t.directKey} is not null)`),
    index('chat_conversations_org_updated_idx').on(t.organizationId, t.updatedAt),
  ],
)

/** Who is in a conversation, and until when each has read it. */
export const chatParticipants = pgTable(
  'chat_participants',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('chat_participants_user_idx').on(t.userId)],
)

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    contentType: text('content_type', { enum: ['text', 'image', 'file'] })
      .notNull()
      .default('text'),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.conversationId, t.createdAt, t.id)],
)

/** An attachment's bytes live in file storage under its key (the files module's store receives and serves them). */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    id: uuid().primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    name: text().notNull(),
    contentType: text('content_type').notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_attachments_message_idx').on(t.messageId)],
)

/**
 * Until when a member has read a deal chat, a client thread or a room chat (listed in the chat beside the
 * conversations). The parent is the deal's or the client's id: no foreign key, as it points at either table;
 * a row outliving its deal or client counts nothing. Written only by the chat module.
 */
export const chatThreadReads = pgTable(
  'chat_thread_reads',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['deal', 'client', 'room'] }).notNull(),
    parentId: uuid('parent_id').notNull(),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.parentId] })],
)
