import { and, eq } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { salesrooms } from '../../db/schema/index.ts'
import type { SigningTokens } from './tokens.ts'

type Room = { publicId: string; access: 'link' | 'invited'; invitedEmails: string[] }

/**
 * Where a recipient of the deal's agreement signs inside its sales room: a function giving each recipient their
 * /d/{id}?sign={token} link, or null when the deal has no published room or the room is private and does not
 * let them in (the room asks its visitors for an invited email first). Their /sign/{token} link works either way.
 */
export async function roomLinks(db: Db | Tx, tokens: SigningTokens, dealId: string | null) {
  const [room]: (Room | undefined)[] = dealId
    ? await db
        .select({ publicId: salesrooms.publicId, access: salesrooms.access, invitedEmails: salesrooms.invitedEmails })
        .from(salesrooms)
        .where(and(eq(salesrooms.dealId, dealId), eq(salesrooms.published, true)))
    : []
  return (recipient: { id: string; email: string }): string | null =>
    room && (room.access === 'link' || room.invitedEmails.includes(recipient.email)) ? tokens.roomUrlOf(room.publicId, recipient.id) : null
}
