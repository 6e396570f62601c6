// A booking page opened from a routing form (or any link) arrives with the buyer's answers in the address:
// /u/{handle}?type={slug}&routing={responseId}&name=…&email=…&phone=…&notes=…&{questionId}=…

/** What the booking form starts with, all of it editable, and the routing response the booking continues. */
export type BookingPrefill = {
  name: string
  email: string
  phone: string
  notes: string
  /** Answers by question id; a question with several answers (a multi select's choices) reads them joined. */
  answers: Record<string, string>
  /** The routing response's id: only the members routing chose are offered, and the booking is linked to it. */
  routing: string | undefined
}

/** The booker's own parameters, not answers. */
const OWN = new Set(['type', 'date', 'time', 'duration', 'routing', 'name', 'email', 'phone', 'notes'])
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function prefillOf(params: URLSearchParams): BookingPrefill {
  const answers: Record<string, string> = {}
  for (const key of new Set(params.keys())) if (!OWN.has(key)) answers[key] = params.getAll(key).join(', ')
  const routing = params.get('routing') ?? ''
  return {
    name: params.get('name') ?? '',
    email: params.get('email') ?? '',
    phone: params.get('phone') ?? '',
    notes: params.get('notes') ?? '',
    answers,
    // A malformed id would only make the slots request fail: it is left out instead.
    routing: UUID.test(routing) ? routing : undefined,
  }
}

/** The address's parameters with `changes` applied (null removes one): the prefill travels with every step. */
export function withParams(params: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(params)
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key)
    else next.set(key, value)
  }
  return `?${next}`
}
