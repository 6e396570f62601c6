import { Email, phone, ROUTING_LIMITS, type RoutingAnswer, type RoutingField } from '@closeroom/shared'
import { Invalid } from '../../http/errors.ts'

type Checked = { value: RoutingAnswer } | { problem: string }

const isBlank = (answer: RoutingAnswer) =>
  typeof answer === 'string' ? answer.trim() === '' : Array.isArray(answer) && answer.length === 0

function parsed(result: { success: true; data: string } | { success: false; error: { issues: { message: string }[] } }): Checked {
  return result.success ? { value: result.data } : { problem: result.error.issues[0]?.message ?? 'Is invalid' }
}

/** One answer checked against its question, kept the one way it is stored. */
function check(field: RoutingField, answer: RoutingAnswer): Checked {
  const options = new Set(field.options)
  if (field.type === 'number')
    return typeof answer === 'number' && Number.isFinite(answer) ? { value: answer } : { problem: 'Give a number' }
  if (field.type === 'multi_select') {
    if (!Array.isArray(answer)) return { problem: 'Choose among the choices given' }
    const unknown = answer.find((choice) => !options.has(choice))
    return unknown === undefined ? { value: [...new Set(answer)] } : { problem: `"${unknown}" is not one of the choices` }
  }
  if (typeof answer !== 'string') return { problem: 'Give a text' }
  if (field.type === 'select') return options.has(answer) ? { value: answer } : { problem: 'Choose one of the choices given' }
  if (field.type === 'email') return parsed(Email.safeParse(answer))
  if (field.type === 'phone') return parsed(phone.safeParse(answer))
  const max = field.type === 'long_text' ? ROUTING_LIMITS.maxLongText : ROUTING_LIMITS.maxShortText
  const text = answer.trim()
  return text.length > max ? { problem: `Keep it under ${max} characters` } : { value: text }
}

/**
 * A buyer's answers checked against the form: no unknown question, each answer of its question's type (the
 * choices given, a valid email, the shared phone rule), the required ones given unless `required` is false
 * (the test panel evaluates whatever it is given). Empty answers are left out; the rest come back as stored
 * (trimmed text, lower-cased email, phone in E.164). The first problem is refused, named `answers.<identifier>`.
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
    if (answer === undefined || isBlank(answer)) {
      if (required && field.required) throw Invalid(`answers.${field.identifier}: ${field.label} is required`)
      continue
    }
    const result = check(field, answer)
    if ('problem' in result) throw Invalid(`answers.${field.identifier}: ${result.problem}`)
    kept[field.identifier] = result.value
  }
  return kept
}

/** The first email question's answer: how the buyer is known to the organization. */
export function emailOf(fields: RoutingField[], answers: Record<string, RoutingAnswer>): string | null {
  const field = fields.find((f) => f.type === 'email' && typeof answers[f.identifier] === 'string')
  return field ? (answers[field.identifier] as string) : null
}
