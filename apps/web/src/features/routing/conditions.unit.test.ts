import type { RoutingField, RoutingGroup } from '@closeroom/shared'
import { describe, expect, it } from 'vitest'
import { groupOf, newRule, OPERATORS_BY_TYPE, ruleProblems, updateAt, valueKind } from './conditions'

const size: RoutingField = { identifier: 'size', label: 'Team size', type: 'number', required: false, options: [] }
const region: RoutingField = { identifier: 'region', label: 'Region', type: 'select', required: false, options: ['EMEA', 'APAC'] }

const tree: RoutingGroup = {
  combinator: 'and',
  rules: [
    { field: 'region', operator: 'equals', value: 'EMEA' },
    {
      combinator: 'or',
      rules: [
        { field: 'size', operator: 'greater_than', value: 100 },
        { field: 'size', operator: 'between' },
      ],
    },
  ],
}

describe('the condition builder’s rules', () => {
  it('offers each type only the operators that mean something for it', () => {
    expect(OPERATORS_BY_TYPE.number).not.toContain('contains')
    expect(OPERATORS_BY_TYPE.multi_select).not.toContain('equals')
    expect(OPERATORS_BY_TYPE.select).toContain('any_of')
  })

  it('picks the value input from the operator, then the question’s type', () => {
    expect(valueKind(size, 'is_empty')).toBe('none')
    expect(valueKind(size, 'between')).toBe('range')
    expect(valueKind(size, 'equals')).toBe('number')
    expect(valueKind(region, 'equals')).toBe('choice')
    expect(valueKind(region, 'any_of')).toBe('choices')
    expect(valueKind(undefined, 'contains')).toBe('text')
  })

  it('starts a new rule on the question with its first operator and an empty value', () => {
    expect(newRule(region)).toEqual({ field: 'region', operator: 'equals', value: '' })
    expect(newRule(size)).toEqual({ field: 'size', operator: 'equals', value: undefined })
  })

  it('replaces or removes a rule deep in the tree, leaving the rest as it was', () => {
    const changed = updateAt(tree, [1, 0], (rule) => ({ ...rule, value: 50 }))
    expect(changed.rules[1]).toEqual({
      combinator: 'or',
      rules: [
        { field: 'size', operator: 'greater_than', value: 50 },
        { field: 'size', operator: 'between' },
      ],
    })
    expect(changed.rules[0]).toBe(tree.rules[0])
    expect(updateAt(tree, [1], () => null).rules).toEqual([tree.rules[0]])
  })

  it('finds the rules whose value does not suit their operator, or whose question is gone', () => {
    expect(ruleProblems(tree, ['region', 'size'])).toEqual(['rules.1.rules.1'])
    expect(ruleProblems(tree, ['size'])).toEqual(['rules.0', 'rules.1.rules.1'])
  })

  it('reads a saved range, a list of numbers in the API, as the shared pair', () => {
    const saved = { combinator: 'or' as const, rules: [{ field: 'size', operator: 'between' as const, value: [10, 50] }] }
    expect(groupOf(saved)).toEqual({ combinator: 'or', rules: [{ field: 'size', operator: 'between', value: [10, 50] }] })
    const choices = { combinator: 'and' as const, rules: [{ field: 'region', operator: 'any_of' as const, value: ['EMEA'] }] }
    expect(groupOf(choices)).toEqual(choices)
  })
})
