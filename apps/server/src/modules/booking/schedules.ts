import type { CreateSchedule, Schedule, UpdateSchedule, WeeklyRange } from '@closeroom/shared'
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { schedules, users } from '../../db/schema/index.ts'
import { Invalid, NotFound } from '../../http/errors.ts'
import type { AuthContext } from '../auth/module.ts'
import type { BookingCache } from './cache.ts'

const SCHEDULE_NOT_FOUND = 'Schedule not found'

/** What a new user can be booked for before they set anything: Monday to Friday, 9 to 5, in their zone. */
export const WORKING_HOURS: WeeklyRange[] = [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '17:00' }))

export type ScheduleRow = typeof schedules.$inferSelect
type Row = ScheduleRow

function present(row: Row): Schedule {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    timeZone: row.timeZone,
    weeklyHours: row.weeklyHours,
    overrides: row.overrides,
    isDefault: row.isDefault,
  }
}

/** A user's availability schedules; each user has exactly one default, created on first need. */
export function createScheduleService({ db, cache }: { db: Db; cache: BookingCache }) {
  /** The user's default schedule row, creating "Working hours" in their zone when they have none yet. */
  async function defaultFor(userId: string): Promise<Row> {
    const [found] = await db
      .select()
      .from(schedules)
      .where(and(eq(schedules.userId, userId), eq(schedules.isDefault, true)))
    if (found) return found
    const [user] = await db
      .select({ organizationId: users.organizationId, timeZone: users.timeZone })
      .from(users)
      .where(eq(users.id, userId))
    if (!user) throw NotFound('User not found')
    // Two first requests at once: the partial unique index lets one default in, the other reads it.
    await db
      .insert(schedules)
      .values({
        userId,
        organizationId: user.organizationId,
        name: 'Working hours',
        timeZone: user.timeZone,
        weeklyHours: WORKING_HOURS,
        isDefault: true,
      })
      .onConflictDoNothing()
    await cache.schedulesChanged(userId)
    const [created] = await db
      .select()
      .from(schedules)
      .where(and(eq(schedules.userId, userId), eq(schedules.isDefault, true)))
    if (!created) throw new Error('default schedule was not created')
    return created
  }

  /** Schedules by id for the slot engine; a host without one gets their default. */
  function forHosts(hosts: { userId: string; scheduleId: string | null }[]): Promise<Map<string, Row>> {
    return cache.schedules(hosts, read)
  }

  async function read(hosts: { userId: string; scheduleId: string | null }[]): Promise<Map<string, Row>> {
    const ids = hosts.flatMap((h) => (h.scheduleId ? [h.scheduleId] : []))
    const [named, defaults] = await Promise.all([
      ids.length > 0 ? db.select().from(schedules).where(inArray(schedules.id, ids)) : [],
      db
        .select()
        .from(schedules)
        .where(
          and(
            inArray(
              schedules.userId,
              hosts.map((h) => h.userId),
            ),
            eq(schedules.isDefault, true),
          ),
        ),
    ])
    const result = new Map<string, Row>()
    for (const host of hosts) {
      const row =
        named.find((s) => s.id === host.scheduleId && s.userId === host.userId) ??
        defaults.find((s) => s.userId === host.userId) ??
        (await defaultFor(host.userId))
      result.set(host.userId, row)
    }
    return result
  }

  async function own(auth: AuthContext, id: string): Promise<Row> {
    const [row] = await db
      .select()
      .from(schedules)
      .where(and(eq(schedules.id, id), eq(schedules.userId, auth.user.id)))
    if (!row) throw NotFound(SCHEDULE_NOT_FOUND)
    return row
  }

  async function list(auth: AuthContext): Promise<Schedule[]> {
    await defaultFor(auth.user.id)
    const rows = await db
      .select()
      .from(schedules)
      .where(eq(schedules.userId, auth.user.id))
      .orderBy(desc(schedules.isDefault), asc(schedules.name), asc(schedules.createdAt))
    return rows.map(present)
  }

  async function create(auth: AuthContext, input: CreateSchedule): Promise<Schedule> {
    await defaultFor(auth.user.id)
    const id = await db.transaction(async (tx) => {
      if (input.isDefault) await tx.update(schedules).set({ isDefault: false }).where(eq(schedules.userId, auth.user.id))
      const [row] = await tx
        .insert(schedules)
        .values({
          userId: auth.user.id,
          organizationId: auth.user.organizationId,
          name: input.name,
          timeZone: input.timeZone,
          weeklyHours: input.weeklyHours,
          overrides: input.overrides ?? [],
          isDefault: input.isDefault ?? false,
        })
        .returning({ id: schedules.id })
      if (!row) throw new Error('schedule insert returned nothing')
      return row.id
    })
    await cache.schedulesChanged(auth.user.id)
    return present(await own(auth, id))
  }

  async function update(auth: AuthContext, id: string, input: UpdateSchedule): Promise<Schedule> {
    const current = await own(auth, id)
    if (input.isDefault === false && current.isDefault)
      throw Invalid('isDefault: Make another schedule the default instead', { code: 'default_schedule' })
    await db.transaction(async (tx) => {
      if (input.isDefault && !current.isDefault)
        await tx
          .update(schedules)
          .set({ isDefault: false })
          .where(and(eq(schedules.userId, auth.user.id), ne(schedules.id, id)))
      const { name, timeZone, weeklyHours, overrides, isDefault } = input
      const changes = Object.fromEntries(
        Object.entries({ name, timeZone, weeklyHours, overrides, isDefault }).filter(([, v]) => v !== undefined),
      )
      if (Object.keys(changes).length > 0) await tx.update(schedules).set(changes).where(eq(schedules.id, id))
    })
    await cache.schedulesChanged(auth.user.id)
    return present(await own(auth, id))
  }

  async function remove(auth: AuthContext, id: string): Promise<void> {
    const current = await own(auth, id)
    if (current.isDefault) throw Invalid('Make another schedule the default before deleting this one', { code: 'default_schedule' })
    // Event types that used it fall back to the host's default (on delete set null).
    await db.delete(schedules).where(eq(schedules.id, id))
    await cache.scheduleDeleted(auth.user.id)
  }

  return { list, create, update, remove, own, defaultFor, forHosts }
}

export type ScheduleService = ReturnType<typeof createScheduleService>
