import { Email, phone, type RoutingAnswer, type RoutingField, routingAnswerProblem } from '@closeroom/shared'
import { Invalid } from '../../http/errors.ts'

const isBlank = (answer: RoutingAnswer) =>
  typeof answer === 'string' ? answer.trim() === '' : Array.isArray(answer) && answer.length === 0

/** An answer the shared rules took, the one way it is stored: trimmed text, lower-cased email, phone in E.164, each choice once. */
function stored(field: RoutingField, answer: RoutingAnswer): RoutingAnswer {
  if (typeof answer === 'number' || field.type === 'select') return answer
  if (Array.isArray(answer)) return [...new Set(answer)]
  if (field.type === 'email') return Email.parse(answer)
  if (field.type === 'phone') return phone.parse(answer)
  return answer.trim()
}

/**
 * A buyer's answers checked against the form by the shared rules the buyer's page checks them with
 * (`routingAnswerProblem`: required, the question's type, its choices, a valid email, the phone rule, the
 * length), so both refuse the same answers with the same sentence, one of MESSAGES, which the page shows in
 * the reader's language. No unknown question either. Required questions may be left out when `required` is
 * false (the test panel evaluates whatever it is given). Empty answers are left out; the rest come back as
 * stored. The first problem is refused, named `answers.<identifier>`.
 */
export function checkAnswers(
  fields: RoutingField[],
  answers: Record<string, RoutingAnswer>,
  { required = true }: { required?: boolean } = {},
): Record<string, RoutingAnswer> {
  const byId = new Map(fields.map((f) => [f.identifier, f]))
  const unknown = Object.keys(answers).find((id) => !byId.has(id))
  if (unknown) throw Invalid(`answers.${unknown}: This form has no such question`)
  const kept: Record<string, RoutingAnswer> = {}
  for (const field of fields) {
    const answer = answers[field.identifier]
    const blank = answer === undefined || isBlank(answer)
    const problem = routingAnswerProblem(required ? field : { ...field, required: false }, answer)
    if (problem) throw Invalid(`answers.${field.identifier}: ${problem}`)
    if (!blank) kept[field.identifier] = stored(field, answer)
  }
  return kept
}

/** The first email question's answer: how the buyer is known to the organization. */
export function emailOf(fields: RoutingField[], answers: Record<string, RoutingAnswer>): string | null {
  const field = fields.find((f) => f.type === 'email' && typeof answers[f.identifier] === 'string')
  return field ? (answers[field.identifier] as string) : null
}
