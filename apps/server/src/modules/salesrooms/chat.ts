import {
  type ChatThread,
  ProductSocketEvents,
  type RoomMessage,
  type RoomMessageList,
  SocketEvents,
  type ThreadPageQuery,
} from '@closeroom/shared'
import { and, asc, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { deals, salesroomMessages } from '../../db/schema/index.ts'
import { pageFrom, threadPage } from '../../db/thread-page.ts'
import { rooms } from '../../realtime/rooms.ts'
import type { Realtime } from '../../realtime/server.ts'

type Row = typeof salesroomMessages.$inferSelect
const present = (row: Row): RoomMessage => ({
  id: row.id,
  side: row.side,
  authorName: row.authorName,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
})

/** The buyer–seller chat of a room: stored as plain text, sent live as deals-new-public-message. */
export function createRoomChat({ db, realtime }: { db: Db; realtime: Pick<Realtime, 'toRoom'> }) {
  const pages = threadPage(salesroomMessages.createdAt, salesroomMessages.id)

  /** A page of the chat, oldest first, ending just before `before` (or at the latest message). */
  async function list(dealId: string, { before, limit }: ThreadPageQuery): Promise<RoomMessageList> {
    const rows = await db
      .select({ row: salesroomMessages, cursor: pages.cursor })
      .from(salesroomMessages)
      .where(and(eq(salesroomMessages.dealId, dealId), pages.before(before)))
      .orderBy(...pages.latestFirst)
      .limit(limit + 1)
    const page = pageFrom(rows, limit)
    return { messages: page.rows.map(({ row }) => present(row)), next: page.next }
  }

  async function post(
    dealId: string,
    message: { side: 'buyer' | 'seller'; authorName: string; authorId?: string; visitorEmail?: string | null; body: string },
  ): Promise<RoomMessage> {
    const [row] = await db
      .insert(salesroomMessages)
      .values({
        dealId,
        side: message.side,
        authorName: message.authorName,
        authorId: message.authorId ?? null,
        visitorEmail: message.visitorEmail ?? null,
        body: message.body,
      })
      .returning()
    if (!row) throw new Error('message insert returned nothing')
    const sent = present(row)
    realtime.toRoom(rooms.salesroom(dealId), SocketEvents.dealsNewPublicMessage, { dealId, message: sent })
    // The seller's whole team, wherever they are: the room's chat counts as unread in their team chat.
    const [deal] = await db.select({ organizationId: deals.organizationId }).from(deals).where(eq(deals.id, dealId))
    if (deal)
      realtime.toRoom(rooms.organization(deal.organizationId), ProductSocketEvents.chatThreadMessage, {
        kind: 'room',
        id: dealId,
        authorId: row.authorId,
      })
    return sent
  }

  /** The buyer's earlier name in this room, so they are asked only once. */
  async function lastBuyerName(dealId: string, visitorEmail: string | null): Promise<string | null> {
    if (!visitorEmail) return null
    const [row] = await db
      .select({ name: salesroomMessages.authorName })
      .from(salesroomMessages)
      .where(and(eq(salesroomMessages.dealId, dealId), eq(salesroomMessages.visitorEmail, visitorEmail)))
      .orderBy(asc(salesroomMessages.createdAt))
      .limit(1)
    return row?.name ?? null
  }

  /** The organization's rooms with a chat, latest message first: what the team chat lists beside its conversations. */
  async function recent(organizationId: string, limit: number): Promise<Omit<ChatThread, 'unreadCount'>[]> {
    const latest = db
      .selectDistinctOn([salesroomMessages.dealId], {
        id: salesroomMessages.dealId,
        name: deals.name,
        body: salesroomMessages.body,
        authorName: salesroomMessages.authorName,
        createdAt: salesroomMessages.createdAt,
      })
      .from(salesroomMessages)
      .innerJoin(deals, eq(deals.id, salesroomMessages.dealId))
      .where(eq(deals.organizationId, organizationId))
      .orderBy(salesroomMessages.dealId, desc(salesroomMessages.createdAt))
    // One row per room (DISTINCT ON wants its own order), then the latest first.
    const rows = (await latest).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, limit)
    return rows.map((r) => ({
      kind: 'room' as const,
      id: r.id,
      name: r.name,
      lastMessage: { body: r.body, authorName: r.authorName, createdAt: r.createdAt.toISOString() },
    }))
  }

  return { list, post, lastBuyerName, recent }
}

export type RoomChat = ReturnType<typeof createRoomChat>
