import { and, count, eq, gt, inArray, max } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { bookingParticipants, bookings, eventTypeHosts, users } from '../../db/schema/index.ts'

const RECENT_MS = 30 * 24 * 60 * 60 * 1000

export type Candidate = { userId: string; weight: number }
export type Load = { userId: string; recent: number; lastBookedAt: number }

/**
 * Orders free hosts for a round-robin booking: fewest recent bookings per unit of weight first (a host of
 * weight 2 takes twice the share), then whoever was booked least recently, then a stable order.
 */
export function rankHosts(candidates: Candidate[], loads: Load[]): string[] {
  const loadOf = (userId: string) => loads.find((l) => l.userId === userId) ?? { userId, recent: 0, lastBookedAt: 0 }
  return [...candidates]
    .map((c) => ({ ...c, ...loadOf(c.userId) }))
    .sort((a, b) => a.recent / a.weight - b.recent / b.weight || a.lastBookedAt - b.lastBookedAt || a.userId.localeCompare(b.userId))
    .map((c) => c.userId)
}

/**
 * Who takes an event type's meetings, as its slots see them: the hosts it names (a personal one's owner; a team's
 * chosen members, every member when none were chosen, resolved on save), without the deactivated.
 */
export async function activeHosts(db: Db, organizationId: string, eventTypeId: string): Promise<Candidate[]> {
  return db
    .select({ userId: eventTypeHosts.userId, weight: eventTypeHosts.weight })
    .from(eventTypeHosts)
    .innerJoin(users, eq(users.id, eventTypeHosts.userId))
    .where(and(eq(eventTypeHosts.eventTypeId, eventTypeId), eq(eventTypeHosts.organizationId, organizationId), eq(users.status, 'active')))
}

/** Each host's bookings of this event type over the last 30 days (and ahead), not counting cancelled ones. */
export async function recentLoads(db: Db, eventTypeId: string, userIds: string[], now: number): Promise<Load[]> {
  if (userIds.length === 0) return []
  const rows = await db
    .select({ userId: bookingParticipants.userId, recent: count(), last: max(bookings.createdAt) })
    .from(bookingParticipants)
    .innerJoin(bookings, eq(bookings.id, bookingParticipants.bookingId))
    .where(
      and(
        eq(bookings.eventTypeId, eventTypeId),
        inArray(bookingParticipants.userId, userIds),
        inArray(bookings.status, ['pending', 'accepted']),
        gt(bookings.startAt, new Date(now - RECENT_MS)),
      ),
    )
    .groupBy(bookingParticipants.userId)
  return rows.map((r) => ({ userId: r.userId, recent: Number(r.recent), lastBookedAt: r.last ? new Date(r.last).getTime() : 0 }))
}
