import { CHAT_LIMITS, type ChatAttachment, type ChatConversation, type ChatMessage, type CreateChatConversation } from '@closeroom/shared'
import { and, asc, desc, eq, gt, ilike, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { chatAttachments, chatConversations, chatMessages, chatParticipants, users } from '../../db/schema/index.ts'
import { Invalid, NotFound } from '../../http/errors.ts'
import type { AuthContext } from '../auth/module.ts'
import type { FileStore } from '../files/module.ts'

export const CONVERSATION_NOT_FOUND = 'Conversation not found'
export const ATTACHMENT_NOT_FOUND = 'Attachment not found'
export const PARTICIPANT_UNKNOWN = 'participantIds: Someone chosen is not an active member of your organization'
export const NOT_YOURSELF = 'participantIds: Choose someone other than yourself'

/** The words as an ILIKE pattern that finds them anywhere, their own % and _ taken literally. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

type Received = Awaited<ReturnType<FileStore['receive']>>
type MessageRow = typeof chatMessages.$inferSelect
type AttachmentRow = typeof chatAttachments.$inferSelect

const attachmentOf = (row: AttachmentRow): ChatAttachment => ({
  id: row.id,
  name: row.name,
  contentType: row.contentType,
  size: row.size,
  url: `/api/chat/attachments/${row.id}`,
})

/** Who hears what: every participant's own sockets, on whichever process holds them. */
export type ChatEvents = {
  message(participantIds: string[], message: ChatMessage): void
  read(participantIds: string[], payload: { conversationId: string; userId: string; lastReadAt: string }): void
}

/**
 * Conversations between members of one organization. Every read starts from the caller's participation:
 * a conversation they are not in is, to them, one that does not exist (404), whoever else's it is.
 */
export function createConversations({
  db,
  events,
  storage,
}: {
  db: Db
  events: ChatEvents
  /** The organization's storage limit, which attachments count against as library files do. */
  storage: Pick<FileStore, 'checkRoom'>
}) {
  async function present(executor: Db | Tx, rows: MessageRow[]): Promise<ChatMessage[]> {
    if (rows.length === 0) return []
    const attached = await executor
      .select()
      .from(chatAttachments)
      .where(
        inArray(
          chatAttachments.messageId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(chatAttachments.createdAt))
    return rows.map((r) => ({
      id: r.id,
      conversationId: r.conversationId,
      body: r.body,
      contentType: r.contentType,
      attachments: attached.filter((a) => a.messageId === r.id).map(attachmentOf),
      createdAt: r.createdAt.toISOString(),
      senderId: r.senderId,
    }))
  }

  /** The conversation, if the caller is in it; their own participation row comes with it. */
  async function membership(auth: AuthContext, conversationId: string) {
    const [found] = await db
      .select({ id: chatConversations.id, lastReadAt: chatParticipants.lastReadAt })
      .from(chatConversations)
      .innerJoin(chatParticipants, eq(chatParticipants.conversationId, chatConversations.id))
      .where(
        and(
          eq(chatConversations.id, conversationId),
          eq(chatConversations.organizationId, auth.user.organizationId),
          eq(chatParticipants.userId, auth.user.id),
        ),
      )
    if (!found) throw NotFound(CONVERSATION_NOT_FOUND)
    return found
  }

  async function participantIds(conversationId: string): Promise<string[]> {
    const rows = await db
      .select({ userId: chatParticipants.userId })
      .from(chatParticipants)
      .where(eq(chatParticipants.conversationId, conversationId))
    return rows.map((r) => r.userId)
  }

  /** The caller's conversations, most recent first, each with its participants, last message and unread count. */
  async function list(auth: AuthContext, onlyId?: string): Promise<ChatConversation[]> {
    const mine = db
      .select({ conversationId: chatParticipants.conversationId })
      .from(chatParticipants)
      .where(eq(chatParticipants.userId, auth.user.id))
    const conversations = await db
      .select()
      .from(chatConversations)
      .where(
        and(
          eq(chatConversations.organizationId, auth.user.organizationId),
          inArray(chatConversations.id, mine),
          onlyId ? eq(chatConversations.id, onlyId) : undefined,
        ),
      )
      .orderBy(desc(chatConversations.updatedAt), desc(chatConversations.id))
    if (conversations.length === 0) return []
    const ids = conversations.map((c) => c.id)

    const people = await db
      .select({
        conversationId: chatParticipants.conversationId,
        id: users.id,
        name: users.name,
        avatarUrl: users.avatarUrl,
        lastReadAt: chatParticipants.lastReadAt,
      })
      .from(chatParticipants)
      .innerJoin(users, eq(users.id, chatParticipants.userId))
      .where(inArray(chatParticipants.conversationId, ids))
      .orderBy(asc(users.name))

    const lastRows = await db
      .selectDistinctOn([chatMessages.conversationId])
      .from(chatMessages)
      .where(inArray(chatMessages.conversationId, ids))
      .orderBy(chatMessages.conversationId, desc(chatMessages.createdAt), desc(chatMessages.id))
    const last = await present(db, lastRows)

    const unread = await db
      .select({ conversationId: chatMessages.conversationId, count: sql<number>`count(*)::int` })
      .from(chatMessages)
      .innerJoin(
        chatParticipants,
        and(eq(chatParticipants.conversationId, chatMessages.conversationId), eq(chatParticipants.userId, auth.user.id)),
      )
      .where(
        and(
          inArray(chatMessages.conversationId, ids),
          ne(chatMessages.senderId, auth.user.id),
          or(sql`${chatParticipants.lastReadAt} is null`, gt(chatMessages.createdAt, chatParticipants.lastReadAt)),
        ),
      )
      .groupBy(chatMessages.conversationId)

    return conversations.map((c) => ({
      id: c.id,
      kind: c.kind,
      name: c.name,
      participants: people
        .filter((p) => p.conversationId === c.id)
        .map((p) => ({ id: p.id, name: p.name, avatarUrl: p.avatarUrl, lastReadAt: p.lastReadAt?.toISOString() ?? null })),
      lastMessage: last.find((m) => m.conversationId === c.id) ?? null,
      unreadCount: unread.find((u) => u.conversationId === c.id)?.count ?? 0,
      updatedAt: c.updatedAt.toISOString(),
    }))
  }

  async function get(auth: AuthContext, conversationId: string): Promise<ChatConversation> {
    await membership(auth, conversationId)
    const [found] = await list(auth, conversationId)
    if (!found) throw NotFound(CONVERSATION_NOT_FOUND)
    return found
  }

  /** The organization's active members, the caller aside: whom a conversation can be with. */
  async function contacts(auth: AuthContext) {
    return db
      .select({ id: users.id, name: users.name, avatarUrl: users.avatarUrl })
      .from(users)
      .where(and(eq(users.organizationId, auth.user.organizationId), eq(users.status, 'active'), ne(users.id, auth.user.id)))
      .orderBy(asc(users.name))
  }

  /**
   * One other member and no name: their direct conversation, the existing one if there is one (200) or a new
   * one (201). Otherwise a group with the caller in it.
   */
  async function create(auth: AuthContext, input: CreateChatConversation): Promise<{ conversation: ChatConversation; created: boolean }> {
    const others = input.participantIds.filter((id) => id !== auth.user.id)
    if (others.length === 0) throw Invalid(NOT_YOURSELF)
    const known = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, others), eq(users.organizationId, auth.user.organizationId), eq(users.status, 'active')))
    if (known.length !== others.length) throw Invalid(PARTICIPANT_UNKNOWN)

    const name = input.name?.trim() || null
    const direct = others.length === 1 && !name
    const directKey = direct ? [auth.user.id, ...others].sort().join(':') : null
    const id = await db.transaction(async (tx: Tx) => {
      if (directKey) {
        const [inserted] = await tx
          .insert(chatConversations)
          .values({ organizationId: auth.user.organizationId, kind: 'direct', directKey, createdBy: auth.user.id })
          .onConflictDoNothing()
          .returning({ id: chatConversations.id })
        if (!inserted) return null
        await tx.insert(chatParticipants).values([auth.user.id, ...others].map((userId) => ({ conversationId: inserted.id, userId })))
        return inserted.id
      }
      const [inserted] = await tx
        .insert(chatConversations)
        .values({ organizationId: auth.user.organizationId, kind: 'group', name, createdBy: auth.user.id })
        .returning({ id: chatConversations.id })
      if (!inserted) throw new Error('conversation insert returned nothing')
      await tx.insert(chatParticipants).values([auth.user.id, ...others].map((userId) => ({ conversationId: inserted.id, userId })))
      return inserted.id
    })
    if (id) return { conversation: await get(auth, id), created: true }
    const [existing] = await db
      .select({ id: chatConversations.id })
      .from(chatConversations)
      .where(and(eq(chatConversations.organizationId, auth.user.organizationId), eq(chatConversations.directKey, directKey ?? '')))
    if (!existing) throw new Error('direct conversation vanished')
    return { conversation: await get(auth, existing.id), created: false }
  }

  /** A page of history, oldest first, ending just before the cursor's message (or at the newest). */
  async function history(auth: AuthContext, conversationId: string, { before, limit }: { before?: string; limit: number }) {
    await membership(auth, conversationId)
    let older: SQL | undefined
    if (before) {
      const [cursor] = await db
        .select({ createdAt: chatMessages.createdAt, id: chatMessages.id })
        .from(chatMessages)
        .where(and(eq(chatMessages.id, before), eq(chatMessages.conversationId, conversationId)))
      if (!cursor) throw Invalid('before: This message is not in the conversation')
      older = or(
        lt(chatMessages.createdAt, cursor.createdAt),
        and(eq(chatMessages.createdAt, cursor.createdAt), lt(chatMessages.id, cursor.id)),
      )
    }
    const rows = await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, conversationId), older))
      .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
      .limit(limit + 1)
    const more = rows.length > limit
    const page = rows.slice(0, limit).reverse()
    const messages = await present(db, page)
    return { messages, before: more ? (messages[0]?.id ?? null) : null }
  }

  /**
   * Appends a message (with the attachment already received into storage, if any) and tells every
   * participant. Sending reads the conversation for the sender.
   */
  async function send(auth: AuthContext, conversationId: string, body: string, file?: Received): Promise<ChatMessage> {
    await membership(auth, conversationId)
    if (!body && !file) throw Invalid('body: Write a message first')
    const contentType = !file ? 'text' : file.contentType.startsWith('image/') ? 'image' : 'file'
    const message = await db.transaction(async (tx: Tx) => {
      const [row] = await tx
        .insert(chatMessages)
        .values({ conversationId, senderId: auth.user.id, body, contentType, createdAt: sql`clock_timestamp()` })
        .returning()
      if (!row) throw new Error('message insert returned nothing')
      if (file) {
        await storage.checkRoom(tx, auth.user.organizationId, file.size)
        await tx.insert(chatAttachments).values({
          messageId: row.id,
          storageKey: file.storageKey,
          name: file.name,
          contentType: file.contentType,
          size: file.size,
        })
      }
      await tx.update(chatConversations).set({ updatedAt: row.createdAt }).where(eq(chatConversations.id, conversationId))
      await tx
        .update(chatParticipants)
        .set({ lastReadAt: row.createdAt })
        .where(and(eq(chatParticipants.conversationId, conversationId), eq(chatParticipants.userId, auth.user.id)))
      const [presented] = await present(tx, [row])
      if (!presented) throw new Error('message vanished')
      return presented
    })
    events.message(await participantIds(conversationId), message)
    return message
  }

  /** Marks the conversation read up to now for the caller, and tells the others (read receipts). */
  async function markRead(auth: AuthContext, conversationId: string) {
    await membership(auth, conversationId)
    const [row] = await db
      .update(chatParticipants)
      .set({ lastReadAt: sql`clock_timestamp()` })
      .where(and(eq(chatParticipants.conversationId, conversationId), eq(chatParticipants.userId, auth.user.id)))
      .returning({ lastReadAt: chatParticipants.lastReadAt })
    const lastReadAt = (row?.lastReadAt ?? new Date()).toISOString()
    events.read(await participantIds(conversationId), { conversationId, userId: auth.user.id, lastReadAt })
    return { lastReadAt }
  }

  /** How many messages of others the caller has not read, over all their conversations: the menu's badge. */
  async function unreadTotal(auth: AuthContext): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(chatMessages)
      .innerJoin(chatParticipants, eq(chatParticipants.conversationId, chatMessages.conversationId))
      .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
      .where(
        and(
          eq(chatParticipants.userId, auth.user.id),
          eq(chatConversations.organizationId, auth.user.organizationId),
          ne(chatMessages.senderId, auth.user.id),
          or(sql`${chatParticipants.lastReadAt} is null`, gt(chatMessages.createdAt, chatParticipants.lastReadAt)),
        ),
      )
    return row?.count ?? 0
  }

  /** Messages of the caller's conversations whose text (or an attachment's name) matches the ILIKE pattern, newest first. */
  async function search(auth: AuthContext, pattern: string): Promise<ChatMessage[]> {
    const rows = await db
      .select({ message: chatMessages })
      .from(chatMessages)
      .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
      .innerJoin(
        chatParticipants,
        and(eq(chatParticipants.conversationId, chatMessages.conversationId), eq(chatParticipants.userId, auth.user.id)),
      )
      .where(
        and(
          eq(chatConversations.organizationId, auth.user.organizationId),
          or(
            ilike(chatMessages.body, pattern),
            sql`exists (select 1 from ${chatAttachments} where ${chatAttachments.messageId} = ${chatMessages.id} and ${chatAttachments.name} ilike ${pattern})`,
          ),
        ),
      )
      .orderBy(desc(chatMessages.createdAt))
      .limit(CHAT_LIMITS.maxSearchResults)
    return present(
      db,
      rows.map((r) => r.message),
    )
  }

  /** An attachment of a conversation the caller is in. */
  async function attachment(auth: AuthContext, attachmentId: string) {
    const [row] = await db
      .select({ attachment: chatAttachments })
      .from(chatAttachments)
      .innerJoin(chatMessages, eq(chatMessages.id, chatAttachments.messageId))
      .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
      .innerJoin(
        chatParticipants,
        and(eq(chatParticipants.conversationId, chatMessages.conversationId), eq(chatParticipants.userId, auth.user.id)),
      )
      .where(and(eq(chatAttachments.id, attachmentId), eq(chatConversations.organizationId, auth.user.organizationId)))
    if (!row) throw NotFound(ATTACHMENT_NOT_FOUND)
    return row.attachment
  }

  return { list, get, contacts, create, history, send, markRead, unreadTotal, search, attachment, membership }
}

export type Conversations = ReturnType<typeof createConversations>
