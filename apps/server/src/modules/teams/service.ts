import type { CreateTeam, Team, UpdateTeam } from '@closeroom/shared'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { teamMembers, teams, users } from '../../db/schema/index.ts'
import { Invalid, NotFound } from '../../http/errors.ts'
import { authorize } from '../../permissions.ts'
import type { AuthContext } from '../auth/module.ts'

const TEAM_NOT_FOUND = 'Team not found'
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * Teams of the caller's organization; anyone may read them, owners and admins change them. `removed` is told
 * after a team is deleted (its event types and their bookings go with it): booking, above teams, drops what it
 * keeps in memory for the slots pages.
 */
export function createTeamService({ db, removed = async () => {} }: { db: Db; removed?: (teamId: string) => Promise<void> }) {
  async function load(organizationId: string, ids?: string[]): Promise<Team[]> {
    const rows = await db
      .select()
      .from(teams)
      .where(and(eq(teams.organizationId, organizationId), ids ? inArray(teams.id, ids) : undefined))
      .orderBy(asc(teams.name))
    if (rows.length === 0) return []
    const members = await db
      .select({ teamId: teamMembers.teamId, id: users.id, name: users.name, email: users.email, avatarUrl: users.avatarUrl })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(
        inArray(
          teamMembers.teamId,
          rows.map((t) => t.id),
        ),
      )
      .orderBy(asc(users.name))
    return rows.map((t) => ({
      id: t.id,
      name: t.name,
      createdAt: t.createdAt.toISOString(),
      members: members.filter((m) => m.teamId === t.id).map(({ teamId: _, ...m }) => m),
    }))
  }

  async function get({ user }: AuthContext, id: string): Promise<Team> {
    const [team] = await load(user.organizationId, [id])
    if (!team) throw NotFound(TEAM_NOT_FOUND)
    return team
  }

  const list = ({ user }: AuthContext) => load(user.organizationId)

  /** Replaces a team's members; each must be a user of the same organization (the foreign keys insist too). */
  async function setMembers(tx: Tx, organizationId: string, teamId: string, memberIds: string[]) {
    const unique = [...new Set(memberIds)]
    if (unique.length > 0) {
      const found = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.organizationId, organizationId), inArray(users.id, unique)))
      if (found.length !== unique.length) throw Invalid('memberIds: Every member must be a user of your organization')
    }
    await tx.delete(teamMembers).where(eq(teamMembers.teamId, teamId))
    if (unique.length > 0) await tx.insert(teamMembers).values(unique.map((userId) => ({ teamId, userId, organizationId })))
  }

  async function create(auth: AuthContext, input: CreateTeam): Promise<Team> {
    authorize(auth.user, 'teams.manage')
    const organizationId = auth.user.organizationId
    const id = await db.transaction(async (tx) => {
      const [team] = await tx.insert(teams).values({ organizationId, name: input.name }).returning({ id: teams.id })
      if (!team) throw new Error('team insert returned nothing')
      await setMembers(tx, organizationId, team.id, input.memberIds ?? [])
      return team.id
    })
    return get(auth, id)
  }

  async function update(auth: AuthContext, id: string, input: UpdateTeam): Promise<Team> {
    authorize(auth.user, 'teams.manage')
    const organizationId = auth.user.organizationId
    await db.transaction(async (tx) => {
      const ours = and(eq(teams.id, id), eq(teams.organizationId, organizationId))
      // A patch may change only the members: then there is no column to set, just the team to find.
      const [team] =
        input.name === undefined
          ? await tx.select({ id: teams.id }).from(teams).where(ours)
          : await tx.update(teams).set({ name: input.name }).where(ours).returning({ id: teams.id })
      if (!team) throw NotFound(TEAM_NOT_FOUND)
      if (input.memberIds) await setMembers(tx, organizationId, id, input.memberIds)
    })
    return get(auth, id)
  }

  async function remove(auth: AuthContext, id: string) {
    authorize(auth.user, 'teams.manage')
    const deleted = await db
      .delete(teams)
      .where(and(eq(teams.id, id), eq(teams.organizationId, auth.user.organizationId)))
      .returning({ id: teams.id })
    if (deleted.length === 0) throw NotFound(TEAM_NOT_FOUND)
    await removed(id)
  }

  return { list, get, create, update, remove }
}

export type TeamService = ReturnType<typeof createTeamService>
