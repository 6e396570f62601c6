import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { userTokens } from '../../db/schema/index.ts'
import { hashToken, newCode, newLinkToken, sameHash } from '../../lib/tokens.ts'

export type Purpose = 'reset_password' | 'verify_email' | 'invitation'

const MAX_CODE_ATTEMPTS = 5

/** Secrets sent by email, usable once. A new one replaces the user's earlier ones of the same purpose. */
export function createOneTimeTokens(db: Db) {
  async function issue(userId: string, purpose: Purpose, ttlMs: number, kind: 'link' | 'code') {
    const secret = kind === 'link' ? newLinkToken() : newCode()
    await db.transaction(async (tx) => {
      await tx
        .update(userTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)))
      await tx.insert(userTokens).values({ userId, purpose, tokenHash: hashToken(secret), expiresAt: new Date(Date.now() + ttlMs) })
    })
    return secret
  }

  /** Spends a link token; answers the user it belongs to, or null when it is unknown, used or expired. */
  async function consumeLink(purpose: Purpose, secret: string): Promise<string | null> {
    const [row] = await db
      .update(userTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(userTokens.purpose, purpose),
          eq(userTokens.tokenHash, hashToken(secret)),
          isNull(userTokens.usedAt),
          gt(userTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: userTokens.userId })
    return row?.userId ?? null
  }

  /** Looks at a link token without spending it (to show who an invitation is for). */
  async function peekLink(purpose: Purpose, secret: string): Promise<string | null> {
    const [row] = await db
      .select({ userId: userTokens.userId })
      .from(userTokens)
      .where(
        and(
          eq(userTokens.purpose, purpose),
          eq(userTokens.tokenHash, hashToken(secret)),
          isNull(userTokens.usedAt),
          gt(userTokens.expiresAt, sql`now()`),
        ),
      )
    return row?.userId ?? null
  }

  /** Checks a typed code against the user's live one; a few wrong guesses kill it. */
  async function consumeCode(userId: string, purpose: Purpose, code: string): Promise<boolean> {
    const [row] = await db
      .select()
      .from(userTokens)
      .where(
        and(
          eq(userTokens.userId, userId),
          eq(userTokens.purpose, purpose),
          isNull(userTokens.usedAt),
          gt(userTokens.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(userTokens.createdAt))
      .limit(1)
    if (!row) return false
    if (sameHash(row.tokenHash, hashToken(code))) {
      const spent = await db
        .update(userTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(userTokens.id, row.id), isNull(userTokens.usedAt)))
        .returning({ id: userTokens.id })
      return spent.length === 1
    }
    const attempts = row.attempts + 1
    await db
      .update(userTokens)
      .set({ attempts, usedAt: attempts >= MAX_CODE_ATTEMPTS ? new Date() : null })
      .where(eq(userTokens.id, row.id))
    return false
  }

  return { issue, consumeLink, peekLink, consumeCode }
}

export type OneTimeTokens = ReturnType<typeof createOneTimeTokens>
