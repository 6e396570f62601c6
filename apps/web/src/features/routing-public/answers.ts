import type { RoutingAnswer, RoutingField } from '@closeroom/shared'

/** What a field holds while the buyer types: text (a number too, as typed), or a multi select's choices. */
export type RoutingFieldValue = string | string[]

export const emptyValue = (field: RoutingField): RoutingFieldValue => (field.type === 'multi_select' ? [] : '')

/** A number as typed: a decimal comma reads as a point ("12,5"); anything else not a number stays text. */
function numberOf(text: string): number | string {
  const normalized = text.replace(/\s/g, '').replace(',', '.')
  const number = Number(normalized)
  return normalized !== '' && Number.isFinite(number) ? number : text
}

/** The answer sent for a field, or undefined for one left empty. */
export function answerOf(field: RoutingField, value: RoutingFieldValue): RoutingAnswer | undefined {
  if (Array.isArray(value)) return value.length ? value : undefined
  const text = value.trim()
  if (text === '') return undefined
  return field.type === 'number' ? numberOf(text) : text
}

/** The answers of a whole form, empty fields left out. */
export function answersOf(fields: RoutingField[], values: Record<string, RoutingFieldValue>): Record<string, RoutingAnswer> {
  const answers: Record<string, RoutingAnswer> = {}
  for (const field of fields) {
    const answer = answerOf(field, values[field.identifier] ?? emptyValue(field))
    if (answer !== undefined) answers[field.identifier] = answer
  }
  return answers
}
