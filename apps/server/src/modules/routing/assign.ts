import type { AttributeMatch, RoutingAction, RoutingAnswer, RoutingReason } from '@closeroom/shared'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { eventTypes, users } from '../../db/schema/index.ts'
import { activeHosts, rankHosts, recentLoads } from '../booking/module.ts'
import type { ClientsModule } from '../clients/module.ts'
import type { DealsModule } from '../deals/module.ts'

export type BookingAction = Extract<RoutingAction, { type: 'event-type' | 'members' }>

export type AssignInput = {
  organizationId: string
  action: BookingAction
  answers: Record<string, RoutingAnswer>
  /** The buyer's email (the form's first email answer), for ownership first. */
  email: string | null
}

export type Assignment = { members: { id: string; name: string }[]; reason: RoutingReason }

type Host = { userId: string; weight: number; name: string; attributes: Record<string, string[]> }

type Deps = {
  db: Db
  deals: Pick<DealsModule, 'clientOwnerOf'>
  clients: Pick<ClientsModule, 'findByEmail'>
  now?: () => number
}

const same = (value: string) => value.trim().toLowerCase()

/** The buyer's answer to a field as the values an attribute is compared with: a multi select's every choice. */
function answerValues(answer: RoutingAnswer | undefined): string[] {
  if (answer === undefined) return []
  return (Array.isArray(answer) ? answer : [String(answer)]).map(same).filter(Boolean)
}

/** Whether the host holds, for every entry, a value equal (ignoring case) to the buyer's answer or to a fixed value. */
function matchesAll(host: Host, match: AttributeMatch[], answers: Record<string, RoutingAnswer>): boolean {
  return match.every((entry) => {
    const wanted = new Set('field' in entry ? answerValues(answers[entry.field]) : entry.values.map(same))
    return (host.attributes[entry.attribute] ?? []).some((value) => wanted.has(same(value)))
  })
}

/**
 * Who may take a routed buyer's meeting, the first the provisional owner: the buyer's deal owner first when
 * they host the event type (ownership first), else the hosts the action names (all of them, those whose
 * attributes match, or the fallback's), in the order the event type's weighted round robin would give them
 * meetings; when no host matches the fallback either, every host, so that a routed buyer always has times to
 * choose from. Deactivated members host nothing, so they are never routed to.
 */
export function createAssigner({ db, deals, clients, now = Date.now }: Deps) {
  async function hostsOf(organizationId: string, eventTypeId: string): Promise<Host[]> {
    const [eventType] = await db
      .select({ id: eventTypes.id })
      .from(eventTypes)
      .where(and(eq(eventTypes.id, eventTypeId), eq(eventTypes.organizationId, organizationId)))
    if (!eventType) return []
    const hosts = await activeHosts(db, organizationId, eventTypeId)
    if (hosts.length === 0) return []
    const people = await db
      .select({ id: users.id, name: users.name, attributes: users.attributes })
      .from(users)
      .where(
        and(
          eq(users.organizationId, organizationId),
          inArray(
            users.id,
            hosts.map((h) => h.userId),
          ),
        ),
      )
    return hosts.flatMap((host) => {
      const person = people.find((p) => p.id === host.userId)
      return person ? [{ ...host, name: person.name, attributes: person.attributes }] : []
    })
  }

  /** Who looks after the buyer (their newest open deal's owner, else their newest deal's), when the organization knows their email. */
  async function dealOwner(organizationId: string, email: string | null): Promise<string | undefined> {
    if (!email) return undefined
    const clientId = await clients.findByEmail(organizationId, email)
    return clientId ? deals.clientOwnerOf(organizationId, clientId) : undefined
  }

  function chosen(action: BookingAction, hosts: Host[], answers: Record<string, RoutingAnswer>): { hosts: Host[]; reason: RoutingReason } {
    if (action.type === 'event-type') return { hosts, reason: 'hosts' }
    const matching = hosts.filter((host) => matchesAll(host, action.match, answers))
    if (matching.length > 0) return { hosts: matching, reason: 'attributes' }
    const fallback = hosts.filter((host) => matchesAll(host, action.fallback, answers))
    // No host matching the fallback either (attributes change after the outcome is saved): rather than a booking
    // page without a time, every host of the event type.
    return { hosts: fallback.length > 0 ? fallback : hosts, reason: 'fallback' }
  }

  async function assign({ organizationId, action, answers, email }: AssignInput): Promise<Assignment> {
    const hosts = await hostsOf(organizationId, action.eventTypeId)
    const present = (list: Host[]) => list.map((h) => ({ id: h.userId, name: h.name }))
    if (action.ownerFirst) {
      const ownerId = await dealOwner(organizationId, email)
      const owner = hosts.find((h) => h.userId === ownerId)
      if (owner) return { members: present([owner]), reason: 'owner' }
    }
    const choice = chosen(action, hosts, answers)
    const order = rankHosts(
      choice.hosts,
      await recentLoads(
        db,
        action.eventTypeId,
        choice.hosts.map((h) => h.userId),
        now(),
      ),
    )
    return { members: present(order.flatMap((id) => choice.hosts.filter((h) => h.userId === id))), reason: choice.reason }
  }

  return { assign }
}

export type Assigner = ReturnType<typeof createAssigner>
