import type { BookingQuestion, RoutingAnswer } from '@closeroom/shared'
import { checkAnswers } from './answers.ts'
import type { EventTypeRow } from './event-types.ts'

/** A routing form's response a buyer books from, as routing reports it. */
export type RoutedResponse = {
  /** The members routing chose: only they are offered. */
  memberIds: string[]
  answers: Record<string, RoutingAnswer>
  /** The buyer's deal routing opened or moved: the booking joins it. */
  dealId: string | null
}

/**
 * What booking asks of routing, passed in by app.ts: routing's outcomes book booking's event types, so routing
 * sits above booking and booking cannot import it.
 */
export type RoutingPort = {
  /**
   * The response, when it is of the event type's organization and its outcome books this very event type;
   * a 404 otherwise, so a response id cannot be used to probe another page.
   */
  response(responseId: string, eventType: Pick<EventTypeRow, 'id' | 'organizationId'>): Promise<RoutedResponse>
  /** The booking made from the response: routing records it with its host and hands the buyer's deal to them. */
  booked(responseId: string, booking: { id: string; organizationId: string; hostId: string }): Promise<void>
}

/**
 * Who of these hosts a routed buyer may book: the members routing chose. A collective meeting needs every host,
 * so it is not narrowed.
 */
export function routedHosts<H extends { userId: string }>(
  eventType: Pick<EventTypeRow, 'kind'>,
  hosts: H[],
  memberIds: string[] | undefined,
): H[] {
  if (!memberIds || eventType.kind === 'collective') return hosts
  const chosen = new Set(memberIds)
  return hosts.filter((h) => chosen.has(h.userId))
}

/**
 * The response's answers to the event type's questions (same identifier), as a booking stores them: a number as
 * text, a multi select's choices joined. One the question would refuse (a select's answer among other options)
 * is left for the buyer to give, rather than refusing a booking for an answer they did not type there.
 */
export function routedAnswers(questions: BookingQuestion[], answers: Record<string, RoutingAnswer>): Record<string, string | boolean> {
  const carried: Record<string, string | boolean> = {}
  for (const question of questions) {
    const answer = answers[question.id]
    if (answer === undefined || question.type === 'checkbox') continue
    const text = Array.isArray(answer) ? answer.join(', ') : String(answer)
    try {
      Object.assign(carried, checkAnswers([{ ...question, required: false }], { [question.id]: text }))
    } catch {
      // Not an answer this question takes: the buyer answers it on the booking form.
    }
  }
  return carried
}
