import type { PublicEventType, PublicProfile, Slots, SlotsQuery } from '@closeroom/shared'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { eventTypeHosts, eventTypes, organizations, teamMembers, teams, users } from '../../db/schema/index.ts'
import { Invalid, NotFound } from '../../http/errors.ts'
import { type Availability, rangeOf, rulesOf } from './availability.ts'
import type { EventTypeRow } from './event-types.ts'
import type { Handles } from './handles.ts'
import { type RoutingPort, routedHosts } from './routed.ts'
import { groupByDate, hostSlots, intersect, teamSlots } from './slots.ts'
import { todayIn, utcToZoned } from './zones.ts'

const PAGE_NOT_FOUND = 'This booking page does not exist'

/**
 * What a buyer sees without an account: a seller's or team's page with its visible event types, and the
 * free times of one of them. Only names, avatars and the organization's name and logo leave: no email,
 * no internal id of a person.
 */
export function createPublicPages({
  db,
  handles,
  availability,
  routing,
  now = Date.now,
}: {
  db: Db
  handles: Handles
  availability: Availability
  /** A buyer sent by a routing form is offered the times of the members it chose. */
  routing: Pick<RoutingPort, 'response'>
  now?: () => number
}) {
  async function presentEventTypes(rows: EventTypeRow[]): Promise<PublicEventType[]> {
    if (rows.length === 0) return []
    const hosts = await db
      .select({ eventTypeId: eventTypeHosts.eventTypeId, name: users.name, avatarUrl: users.avatarUrl })
      .from(eventTypeHosts)
      .innerJoin(users, eq(users.id, eventTypeHosts.userId))
      .where(
        and(
          inArray(
            eventTypeHosts.eventTypeId,
            rows.map((r) => r.id),
          ),
          eq(users.status, 'active'),
        ),
      )
      .orderBy(asc(users.name))
    const time = now()
    const zones = await availability.ownerZones(rows.map((r) => r.ownerId))
    const result: PublicEventType[] = []
    for (const row of rows) {
      const window = await availability.windowOf(row, time, zones)
      const earliest = Math.max(window.start, time + row.minimumNotice * 60_000)
      result.push({
        id: row.id,
        slug: row.slug,
        title: row.title,
        description: row.description,
        durations: row.durations,
        location: { kind: row.location.kind },
        kind: row.kind,
        requiresConfirmation: row.requiresConfirmation,
        questions: row.questions,
        hosts: hosts.filter((h) => h.eventTypeId === row.id).map(({ name, avatarUrl }) => ({ name, avatarUrl })),
        bookableFrom: earliest < window.end ? utcToZoned(earliest, window.timeZone).date : todayIn(window.timeZone, time),
        bookableUntil: utcToZoned(window.end - 1, window.timeZone).date,
      })
    }
    return result
  }

  async function profile(handle: string): Promise<PublicProfile> {
    const owner = await handles.resolve(handle)
    if (!owner) throw NotFound(PAGE_NOT_FOUND)
    const [organization] = await db
      .select({ name: organizations.name, logoUrl: organizations.logoUrl, timeZone: organizations.timeZone })
      .from(organizations)
      .where(eq(organizations.id, owner.organizationId))
    if (!organization) throw NotFound(PAGE_NOT_FOUND)
    const org = { name: organization.name, logoUrl: organization.logoUrl }

    if (owner.userId) {
      const [user] = await db
        .select({ name: users.name, avatarUrl: users.avatarUrl, timeZone: users.timeZone, status: users.status })
        .from(users)
        .where(eq(users.id, owner.userId))
      if (user?.status !== 'active') throw NotFound(PAGE_NOT_FOUND)
      const rows = await db
        .select()
        .from(eventTypes)
        .where(and(eq(eventTypes.ownerId, owner.userId), eq(eventTypes.kind, 'personal'), eq(eventTypes.hidden, false)))
        .orderBy(asc(eventTypes.title))
      return {
        id: handle,
        kind: 'user',
        name: user.name,
        avatarUrl: user.avatarUrl,
        timeZone: user.timeZone,
        organization: org,
        members: [],
        eventTypes: await presentEventTypes(rows),
      }
    }

    const teamId = owner.teamId ?? ''
    const [team] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId))
    if (!team) throw NotFound(PAGE_NOT_FOUND)
    const members = await db
      .select({ name: users.name, avatarUrl: users.avatarUrl })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, teamId), eq(users.status, 'active')))
      .orderBy(asc(users.name))
    const rows = await db
      .select()
      .from(eventTypes)
      .where(and(eq(eventTypes.teamId, teamId), eq(eventTypes.hidden, false)))
      .orderBy(asc(eventTypes.title))
    return {
      id: handle,
      kind: 'team',
      name: team.name,
      avatarUrl: null,
      timeZone: organization.timeZone,
      organization: org,
      members,
      eventTypes: await presentEventTypes(rows),
    }
  }

  /** The free starts of an event type in a range, grouped by date in the buyer's zone. */
  async function slots(eventType: EventTypeRow, query: SlotsQuery): Promise<Slots> {
    const duration = query.duration ?? eventType.durations[0] ?? 30
    if (!eventType.durations.includes(duration)) throw Invalid("duration: Choose one of this event type's durations")
    const time = now()
    const asked = rangeOf(query)
    const routedTo = query.routing ? (await routing.response(query.routing, eventType)).memberIds : undefined
    const { window, loaded: all } = await availability.load(eventType, asked, time)
    const loaded = routedHosts(eventType, all, routedTo)
    const range = intersect(asked, window)
    if (range.end <= range.start) return { slots: {} }
    const rules = rulesOf(eventType, duration)
    const [only] = loaded
    const starts =
      eventType.kind === 'personal'
        ? only
          ? hostSlots(only, rules, range, time)
          : []
        : teamSlots(eventType.kind, loaded, rules, range, time)
    return { slots: groupByDate(starts, query.timeZone) }
  }

  // presentEventTypes: a product room's booking widget shows its event type as these pages do.
  return { profile, slots, presentEventTypes }
}

export type PublicPages = ReturnType<typeof createPublicPages>
