import type { PublicRoomAgreement } from '@closeroom/shared'
import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { agreements } from '../../db/schema/index.ts'

/**
 * The deal's agreements out for signature, as its sales room lists them: a title to recognise, nothing of who
 * signs what. A buyer signs only through the link in their own email (the room opens it with ?sign=).
 */
export async function awaitingSignature(db: Db, dealId: string): Promise<PublicRoomAgreement[]> {
  return db
    .select({ id: agreements.id, title: agreements.title })
    .from(agreements)
    .where(and(eq(agreements.dealId, dealId), eq(agreements.status, 'sent')))
    .orderBy(asc(agreements.sentAt), asc(agreements.id))
}
