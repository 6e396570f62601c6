import { SALESROOM_LIMITS, salesroomPassCookie } from '@closeroom/shared'
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import { jwtVerify, SignJWT } from 'jose'
import type { Db } from '../../db/client.ts'
import { salesroomCodes } from '../../db/schema/index.ts'
import { hashToken, newCode, sameHash } from '../../lib/tokens.ts'

const MAX_CODE_ATTEMPTS = 5

/** The cookie that lets a code-verified visitor into one private room. */
export const roomCookie = salesroomPassCookie

/**
 * Access to private rooms: a six-digit code by email to an invited address, spent once, then a signed
 * pass (a JWT naming the room's public id and the email) kept in a cookie for 30 days. Rotating the room's
 * public id voids every pass, since each names the old id.
 */
export function createRoomAccess(db: Db, secret: string) {
  const key = new TextEncoder().encode(secret)

  async function issueCode(dealId: string, email: string): Promise<string> {
    const code = newCode()
    await db.transaction(async (tx) => {
      await tx
        .update(salesroomCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(salesroomCodes.dealId, dealId), eq(salesroomCodes.email, email), isNull(salesroomCodes.usedAt)))
      await tx.insert(salesroomCodes).values({
        dealId,
        email,
        codeHash: hashToken(code),
        expiresAt: new Date(Date.now() + SALESROOM_LIMITS.codeTtlMinutes * 60_000),
      })
    })
    return code
  }

  /** Spends the email's live code if it matches; a few wrong guesses kill it. */
  async function spendCode(dealId: string, email: string, code: string): Promise<boolean> {
    const [row] = await db
      .select()
      .from(salesroomCodes)
      .where(
        and(
          eq(salesroomCodes.dealId, dealId),
          eq(salesroomCodes.email, email),
          isNull(salesroomCodes.usedAt),
          gt(salesroomCodes.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(salesroomCodes.createdAt))
      .limit(1)
    if (!row || row.attempts >= MAX_CODE_ATTEMPTS) return false
    if (!sameHash(row.codeHash, hashToken(code))) {
      await db
        .update(salesroomCodes)
        .set({ attempts: sql`${salesroomCodes.attempts} + 1` })
        .where(eq(salesroomCodes.id, row.id))
      return false
    }
    const spent = await db
      .update(salesroomCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(salesroomCodes.id, row.id), isNull(salesroomCodes.usedAt)))
      .returning({ id: salesroomCodes.id })
    return spent.length > 0
  }

  async function pass(publicId: string, email: string): Promise<{ token: string; expiresAt: Date }> {
    const expiresAt = new Date(Date.now() + SALESROOM_LIMITS.accessDays * 86_400_000)
    const token = await new SignJWT({ room: publicId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(email)
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(key)
    return { token, expiresAt }
  }

  /** The email a pass was issued to, if it is valid for this room. */
  async function visitorOf(publicId: string, token: string | undefined): Promise<string | null> {
    if (!token) return null
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] })
      return payload.room === publicId && typeof payload.sub === 'string' ? payload.sub : null
    } catch {
      return null
    }
  }

  return { issueCode, spendCode, pass, visitorOf }
}

export type RoomAccessPasses = ReturnType<typeof createRoomAccess>
