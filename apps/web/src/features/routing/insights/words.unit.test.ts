import type { RoutingField } from '@closeroom/shared'
import { describe, expect, it } from 'vitest'
import type { TFunction } from '../../../locales/i18n'
import { en } from '../../../locales/routing-insights/en'
import { matchedInWords, ruleInWords } from './words'

// English's texts, interpolated as the app's t does: enough to read the sentences the rules make.
const t = ((key: string, values: Record<string, unknown> = {}) => {
  const text = key.split('.').reduce<unknown>((tree, part) => (tree as Record<string, unknown>)[part], en) as string
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]))
}) as TFunction

const fields: RoutingField[] = [
  { identifier: 'region', label: 'Region', type: 'select', required: true, options: ['EU', 'US'] },
  { identifier: 'seats', label: 'Seats', type: 'number', required: false, options: [] },
  { identifier: 'needs', label: 'Needs', type: 'multi_select', required: false, options: ['CRM', 'Calls'] },
]

describe('rules in words', () => {
  it('says a rule with its field’s label and its value', () => {
    expect(ruleInWords(t, fields, { field: 'region', operator: 'equals', value: 'EU' })).toBe('Region equals EU')
    expect(ruleInWords(t, fields, { field: 'seats', operator: 'between', value: [10, 50] })).toBe('Seats is between 10 and 50')
    expect(ruleInWords(t, fields, { field: 'needs', operator: 'any_of', value: ['CRM', 'Calls'] })).toBe('Needs is any of CRM, Calls')
    expect(ruleInWords(t, fields, { field: 'seats', operator: 'is_empty' })).toBe('Seats is empty')
    expect(ruleInWords(t, fields, { field: 'gone', operator: 'contains', value: 'x' })).toBe('gone contains x')
  })

  it('says a nested group by its combinator', () => {
    const group = {
      combinator: 'or' as const,
      rules: [
        { field: 'region', operator: 'equals' as const, value: 'US' },
        { field: 'seats', operator: 'greater_than' as const, value: 100 },
      ],
    }
    expect(ruleInWords(t, fields, group)).toBe('any of (Region equals US, Seats is greater than 100)')
  })

  it('lists the top-level rules that held, by their index', () => {
    const conditions = {
      combinator: 'or' as const,
      rules: [
        { field: 'region', operator: 'equals' as const, value: 'EU' },
        { field: 'seats', operator: 'less_than' as const, value: 5 },
      ],
    }
    expect(matchedInWords(t, fields, conditions, [1, 7])).toEqual(['Seats is less than 5'])
  })
})
