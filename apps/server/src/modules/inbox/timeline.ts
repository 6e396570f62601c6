import type { ClientTimelineItem } from '@closeroom/shared'
import { and, desc, eq, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { clientMessages, dealContacts, deals, mailAccounts, mailMessages, mailThreads, users } from '../../db/schema/index.ts'

/** Each kind brings at most this many of its newest; the timeline shows this many in all. */
const LIMIT = 100

/**
 * A client's timeline, newest first: every email of the threads matched to them that `visible` lets the member
 * read, the deals they are a contact of (when each was opened), and the team's messages in their thread.
 */
export async function clientTimeline(
  db: Db,
  organizationId: string,
  clientId: string,
  visible: SQL | undefined,
): Promise<ClientTimelineItem[]> {
  const [emails, opened, messages] = await Promise.all([
    db
      .select({ message: mailMessages, subject: mailThreads.subject })
      .from(mailMessages)
      .innerJoin(mailThreads, eq(mailThreads.id, mailMessages.threadId))
      .innerJoin(mailAccounts, eq(mailAccounts.id, mailThreads.accountId))
      .where(and(visible, eq(mailThreads.clientId, clientId)))
      .orderBy(desc(mailMessages.sentAt))
      .limit(LIMIT),
    db
      .select({ id: deals.id, name: deals.name, createdAt: deals.createdAt })
      .from(dealContacts)
      .innerJoin(deals, eq(deals.id, dealContacts.dealId))
      .where(and(eq(dealContacts.organizationId, organizationId), eq(dealContacts.clientId, clientId)))
      .orderBy(desc(deals.createdAt))
      .limit(LIMIT),
    db
      .select({ id: clientMessages.id, body: clientMessages.body, createdAt: clientMessages.createdAt, author: users.name })
      .from(clientMessages)
      .innerJoin(users, eq(users.id, clientMessages.authorId))
      .where(and(eq(clientMessages.clientId, clientId), eq(users.organizationId, organizationId)))
      .orderBy(desc(clientMessages.createdAt))
      .limit(LIMIT),
  ])
  const items: ClientTimelineItem[] = [
    ...emails.map(({ message: m, subject }) => ({
      kind: 'email' as const,
      id: m.id,
      at: m.sentAt.toISOString(),
      threadId: m.threadId,
      subject: m.subject || subject,
      direction: m.direction,
      from: m.from,
    })),
    ...opened.map((d) => ({ kind: 'deal' as const, id: d.id, at: d.createdAt.toISOString(), title: d.name })),
    ...messages.map((m) => ({ kind: 'message' as const, id: m.id, at: m.createdAt.toISOString(), author: m.author, body: m.body })),
  ]
  return items.sort((a, b) => b.at.localeCompare(a.at)).slice(0, LIMIT)
}
