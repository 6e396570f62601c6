import type { PublicRoomAgreement } from '@closeroom/shared'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { agreements } from '../../db/schema/index.ts'

const SHOWN = ['sent', 'completed', 'declined', 'expired'] as const
const shown = (status: string): status is (typeof SHOWN)[number] => (SHOWN as readonly string[]).includes(status)

/**
 * The deal's agreements as its sales room lists them, once sent: a title to recognise and where it stands,
 * nothing of who signs what (the room is shared with the buyer's whole team). A voided one was withdrawn and
 * is left out. Each signer signs through the link in their own email, which opens the room with ?sign=.
 */
export async function roomAgreements(db: Db, dealId: string): Promise<PublicRoomAgreement[]> {
  const rows = await db
    .select({ id: agreements.id, title: agreements.title, status: agreements.status })
    .from(agreements)
    .where(and(eq(agreements.dealId, dealId), eq(agreements.template, false), inArray(agreements.status, [...SHOWN])))
    .orderBy(asc(agreements.sentAt), asc(agreements.id))
  return rows.flatMap(({ status, ...row }) => (shown(status) ? [{ ...row, status }] : []))
}
