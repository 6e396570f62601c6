import type { RoutingField } from '@closeroom/shared'
import { expect, it } from 'vitest'
import { answerOf, answersOf } from './answers'

const field = (identifier: string, type: RoutingField['type']): RoutingField => ({
  identifier,
  label: identifier,
  type,
  required: false,
  options: [],
})

it('sends numbers as numbers (a decimal comma too), trimmed text, and leaves empty fields out', () => {
  const fields = [field('size', 'number'), field('name', 'short_text'), field('notes', 'long_text'), field('needs', 'multi_select')]
  expect(answersOf(fields, { size: ' 12,5 ', name: '  Bea ', notes: '   ', needs: [] })).toEqual({ size: 12.5, name: 'Bea' })
})

it('keeps a number typed wrong as text, for the rules to refuse', () => {
  expect(answerOf(field('size', 'number'), 'twelve')).toBe('twelve')
  expect(answerOf(field('needs', 'multi_select'), ['Deals'])).toEqual(['Deals'])
})
