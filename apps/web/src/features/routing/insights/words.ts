import type { RoutingOperator } from '@closeroom/shared'
import type { TFunction } from '../../../locales/i18n'

// The rules as the API gives them: the wire's tree, where a between's pair is any array of numbers.
type Rule = { field: string; operator: RoutingOperator; value?: string | number | string[] | number[] }
type Group = { combinator: 'and' | 'or'; rules: Array<Rule | Group> }
type Field = { identifier: string; label: string }

/** A rule or a group of rules in words, with the fields' labels: "Region equals EU", "any of (Size is greater than 50, …)". */
export function ruleInWords(t: TFunction, fields: Field[], rule: Rule | Group): string {
  if ('combinator' in rule) {
    const rules = rule.rules.map((each) => ruleInWords(t, fields, each)).join(', ')
    return t(`routingInsights.rules.${rule.combinator === 'and' ? 'all' : 'any'}`, { rules })
  }
  const field = fields.find((f) => f.identifier === rule.field)?.label ?? rule.field
  const { value } = rule
  if (rule.operator === 'between' && Array.isArray(value))
    return t('routingInsights.rules.between', { field, low: value[0], high: value[1] })
  return t(`routingInsights.rules.${rule.operator}`, { field, value: answerInWords(value ?? '') })
}

/** An answer or a rule's value as text: a multi select's choices joined. */
export function answerInWords(answer: string | number | string[] | number[]): string {
  return Array.isArray(answer) ? answer.join(', ') : String(answer)
}

/** The top-level rules of an outcome that held, in words. */
export function matchedInWords(t: TFunction, fields: Field[], conditions: Group, matched: number[]): string[] {
  return matched.flatMap((index) => {
    const rule = conditions.rules[index]
    return rule ? [ruleInWords(t, fields, rule)] : []
  })
}
