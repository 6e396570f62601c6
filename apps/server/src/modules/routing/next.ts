import type { RoutingAction, RoutingAnswer, RoutingNext } from '@closeroom/shared'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { eventTypes } from '../../db/schema/index.ts'
import { DEFAULT_FALLBACK } from './forms.ts'

/** The public booking pages' addresses (/u/{handle}), which the booking module owns: a port given by app.ts. */
export type BookingHandles = {
  forUser(userId: string): Promise<string>
  forTeam(teamId: string): Promise<string>
}

/** The booking form's own fields, filled by answers of the same identifier. */
const BOOKING_FIELDS = new Set(['name', 'email', 'phone', 'notes'])

function appendAnswer(params: URLSearchParams, name: string, answer: RoutingAnswer) {
  for (const value of Array.isArray(answer) ? answer : [answer]) params.append(name, String(value))
}

/** What the buyer's page does after their answers: book (with them filled in), read a message, or go elsewhere. */
export function createNextSteps({ db, handles }: { db: Db; handles: BookingHandles }) {
  /**
   * /u/{handle}?type={slug} as the booking page is addressed, with `routing` naming the response (the booking
   * narrows its hosts by it) and the answers the booking form asks for: its own fields and its questions'.
   */
  async function bookingUrl(organizationId: string, eventTypeId: string, responseId: string, answers: Record<string, RoutingAnswer>) {
    const [eventType] = await db
      .select({ slug: eventTypes.slug, ownerId: eventTypes.ownerId, teamId: eventTypes.teamId, questions: eventTypes.questions })
      .from(eventTypes)
      .where(and(eq(eventTypes.id, eventTypeId), eq(eventTypes.organizationId, organizationId)))
    if (!eventType) return null
    const handle = eventType.teamId ? await handles.forTeam(eventType.teamId) : await handles.forUser(eventType.ownerId)
    const params = new URLSearchParams({ type: eventType.slug, routing: responseId })
    const asked = new Set([...BOOKING_FIELDS, ...eventType.questions.map((q) => q.id)])
    for (const [identifier, answer] of Object.entries(answers)) if (asked.has(identifier)) appendAnswer(params, identifier, answer)
    return `/u/${encodeURIComponent(handle)}?${params}`
  }

  /** The redirect with every answer added as a query parameter (a multi select's choices repeated). */
  function redirect(url: string, answers: Record<string, RoutingAnswer>): string | null {
    const target = URL.parse(url)
    if (!target || (target.protocol !== 'https:' && target.protocol !== 'http:')) return null
    for (const [identifier, answer] of Object.entries(answers)) appendAnswer(target.searchParams, identifier, answer)
    return target.toString()
  }

  async function next(
    organizationId: string,
    action: RoutingAction,
    responseId: string,
    answers: Record<string, RoutingAnswer>,
  ): Promise<RoutingNext> {
    if (action.type === 'message') return { type: 'message', message: action.message }
    const target =
      action.type === 'url' ? redirect(action.url, answers) : await bookingUrl(organizationId, action.eventTypeId, responseId, answers)
    if (target === null) return { type: 'message', message: DEFAULT_FALLBACK.action.message }
    return action.type === 'url' ? { type: 'url', url: target } : { type: 'booking', bookingUrl: target }
  }

  return { next }
}

export type NextSteps = ReturnType<typeof createNextSteps>
