import { isValidPhoneNumber } from 'libphonenumber-js'
import { MESSAGES } from './messages.ts'
import { Email } from './schemas/common.ts'
import { ROUTING_LIMITS, type RoutingAnswer, type RoutingField } from './schemas/routing.ts'

// The rules a buyer's answers meet, field by field: the buyer's page checks them before sending, and the server
// can check the same ones, so both say the same sentence (each a MESSAGES entry the browser translates).

const isEmpty = (answer: RoutingAnswer | undefined) =>
  answer === undefined || (typeof answer === 'string' && answer.trim() === '') || (Array.isArray(answer) && answer.length === 0)

/** What is wrong with one answer to `field` (a MESSAGES sentence), or null when it is fine. */
export function routingAnswerProblem(field: RoutingField, answer: RoutingAnswer | undefined): string | null {
  if (isEmpty(answer)) return field.required ? MESSAGES.required : null
  switch (field.type) {
    case 'number':
      return typeof answer === 'number' && Number.isFinite(answer) ? null : MESSAGES.number
    case 'multi_select':
      return Array.isArray(answer) && answer.every((choice) => field.options.includes(choice)) ? null : MESSAGES.choice
    case 'select':
      return typeof answer === 'string' && field.options.includes(answer) ? null : MESSAGES.choice
    default: {
      if (typeof answer !== 'string') return MESSAGES.invalid
      const max = field.type === 'long_text' ? ROUTING_LIMITS.maxLongText : ROUTING_LIMITS.maxShortText
      if (answer.trim().length > max) return MESSAGES.tooLong
      if (field.type === 'email') return Email.safeParse(answer).success ? null : MESSAGES.email
      if (field.type === 'phone') return isValidPhoneNumber(answer.trim()) ? null : MESSAGES.phone
      return null
    }
  }
}

/** Every answer's problem by the field's identifier; empty when the answers can be sent. */
export function routingAnswersProblems(fields: RoutingField[], answers: Record<string, RoutingAnswer>): Record<string, string> {
  const problems: Record<string, string> = {}
  for (const field of fields) {
    const problem = routingAnswerProblem(field, answers[field.identifier])
    if (problem) problems[field.identifier] = problem
  }
  return problems
}
