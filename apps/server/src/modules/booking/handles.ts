import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { publicHandles, teams, users } from '../../db/schema/index.ts'
import { Conflict, isUniqueViolation, NotFound } from '../../http/errors.ts'
import { slugify } from '../../lib/slugs.ts'

export const HANDLE_TAKEN = 'This address is taken'

type Owner = { userId: string } | { teamId: string }

/**
 * The public handles of /u/{handle}: users and teams share one namespace, so a handle is created on first
 * need from the name, with a short suffix when the plain one is taken.
 */
export function createHandles(db: Db) {
  async function existing(owner: Owner): Promise<string | undefined> {
    const where = 'userId' in owner ? eq(publicHandles.userId, owner.userId) : eq(publicHandles.teamId, owner.teamId)
    const [row] = await db.select({ handle: publicHandles.handle }).from(publicHandles).where(where)
    return row?.handle
  }

  async function ensure(owner: Owner & { organizationId: string; name: string }): Promise<string> {
    const found = await existing(owner)
    if (found) return found
    const base = slugify(owner.name, 'booking')
    for (let attempt = 0; attempt < 8; attempt++) {
      const handle = attempt === 0 ? base : `${base}-${randomBytes(3).toString('hex')}`
      const inserted = await db
        .insert(publicHandles)
        .values({
          handle,
          organizationId: owner.organizationId,
          userId: 'userId' in owner ? owner.userId : null,
          teamId: 'teamId' in owner ? owner.teamId : null,
        })
        .onConflictDoNothing()
        .returning({ handle: publicHandles.handle })
      if (inserted[0]) return inserted[0].handle
      // Another request may have given this owner a handle meanwhile.
      const now = await existing(owner)
      if (now) return now
    }
    throw new Error('could not find a free public handle')
  }

  /** The user's handle, created from their name if they have none yet. */
  async function forUser(userId: string): Promise<string> {
    const found = await existing({ userId })
    if (found) return found
    const [user] = await db.select({ name: users.name, organizationId: users.organizationId }).from(users).where(eq(users.id, userId))
    if (!user) throw NotFound('User not found')
    return ensure({ userId, ...user })
  }

  return {
    forUser,

    async forTeam(teamId: string): Promise<string> {
      const found = await existing({ teamId })
      if (found) return found
      const [team] = await db.select({ name: teams.name, organizationId: teams.organizationId }).from(teams).where(eq(teams.id, teamId))
      if (!team) throw NotFound('Team not found')
      return ensure({ teamId, ...team })
    },

    /** Renames a user's handle; the old one is free again at once. */
    async rename(userId: string, organizationId: string, handle: string): Promise<string> {
      await forUser(userId)
      try {
        await db
          .update(publicHandles)
          .set({ handle })
          .where(and(eq(publicHandles.userId, userId), eq(publicHandles.organizationId, organizationId)))
      } catch (error) {
        if (isUniqueViolation(error)) throw Conflict(HANDLE_TAKEN, { code: 'handle_taken' })
        throw error
      }
      return handle
    },

    async resolve(handle: string): Promise<{ organizationId: string; userId: string | null; teamId: string | null } | undefined> {
      const [row] = await db
        .select({ organizationId: publicHandles.organizationId, userId: publicHandles.userId, teamId: publicHandles.teamId })
        .from(publicHandles)
        .where(eq(publicHandles.handle, handle))
      return row
    },
  }
}

export type Handles = ReturnType<typeof createHandles>
