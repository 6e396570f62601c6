import type { Message, MessageList, ThreadPageQuery } from '@closeroom/shared'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { clientMessages, dealMessages, users } from '../../db/schema/index.ts'
import { pageFrom, threadPage } from '../../db/thread-page.ts'
import { NotFound } from '../../http/errors.ts'
import { authorize } from '../../permissions.ts'
import type { AuthContext } from '../auth/module.ts'

export const MESSAGE_NOT_FOUND = 'Message not found'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** The two threads share one shape: a deal's internal chat and a client's thread differ only by their parent. */
const tables = {
  deal: { table: dealMessages, parent: dealMessages.dealId },
  client: { table: clientMessages, parent: clientMessages.clientId },
} as const
export type ThreadKind = keyof typeof tables

/**
 * Messages of one kind of thread, always under a parent the caller has already found in their organization
 * (the parent's id is part of every query, so a message id of another thread or tenant finds nothing).
 * Bodies are stored exactly as written, as plain text: the server never renders them.
 */
export function createThreadStore(db: Db, kind: ThreadKind) {
  const { table, parent } = tables[kind]
  const columns = {
    id: table.id,
    body: table.body,
    createdAt: table.createdAt,
    editedAt: table.editedAt,
    authorId: users.id,
    authorName: users.name,
    authorAvatarUrl: users.avatarUrl,
  }
  type Row = {
    id: string
    body: string
    createdAt: Date
    editedAt: Date | null
    authorId: string
    authorName: string
    authorAvatarUrl: string | null
  }

  const present = (r: Row): Message => ({
    id: r.id,
    author: { id: r.authorId, name: r.authorName, avatarUrl: r.authorAvatarUrl },
    body: r.body,
    createdAt: r.createdAt.toISOString(),
    editedAt: r.editedAt?.toISOString() ?? null,
  })

  async function one(executor: Db | Tx, parentId: string, messageId: string): Promise<Message> {
    const [found] = await executor
      .select(columns)
      .from(table)
      .innerJoin(users, eq(users.id, table.authorId))
      .where(and(eq(table.id, messageId), eq(parent, parentId)))
    if (!found) throw NotFound(MESSAGE_NOT_FOUND)
    return present(found)
  }

  const pages = threadPage(table.createdAt, table.id)

  /** A page of the thread, oldest first, ending just before `before` (or at the latest message). */
  async function list(parentId: string, { before, limit }: ThreadPageQuery): Promise<MessageList> {
    const rows = await db
      .select({ ...columns, cursor: pages.cursor })
      .from(table)
      .innerJoin(users, eq(users.id, table.authorId))
      .where(and(eq(parent, parentId), pages.before(before)))
      .orderBy(...pages.latestFirst)
      .limit(limit + 1)
    const page = pageFrom(rows, limit)
    return { messages: page.rows.map(present), next: page.next }
  }

  /** clock_timestamp(): two messages posted in quick succession keep their order. */
  async function insert(executor: Db | Tx, parentId: string, auth: AuthContext, body: string): Promise<Message> {
    const values = { authorId: auth.user.id, body, createdAt: sql`clock_timestamp()` }
    const [created] =
      kind === 'deal'
        ? await executor
            .insert(dealMessages)
            .values({ ...values, dealId: parentId })
            .returning({ id: dealMessages.id })
        : await executor
            .insert(clientMessages)
            .values({ ...values, clientId: parentId })
            .returning({ id: clientMessages.id })
    if (!created) throw new Error('message insert returned nothing')
    return one(executor, parentId, created.id)
  }

  async function edit(executor: Db | Tx, parentId: string, auth: AuthContext, messageId: string, body: string): Promise<Message> {
    const existing = await one(executor, parentId, messageId)
    authorize(auth.user, 'messages.edit', { authorId: existing.author.id })
    await executor
      .update(table)
      .set({ body, editedAt: sql`clock_timestamp()` })
      .where(and(eq(table.id, messageId), eq(parent, parentId)))
    return one(executor, parentId, messageId)
  }

  async function remove(executor: Db | Tx, parentId: string, auth: AuthContext, messageId: string): Promise<void> {
    const existing = await one(executor, parentId, messageId)
    authorize(auth.user, 'messages.delete', { authorId: existing.author.id })
    await executor.delete(table).where(and(eq(table.id, messageId), eq(parent, parentId)))
  }

  return { list, insert, edit, remove }
}

export type ThreadStore = ReturnType<typeof createThreadStore>
