import type { RoutingAction, RoutingAnswer, RoutingReason } from '@closeroom/shared'
import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { eventTypeHosts, eventTypes, users } from '../../db/schema/index.ts'

export type BookingAction = Extract<RoutingAction, { type: 'event-type' | 'members' }>

export type AssignInput = {
  organizationId: string
  action: BookingAction
  answers: Record<string, RoutingAnswer>
  /** The buyer's email (the form's first email answer), for ownership first. */
  email: string | null
}

export type Assignment = { members: { id: string; name: string }[]; reason: RoutingReason }

/**
 * Who may take a routed buyer's meeting, the first the provisional owner. For now, every host of the event
 * type (a team's hosts, or a personal event type's owner); ownership and attribute matching come on top.
 */
export function createAssigner({ db }: { db: Db }) {
  async function assign({ organizationId, action }: AssignInput): Promise<Assignment> {
    const [eventType] = await db
      .select({ ownerId: eventTypes.ownerId, teamId: eventTypes.teamId })
      .from(eventTypes)
      .where(and(eq(eventTypes.id, action.eventTypeId), eq(eventTypes.organizationId, organizationId)))
    if (!eventType) return { members: [], reason: 'hosts' }
    const members = eventType.teamId
      ? await db
          .select({ id: users.id, name: users.name })
          .from(eventTypeHosts)
          .innerJoin(users, eq(users.id, eventTypeHosts.userId))
          .where(and(eq(eventTypeHosts.eventTypeId, action.eventTypeId), eq(eventTypeHosts.organizationId, organizationId)))
          .orderBy(asc(users.name), asc(users.id))
      : await db
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(and(eq(users.id, eventType.ownerId), eq(users.organizationId, organizationId)))
    return { members, reason: 'hosts' }
  }

  return { assign }
}

export type Assigner = ReturnType<typeof createAssigner>
