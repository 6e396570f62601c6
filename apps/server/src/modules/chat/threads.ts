import { CHAT_LIMITS, type ChatThread, type ChatThreadHit, type ChatThreadKind } from '@closeroom/shared'
import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { chatThreadReads, clientMessages, clients, dealMessages, deals, salesroomMessages, users } from '../../db/schema/index.ts'
import { NotFound } from '../../http/errors.ts'
import type { AuthContext } from '../auth/module.ts'

export const THREAD_NOT_FOUND = 'Thread not found'

/** An ISO time in UTC as text, whichever driver (PGlite or node-postgres) reads the row. */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/**
 * Every message of the deal chats, client threads and room chats of one organization, as one relation: kind,
 * parent_id (the deal's or the client's id), thread_name, id, body, author_id (null: a buyer), author_name,
 * created_at. Read only: the messages and salesrooms modules write these tables.
 */
function threadMessages(organizationId: string) {
  return sql`(
    select 'deal' as kind, m.deal_id as parent_id, d.name as thread_name, m.id, m.body, m.author_id, u.name as author_name, m.created_at
      from ${dealMessages} m join ${deals} d on d.id = m.deal_id join ${users} u on u.id = m.author_id
      where d.organization_id = ${organizationId}
    union all
    select 'client', m.client_id, c.name, m.id, m.body, m.author_id, u.name, m.created_at
      from ${clientMessages} m join ${clients} c on c.id = m.client_id join ${users} u on u.id = m.author_id
      where c.organization_id = ${organizationId}
    union all
    select 'room', m.deal_id, d.name, m.id, m.body, m.author_id, m.author_name, m.created_at
      from ${salesroomMessages} m join ${deals} d on d.id = m.deal_id
      where d.organization_id = ${organizationId}
  )`
}

/**
 * What a member has not read of the threads listed beside their conversations: a message counts when someone
 * else (a teammate, a buyer) wrote it after the member last read that thread, in the chat or on the thread's
 * own page. A thread never read counts from when the member joined, so a newcomer's badge is not the team's history.
 * Every member of the organization sees every deal and client (permissions.ts), so the organization is the scope.
 */
export function createThreadReads({ db }: { db: Db }) {
  const unreadWhere = (auth: AuthContext) => sql`
    t.author_id is distinct from ${auth.user.id}
    and t.created_at > coalesce(
      (select r.last_read_at from ${chatThreadReads} r
        where r.user_id = ${auth.user.id} and r.kind = t.kind and r.parent_id = t.parent_id),
      (select created_at from ${users} where id = ${auth.user.id}))`

  /** Unread messages per thread (only threads with some). */
  async function unreadByThread(auth: AuthContext): Promise<Map<string, number>> {
    const result = await db.execute(sql`
      select t.kind, t.parent_id, count(*)::int as count
      from ${threadMessages(auth.user.organizationId)} t
      where ${unreadWhere(auth)}
      group by t.kind, t.parent_id`)
    const rows = (result as unknown as { rows: { kind: string; parent_id: string; count: number }[] }).rows
    return new Map(rows.map((r) => [`${r.kind}:${r.parent_id}`, Number(r.count)]))
  }

  /** The threads with their unread counts filled in for the caller. */
  async function withUnread(auth: AuthContext, threads: Omit<ChatThread, 'unreadCount'>[]): Promise<ChatThread[]> {
    const unread = await unreadByThread(auth)
    return threads.map((t) => ({ ...t, unreadCount: unread.get(`${t.kind}:${t.id}`) ?? 0 }))
  }

  /** All unread thread messages of the caller: added to the menu's badge. */
  async function unreadTotal(auth: AuthContext): Promise<number> {
    const result = await db.execute(sql`
      select count(*)::int as count from ${threadMessages(auth.user.organizationId)} t where ${unreadWhere(auth)}`)
    return Number((result as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0)
  }

  /** The parent of a thread, in the caller's organization (404 otherwise). */
  async function parentOf(auth: AuthContext, kind: ChatThreadKind, id: string) {
    const table = kind === 'client' ? clients : deals
    const result = await db.execute(
      sql`select 1 from ${table} where ${table.id} = ${id} and ${table.organizationId} = ${auth.user.organizationId}`,
    )
    if ((result as unknown as { rows: unknown[] }).rows.length === 0) throw NotFound(THREAD_NOT_FOUND)
  }

  /** Marks the thread read up to now for the caller. */
  async function markRead(auth: AuthContext, kind: ChatThreadKind, id: string): Promise<{ lastReadAt: string }> {
    await parentOf(auth, kind, id)
    const [row] = await db
      .insert(chatThreadReads)
      .values({ userId: auth.user.id, kind, parentId: id, lastReadAt: sql`clock_timestamp()` })
      .onConflictDoUpdate({
        target: [chatThreadReads.userId, chatThreadReads.kind, chatThreadReads.parentId],
        set: { lastReadAt: sql`clock_timestamp()` },
      })
      .returning({ lastReadAt: chatThreadReads.lastReadAt })
    return { lastReadAt: (row?.lastReadAt ?? new Date()).toISOString() }
  }

  /** Thread messages whose text holds the words, newest first. */
  async function search(auth: AuthContext, pattern: string): Promise<ChatThreadHit[]> {
    const result = await db.execute(sql`
      select t.kind, t.parent_id, t.thread_name, t.id, t.body, t.author_name, ${iso(sql`t.created_at`)} as created_at
      from ${threadMessages(auth.user.organizationId)} t
      where t.body ilike ${pattern}
      order by t.created_at desc, t.id desc
      limit ${CHAT_LIMITS.maxSearchResults}`)
    const rows = (
      result as unknown as {
        rows: {
          kind: ChatThreadKind
          parent_id: string
          thread_name: string
          id: string
          body: string
          author_name: string
          created_at: string
        }[]
      }
    ).rows
    return rows.map((r) => ({
      kind: r.kind,
      threadId: r.parent_id,
      threadName: r.thread_name,
      id: r.id,
      body: r.body,
      authorName: r.author_name,
      createdAt: r.created_at,
    }))
  }

  return { withUnread, unreadTotal, markRead, search }
}

export type ThreadReads = ReturnType<typeof createThreadReads>
