import type { AuditEntry, AuditKind } from '@closeroom/shared'
import { asc, eq } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { agreementEvents } from '../../db/schema/index.ts'

/** Where a request came from, for the audit log and the certificate. */
export type Origin = { ip: string | null; userAgent: string | null }
export const NO_ORIGIN: Origin = { ip: null, userAgent: null }

/** Who did it: a member, a recipient through their link, or the product itself (a job). */
export type Actor = { type: 'user' | 'recipient' | 'system'; name: string; email: string | null }
export const SYSTEM: Actor = { type: 'system', name: 'Closeroom', email: null }

export async function audit(
  tx: Db | Tx,
  agreementId: string,
  kind: AuditKind,
  actor: Actor,
  origin: Origin = NO_ORIGIN,
  detail: string | null = null,
) {
  await tx.insert(agreementEvents).values({
    agreementId,
    kind,
    actorType: actor.type,
    actorName: actor.name,
    actorEmail: actor.email,
    ip: origin.ip,
    // A user agent is the client's word: kept, but not without bound.
    userAgent: origin.userAgent?.slice(0, 500) ?? null,
    detail,
  })
}

/** The agreement's log, oldest first. The caller has checked the agreement is the organization's. */
export async function auditLog(db: Db | Tx, agreementId: string): Promise<AuditEntry[]> {
  const rows = await db
    .select()
    .from(agreementEvents)
    .where(eq(agreementEvents.agreementId, agreementId))
    .orderBy(asc(agreementEvents.at), asc(agreementEvents.id))
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    actor: { type: row.actorType, name: row.actorName, email: row.actorEmail },
    at: row.at.toISOString(),
    ip: row.ip,
    userAgent: row.userAgent,
    detail: row.detail,
  }))
}
