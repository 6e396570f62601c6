import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { deals, routingOutcomes, routingResponses } from '../../db/schema/index.ts'
import { NotFound } from '../../http/errors.ts'
import type { RoutingPort } from '../booking/module.ts'
import type { DealsModule } from '../deals/module.ts'

export const ROUTING_RESPONSE_NOT_FOUND = 'This routing answer does not lead to this meeting'

/**
 * Routing's side of a booking made after a form (booking's RoutingPort, wired in app.ts): which members the
 * buyer may book, and, once booked, the response's booking and host, and the buyer's deal following its meeting.
 */
export function createRoutedBookings({ db, deals: pipeline }: { db: Db; deals: Pick<DealsModule, 'assignOwner'> }): RoutingPort {
  async function response(responseId: string, eventType: { id: string; organizationId: string }) {
    const [row] = await db
      .select({
        answers: routingResponses.answers,
        decision: routingResponses.decision,
        dealId: routingResponses.dealId,
        action: routingOutcomes.action,
      })
      .from(routingResponses)
      .leftJoin(routingOutcomes, eq(routingOutcomes.id, routingResponses.outcomeId))
      .where(and(eq(routingResponses.id, responseId), eq(routingResponses.organizationId, eventType.organizationId)))
    // Where the buyer was sent when they answered: the decision says (the outcome may have changed or gone since);
    // a response routed before decisions recorded it asks its outcome.
    const action = row?.action
    const routedTo = row?.decision.eventTypeId ?? (action?.type === 'event-type' || action?.type === 'members' ? action.eventTypeId : null)
    if (!row || routedTo !== eventType.id) throw NotFound(ROUTING_RESPONSE_NOT_FOUND)
    return { memberIds: row.decision.members.map((m) => m.id), answers: row.answers, dealId: row.dealId }
  }

  async function booked(responseId: string, booking: { id: string; organizationId: string; hostId: string }) {
    const [row] = await db
      .update(routingResponses)
      .set({ bookingId: booking.id, routedUserId: booking.hostId })
      .where(and(eq(routingResponses.id, responseId), eq(routingResponses.organizationId, booking.organizationId)))
      .returning({ dealId: routingResponses.dealId, decision: routingResponses.decision })
    if (!row?.dealId) return
    const [deal] = await db
      .select({ ownerId: deals.ownerId })
      .from(deals)
      .where(and(eq(deals.id, row.dealId), eq(deals.organizationId, booking.organizationId)))
    // The deal went to the provisional owner before anyone booked; it follows the meeting to its host. A deal a
    // colleague has taken since stays theirs.
    const provisional = row.decision.members[0]?.id
    if (deal && deal.ownerId === provisional && provisional !== booking.hostId)
      await pipeline.assignOwner({ organizationId: booking.organizationId, dealId: row.dealId, ownerId: booking.hostId, actorId: null })
  }

  return { response, booked }
}
