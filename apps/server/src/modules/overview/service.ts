import { OVERVIEW_DAYS, type Overview, ROLES } from '@closeroom/shared'
import { and, count, eq, gte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { sessions, teams, users } from '../../db/schema/index.ts'
import type { AuthContext } from '../auth/module.ts'

/** Counts over the caller's organization only: its people by role and status, its teams, its sign-ins. */
export function createOverviewService({ db }: { db: Db }) {
  async function get({ user }: AuthContext): Promise<Overview> {
    const org = user.organizationId
    const people = await db
      .select({ role: users.role, status: users.status, n: count() })
      .from(users)
      .where(eq(users.organizationId, org))
      .groupBy(users.role, users.status)
    const [teamCount] = await db.select({ n: count() }).from(teams).where(eq(teams.organizationId, org))

    // Days are the reader's days: a sign-in at 23:30 in Tokyo counts for that Tokyo date.
    const day = sql<string>`to_char(${sessions.createdAt} at time zone ${user.timeZone}, 'YYYY-MM-DD')`
    const since = new Date(Date.now() - OVERVIEW_DAYS * 24 * 3600_000)
    const perDay = await db
      .select({ day, n: count() })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(users.organizationId, org), gte(sessions.createdAt, since)))
      // By position: the zone is a bound parameter, so repeating the expression would not match it.
      .groupBy(sql`1`)
    const counts = new Map(perDay.map((row) => [row.day, row.n]))

    const sum = (pick: (row: (typeof people)[number]) => boolean) => people.filter(pick).reduce((total, row) => total + row.n, 0)
    return {
      people: {
        byRole: Object.fromEntries(
          ROLES.map((role) => [role, sum((row) => row.role === role && row.status !== 'deactivated')]),
        ) as Overview['people']['byRole'],
        active: sum((row) => row.status === 'active'),
        invited: sum((row) => row.status === 'invited'),
        deactivated: sum((row) => row.status === 'deactivated'),
      },
      teams: teamCount?.n ?? 0,
      signIns: lastDays(user.timeZone).map((date) => ({ day: date, count: counts.get(date) ?? 0 })),
    }
  }
  return { get }
}

/** The last OVERVIEW_DAYS dates (YYYY-MM-DD) in a time zone, oldest first, today last. */
function lastDays(timeZone: string): string[] {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
  const today = format.format(new Date())
  const [y, m, d] = today.split('-').map(Number) as [number, number, number]
  return Array.from({ length: OVERVIEW_DAYS }, (_, i) =>
    new Date(Date.UTC(y, m - 1, d - (OVERVIEW_DAYS - 1 - i))).toISOString().slice(0, 10),
  )
}

export type OverviewService = ReturnType<typeof createOverviewService>
