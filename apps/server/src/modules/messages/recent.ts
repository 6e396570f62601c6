import type { ChatThread } from '@closeroom/shared'
import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { clientMessages, clients, dealMessages, deals, users } from '../../db/schema/index.ts'

/**
 * The organization's deal chats and client threads with their latest message, most recent first: what the team
 * chat lists beside its conversations.
 */
export async function recentThreads(db: Db, organizationId: string, limit: number): Promise<Omit<ChatThread, 'unreadCount'>[]> {
  const latestDeal = db
    .selectDistinctOn([dealMessages.dealId], {
      id: dealMessages.dealId,
      name: deals.name,
      body: dealMessages.body,
      authorName: users.name,
      createdAt: dealMessages.createdAt,
    })
    .from(dealMessages)
    .innerJoin(deals, eq(deals.id, dealMessages.dealId))
    .innerJoin(users, eq(users.id, dealMessages.authorId))
    .where(eq(deals.organizationId, organizationId))
    .orderBy(dealMessages.dealId, desc(dealMessages.createdAt))
  const latestClient = db
    .selectDistinctOn([clientMessages.clientId], {
      id: clientMessages.clientId,
      name: clients.name,
      body: clientMessages.body,
      authorName: users.name,
      createdAt: clientMessages.createdAt,
    })
    .from(clientMessages)
    .innerJoin(clients, eq(clients.id, clientMessages.clientId))
    .innerJoin(users, eq(users.id, clientMessages.authorId))
    .where(eq(clients.organizationId, organizationId))
    .orderBy(clientMessages.clientId, desc(clientMessages.createdAt))
  // One row per thread (DISTINCT ON wants its own order), then the latest first.
  const latestFirst = <R extends { createdAt: Date }>(rows: R[]) =>
    rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, limit)
  const [dealRows, clientRows] = await Promise.all([latestDeal, latestClient])
  const present = (kind: 'deal' | 'client') => (r: { id: string; name: string; body: string; authorName: string; createdAt: Date }) => ({
    kind,
    id: r.id,
    name: r.name,
    lastMessage: { body: r.body, authorName: r.authorName, createdAt: r.createdAt.toISOString() },
  })
  return [...latestFirst(dealRows).map(present('deal')), ...latestFirst(clientRows).map(present('client'))]
}
