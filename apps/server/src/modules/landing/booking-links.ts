import type { BookingLinkOption } from '@closeroom/shared'
import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { publicHandles, teams, users } from '../../db/schema/index.ts'
import { createHandles } from '../booking/module.ts'

/** A booking page with who it belongs to: a person (userId) or a team (teamId). */
export type Link = BookingLinkOption & { userId: string | null; teamId: string | null }

/**
 * The booking pages (/u/{handle}) a landing page can show: every active person's and every team's of the
 * organization. Handles are made on first need, and offering them to the editor is a need.
 */
export function createBookingLinks(db: Db) {
  const handles = createHandles(db)

  /** The organization's handles with their owners, active people and teams only. */
  async function existing(organizationId: string, only?: string[]): Promise<Link[]> {
    if (only?.length === 0) return []
    const rows = await db
      .select({
        handle: publicHandles.handle,
        userId: publicHandles.userId,
        teamId: publicHandles.teamId,
        userName: users.name,
        avatarUrl: users.avatarUrl,
        userStatus: users.status,
        teamName: teams.name,
      })
      .from(publicHandles)
      .leftJoin(users, eq(users.id, publicHandles.userId))
      .leftJoin(teams, eq(teams.id, publicHandles.teamId))
      .where(and(eq(publicHandles.organizationId, organizationId), only ? inArray(publicHandles.handle, only) : undefined))
    return rows.flatMap((row): Link[] => {
      if (row.userId && row.userStatus === 'active' && row.userName !== null)
        return [
          { handle: row.handle, kind: 'user' as const, name: row.userName, avatarUrl: row.avatarUrl, userId: row.userId, teamId: null },
        ]
      if (row.teamId && row.teamName !== null)
        return [{ handle: row.handle, kind: 'team' as const, name: row.teamName, avatarUrl: null, userId: null, teamId: row.teamId }]
      return []
    })
  }

  async function options(organizationId: string): Promise<BookingLinkOption[]> {
    const [people, teamless] = await Promise.all([
      db
        .select({ id: users.id })
        .from(users)
        .leftJoin(publicHandles, eq(publicHandles.userId, users.id))
        .where(and(eq(users.organizationId, organizationId), eq(users.status, 'active'), isNull(publicHandles.handle))),
      db
        .select({ id: teams.id })
        .from(teams)
        .leftJoin(publicHandles, eq(publicHandles.teamId, teams.id))
        .where(and(eq(teams.organizationId, organizationId), isNull(publicHandles.handle))),
    ])
    for (const person of people) await handles.forUser(person.id)
    for (const team of teamless) await handles.forTeam(team.id)
    const found = await existing(organizationId)
    // People first, then teams, each by name.
    found.sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'user' ? -1 : 1))
    return found.map(({ handle, kind, name, avatarUrl }) => ({ handle, kind, name, avatarUrl }))
  }

  return { existing, options }
}

export type BookingLinks = ReturnType<typeof createBookingLinks>
