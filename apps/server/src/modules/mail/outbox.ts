import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { outboxEmails } from '../../db/schema/index.ts'

/**
 * The emails Closeroom kept for an organization (its outbox), newest first; `before` (an email's sending time to
 * the millisecond, and its id) lists those sent before it, so a long outbox is read a page at a time.
 */
export async function listOutbox(db: Db, organizationId: string, limit: number, before?: { at: string; id: string }) {
  const at = sql`date_trunc('milliseconds', ${outboxEmails.createdAt})`
  const rows = await db
    .select()
    .from(outboxEmails)
    .where(
      and(
        eq(outboxEmails.organizationId, organizationId),
        before ? sql`(${at}, ${outboxEmails.id}) < (${before.at}::timestamptz, ${before.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(at), desc(outboxEmails.id))
    .limit(limit)
  return rows.map((e) => ({ id: e.id, to: e.to, subject: e.subject, text: e.text, createdAt: e.createdAt.toISOString() }))
}
