import { describe, expect, it } from 'vitest'
import { MESSAGES } from './messages.ts'
import { routingAnswerProblem, routingAnswersProblems } from './routing-answers.ts'
import type { RoutingField } from './schemas/routing.ts'

const field = (type: RoutingField['type'], extra: Partial<RoutingField> = {}): RoutingField => ({
  identifier: 'answer',
  label: 'Answer',
  type,
  required: false,
  options: type === 'select' || type === 'multi_select' ? ['Europe', 'Asia'] : [],
  ...extra,
})

describe('a routing answer', () => {
  it('may be left out unless the field is required', () => {
    for (const empty of [undefined, '', '   ', []]) {
      expect(routingAnswerProblem(field('short_text'), empty)).toBeNull()
      expect(routingAnswerProblem(field('multi_select', { required: true }), empty)).toBe(MESSAGES.required)
    }
  })

  it.each([
    ['number', 'twelve', MESSAGES.number],
    ['number', Number.NaN, MESSAGES.number],
    ['email', 'ana@', MESSAGES.email],
    ['phone', '+33 1', MESSAGES.phone],
    ['select', 'Mars', MESSAGES.choice],
    ['select', ['Europe'], MESSAGES.choice],
    ['multi_select', ['Europe', 'Mars'], MESSAGES.choice],
    ['short_text', 'x'.repeat(501), MESSAGES.tooLong],
    ['short_text', 12, MESSAGES.invalid],
  ] as const)('of a %s field refuses %j', (type, answer, message) => {
    expect(routingAnswerProblem(field(type), answer as never)).toBe(message)
  })

  it.each([
    ['number', 12.5],
    ['email', 'ana@example.com'],
    ['phone', '+33 6 12 34 56 78'],
    ['select', 'Asia'],
    ['multi_select', ['Asia', 'Europe']],
    ['long_text', 'x'.repeat(5000)],
  ] as const)('of a %s field takes %j', (type, answer) => {
    expect(routingAnswerProblem(field(type), answer as never)).toBeNull()
  })

  it('names each field with a problem by its identifier', () => {
    const fields = [field('short_text', { identifier: 'name', required: true }), field('email', { identifier: 'email' })]
    expect(routingAnswersProblems(fields, { email: 'nope' })).toEqual({ name: MESSAGES.required, email: MESSAGES.email })
    expect(routingAnswersProblems(fields, { name: 'Ana', email: 'ana@example.com' })).toEqual({})
  })
})
