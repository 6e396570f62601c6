import { isRoutingGroup, type RoutingAnswer, type RoutingField, type RoutingGroup, type RoutingRule } from '@closeroom/shared'
import type { TFunction } from '../../../locales/i18n'

/** A rule or a group of rules in words, with the fields' labels: "Region equals EU", "any of (Size is greater than 50, …)". */
export function ruleInWords(t: TFunction, fields: RoutingField[], rule: RoutingRule | RoutingGroup): string {
  if (isRoutingGroup(rule)) {
    const rules = rule.rules.map((each) => ruleInWords(t, fields, each)).join(', ')
    return t(`routingInsights.rules.${rule.combinator === 'and' ? 'all' : 'any'}`, { rules })
  }
  const field = fields.find((f) => f.identifier === rule.field)?.label ?? rule.field
  const { value } = rule
  if (rule.operator === 'between' && Array.isArray(value))
    return t('routingInsights.rules.between', { field, low: value[0], high: value[1] })
  return t(`routingInsights.rules.${rule.operator}`, { field, value: answerInWords(value ?? '') })
}

/** An answer as text: a multi select's choices joined. */
export function answerInWords(answer: RoutingAnswer | [number, number]): string {
  return Array.isArray(answer) ? answer.join(', ') : String(answer)
}

/** The top-level rules of an outcome that held, in words. */
export function matchedInWords(t: TFunction, fields: RoutingField[], conditions: RoutingGroup, matched: number[]): string[] {
  return matched.flatMap((index) => {
    const rule = conditions.rules[index]
    return rule ? [ruleInWords(t, fields, rule)] : []
  })
}
