import type { RoutingResponse } from '@closeroom/shared'

/** The buyer's name, when the form asks for it under the `name` identifier (the one that fills the booking form's). */
export function buyerName(response: RoutingResponse): string | null {
  const name = response.answers.name
  return typeof name === 'string' && name.trim() ? name.trim() : null
}
