import { type BookingQuestion, Email, phone } from '@closeroom/shared'
import { Invalid } from '../../http/errors.ts'

type Answers = Record<string, string | boolean>

/**
 * Checks a buyer's answers against the event type's questions: required ones present, each of its type
 * (emails and phones by the shared rules, phones kept in E.164), select answers among the options, and
 * nothing the form did not ask. Returns the answers as stored.
 */
export function checkAnswers(questions: BookingQuestion[], answers: Answers = {}): Answers {
  const asked = new Set(questions.map((q) => q.id))
  const stray = Object.keys(answers).find((key) => !asked.has(key))
  if (stray) throw Invalid(`answers.${stray}: This question is not asked`)
  const result: Answers = {}
  for (const question of questions) {
    const where = `answers.${question.id}`
    const value = answers[question.id]
    const empty = value === undefined || value === '' || value === false
    if (empty) {
      if (question.required) throw Invalid(`${where}: ${question.label} is required`)
      continue
    }
    if (question.type === 'checkbox') {
      if (typeof value !== 'boolean') throw Invalid(`${where}: Must be checked or not`)
      result[question.id] = value
      continue
    }
    if (typeof value !== 'string') throw Invalid(`${where}: Must be text`)
    if (question.type === 'email') {
      const email = Email.safeParse(value)
      if (!email.success) throw Invalid(`${where}: ${email.error.issues[0]?.message}`)
      result[question.id] = email.data
    } else if (question.type === 'phone') {
      const number = phone.safeParse(value)
      if (!number.success) throw Invalid(`${where}: ${number.error.issues[0]?.message}`)
      result[question.id] = number.data
    } else if (question.type === 'select') {
      if (!question.options.includes(value)) throw Invalid(`${where}: Choose one of the options`)
      result[question.id] = value
    } else {
      result[question.id] = value.trim()
    }
  }
  return result
}
