import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { outboxEmails } from '../../db/schema/index.ts'

/** The emails Closeroom kept for an organization (its outbox), newest first. */
export async function listOutbox(db: Db, organizationId: string, limit: number) {
  const rows = await db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.organizationId, organizationId))
    .orderBy(desc(outboxEmails.createdAt))
    .limit(limit)
  return rows.map((e) => ({ id: e.id, to: e.to, subject: e.subject, text: e.text, createdAt: e.createdAt.toISOString() }))
}
