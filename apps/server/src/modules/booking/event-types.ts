import { type CreateEventType, can, type EventType, type UpdateEventType } from '@closeroom/shared'
import { and, asc, eq, inArray, or } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { bookings, eventTypeHosts, eventTypes, schedules, teamMembers, users } from '../../db/schema/index.ts'
import { Conflict, Invalid, isUniqueViolation, NotFound } from '../../http/errors.ts'
import { authorize } from '../../permissions.ts'
import type { AuthContext } from '../auth/module.ts'
import type { BookingCache } from './cache.ts'
import type { Handles } from './handles.ts'

export const EVENT_TYPE_NOT_FOUND = 'Event type not found'
const SLUG_TAKEN = 'slug: Another event type on this page already uses this address'

export type EventTypeRow = typeof eventTypes.$inferSelect
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
type CreateInput = z.output<typeof CreateEventType>
type HostInput = { userId: string; weight?: number }

/**
 * Event types: personal ones belong to their owner, team ones (round robin, collective) to a team and are
 * managed by owners and admins. Everyone in the organization may read them; only the page's people book.
 */
export function createEventTypeService({ db, handles, appUrl, cache }: { db: Db; handles: Handles; appUrl: string; cache: BookingCache }) {
  async function present(rows: EventTypeRow[]): Promise<EventType[]> {
    if (rows.length === 0) return []
    const hosts = await db
      .select({
        eventTypeId: eventTypeHosts.eventTypeId,
        userId: users.id,
        name: users.name,
        avatarUrl: users.avatarUrl,
        weight: eventTypeHosts.weight,
      })
      .from(eventTypeHosts)
      .innerJoin(users, eq(users.id, eventTypeHosts.userId))
      .where(
        inArray(
          eventTypeHosts.eventTypeId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(users.name))
    // One page per owner or team: a list of many event types looks each handle up once.
    const pages = new Map<string, Promise<string>>()
    const handleOf = (row: EventTypeRow) => {
      const key = row.teamId ? `team:${row.teamId}` : `user:${row.ownerId}`
      if (!pages.has(key)) pages.set(key, row.teamId ? handles.forTeam(row.teamId) : handles.forUser(row.ownerId))
      return pages.get(key) as Promise<string>
    }
    const result: EventType[] = []
    for (const row of rows) {
      const handle = await handleOf(row)
      result.push({
        id: row.id,
        kind: row.kind,
        ownerId: row.ownerId,
        teamId: row.teamId,
        slug: row.slug,
        title: row.title,
        description: row.description,
        durations: row.durations,
        location: row.location,
        bufferBefore: row.bufferBefore,
        bufferAfter: row.bufferAfter,
        minimumNotice: row.minimumNotice,
        bookingWindow: row.bookingWindow,
        slotInterval: row.slotInterval,
        dailyLimit: row.dailyLimit,
        weeklyLimit: row.weeklyLimit,
        requiresConfirmation: row.requiresConfirmation,
        questions: row.questions,
        hidden: row.hidden,
        scheduleId: row.scheduleId,
        hosts: hosts.filter((h) => h.eventTypeId === row.id).map(({ eventTypeId: _, ...h }) => h),
        bookingUrl: `${appUrl}/u/${handle}?type=${encodeURIComponent(row.slug)}`,
        createdAt: row.createdAt.toISOString(),
      })
    }
    return result
  }

  async function row(organizationId: string, id: string): Promise<EventTypeRow> {
    const [found] = await db
      .select()
      .from(eventTypes)
      .where(and(eq(eventTypes.id, id), eq(eventTypes.organizationId, organizationId)))
    if (!found) throw NotFound(EVENT_TYPE_NOT_FOUND)
    return found
  }

  /** Team hosts must be active members of the team; none named means every active member, weight 1. */
  async function resolveHosts(tx: Tx, organizationId: string, teamId: string, input: HostInput[]) {
    const members = await tx
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.organizationId, organizationId), eq(users.status, 'active')))
    const memberIds = new Set(members.map((m) => m.userId))
    if (memberIds.size === 0) throw Invalid('teamId: This team has no active members to host')
    const chosen = input.length > 0 ? input : [...memberIds].map((userId) => ({ userId, weight: 1 }))
    const seen = new Set<string>()
    for (const host of chosen) {
      if (!memberIds.has(host.userId)) throw Invalid('hosts: Every host must be an active member of the team')
      if (seen.has(host.userId)) throw Invalid('hosts: Each host once')
      seen.add(host.userId)
    }
    return chosen.map((h) => ({ userId: h.userId, weight: h.weight ?? 1 }))
  }

  async function assertOwnSchedule(tx: Tx, ownerId: string, scheduleId: string | null | undefined) {
    if (!scheduleId) return
    const [found] = await tx
      .select({ id: schedules.id })
      .from(schedules)
      .where(and(eq(schedules.id, scheduleId), eq(schedules.userId, ownerId)))
    if (!found) throw Invalid("scheduleId: Choose one of the owner's schedules")
  }

  async function list(auth: AuthContext): Promise<EventType[]> {
    const { id, organizationId } = auth.user
    const myTeams = db.select({ teamId: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, id))
    const rows = await db
      .select()
      .from(eventTypes)
      .where(
        and(
          eq(eventTypes.organizationId, organizationId),
          // Admins see every team's event types, since they manage them; members their own and their teams'.
          can(auth.user, 'eventTypes.manageTeam')
            ? or(eq(eventTypes.ownerId, id), eq(eventTypes.kind, 'round_robin'), eq(eventTypes.kind, 'collective'))
            : or(eq(eventTypes.ownerId, id), inArray(eventTypes.teamId, myTeams)),
        ),
      )
      .orderBy(asc(eventTypes.teamId), asc(eventTypes.title))
    // A member's personal event types are theirs alone; an admin who created team ones sees those above.
    return present(rows.filter((r) => r.teamId !== null || r.ownerId === id))
  }

  async function get(auth: AuthContext, id: string): Promise<EventType> {
    const [presented] = await present([await row(auth.user.organizationId, id)])
    if (!presented) throw NotFound(EVENT_TYPE_NOT_FOUND)
    return presented
  }

  async function create(auth: AuthContext, input: CreateInput): Promise<EventType> {
    const { id: ownerId, organizationId } = auth.user
    authorize(auth.user, 'eventTypes.manage', { teamId: input.teamId, ownerId })
    try {
      const id = await db.transaction(async (tx) => {
        await assertOwnSchedule(tx, ownerId, input.scheduleId)
        const { hosts: hostInput, ...fields } = input
        const hosts = input.teamId ? await resolveHosts(tx, organizationId, input.teamId, hostInput) : [{ userId: ownerId, weight: 1 }]
        const [created] = await tx
          .insert(eventTypes)
          .values({ ...fields, organizationId, ownerId })
          .returning({ id: eventTypes.id })
        if (!created) throw new Error('event type insert returned nothing')
        await tx.insert(eventTypeHosts).values(hosts.map((h) => ({ ...h, eventTypeId: created.id, organizationId })))
        return created.id
      })
      return get(auth, id)
    } catch (error) {
      if (isUniqueViolation(error)) throw Conflict(SLUG_TAKEN, { code: 'slug_taken' })
      throw error
    }
  }

  async function update(auth: AuthContext, id: string, input: UpdateEventType): Promise<EventType> {
    const { organizationId } = auth.user
    const current = await row(organizationId, id)
    authorize(auth.user, 'eventTypes.manage', current)
    const { hosts: hostInput, ...fields } = input
    if (hostInput && !current.teamId) throw Invalid('hosts: A personal event type is hosted by its owner')
    try {
      await db.transaction(async (tx) => {
        await assertOwnSchedule(tx, current.ownerId, fields.scheduleId)
        const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined))
        if (Object.keys(changes).length > 0) await tx.update(eventTypes).set(changes).where(eq(eventTypes.id, id))
        if (hostInput && current.teamId) {
          const hosts = await resolveHosts(tx, organizationId, current.teamId, hostInput)
          await tx.delete(eventTypeHosts).where(eq(eventTypeHosts.eventTypeId, id))
          await tx.insert(eventTypeHosts).values(hosts.map((h) => ({ ...h, eventTypeId: id, organizationId })))
        }
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw Conflict(SLUG_TAKEN, { code: 'slug_taken' })
      throw error
    }
    await cache.eventTypeChanged(id)
    return get(auth, id)
  }

  async function remove(auth: AuthContext, id: string): Promise<void> {
    const current = await row(auth.user.organizationId, id)
    authorize(auth.user, 'eventTypes.manage', current)
    // Bookings are the buyers' and the history's: a type that has any is hidden, not deleted.
    const [booked] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.eventTypeId, id)).limit(1)
    if (booked) throw Conflict('This event type has bookings: hide it instead, so they are kept', { code: 'event_type_has_bookings' })
    await db.delete(eventTypes).where(eq(eventTypes.id, id))
    await cache.eventTypeChanged(id)
  }

  return { list, get, create, update, remove, row, present }
}

export type EventTypeService = ReturnType<typeof createEventTypeService>
