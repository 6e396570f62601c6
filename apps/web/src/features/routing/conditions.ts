import {
  isRoutingGroup,
  ROUTING_LIMITS,
  type RoutingField,
  type RoutingFieldType,
  type RoutingGroup,
  type RoutingOperator,
  type RoutingRule,
  ruleValueProblem,
} from '@closeroom/shared'

// The condition tree's pure side: which operators suit a field, the value a rule starts with, and the checks the
// editor makes before the server does.

const TEXT_OPERATORS: RoutingOperator[] = ['equals', 'not_equals', 'any_of', 'contains', 'is_empty', 'is_not_empty']

/** The operators that mean something for a field of `type`. */
export const OPERATORS_BY_TYPE: Record<RoutingFieldType, RoutingOperator[]> = {
  short_text: TEXT_OPERATORS,
  long_text: TEXT_OPERATORS,
  email: TEXT_OPERATORS,
  phone: TEXT_OPERATORS,
  number: ['equals', 'not_equals', 'greater_than', 'less_than', 'between', 'is_empty', 'is_not_empty'],
  select: ['equals', 'not_equals', 'any_of', 'is_empty', 'is_not_empty'],
  multi_select: ['contains', 'any_of', 'is_empty', 'is_not_empty'],
}

/** What a rule's value input is: none, text, a number, two numbers, one choice or several. */
export type ValueKind = 'none' | 'text' | 'number' | 'range' | 'choice' | 'choices'

export function valueKind(field: RoutingField | undefined, operator: RoutingOperator): ValueKind {
  switch (operator) {
    case 'is_empty':
    case 'is_not_empty':
      return 'none'
    case 'between':
      return 'range'
    case 'greater_than':
    case 'less_than':
      return 'number'
    case 'any_of':
      return 'choices'
    default:
      if (field?.type === 'number') return 'number'
      if (field?.type === 'select' || field?.type === 'multi_select') return 'choice'
      return 'text'
  }
}

/** The value a rule starts with when its field or operator changes. */
export function emptyValue(kind: ValueKind): RoutingRule['value'] {
  if (kind === 'text' || kind === 'choice') return ''
  if (kind === 'choices') return []
  return undefined
}

/** A new rule on `field` with its first operator. */
export function newRule(field: RoutingField | undefined): RoutingRule {
  const operator = OPERATORS_BY_TYPE[field?.type ?? 'short_text'][0] ?? 'equals'
  return { field: field?.identifier ?? '', operator, value: emptyValue(valueKind(field, operator)) }
}

/** The rule at `path` (indexes from the top group down) replaced by `update`'s answer, or removed when it answers null. */
export function updateAt(
  group: RoutingGroup,
  path: number[],
  update: (item: RoutingRule | RoutingGroup) => RoutingRule | RoutingGroup | null,
): RoutingGroup {
  const [index, ...rest] = path
  if (index === undefined) return group
  const rules = group.rules.flatMap((item, i) => {
    if (i !== index) return [item]
    const next = rest.length === 0 ? update(item) : isRoutingGroup(item) ? updateAt(item, rest, update) : item
    return next ? [next] : []
  })
  return { ...group, rules }
}

/** Where each rule whose value does not suit its operator, or whose field is gone, sits: 'rules.0.rules.2'. */
export function ruleProblems(group: RoutingGroup, identifiers: string[], at = ''): string[] {
  return group.rules.flatMap((item, i) => {
    const path = `${at}rules.${i}`
    if (isRoutingGroup(item)) return ruleProblems(item, identifiers, `${path}.`)
    return !identifiers.includes(item.field) || ruleValueProblem(item) ? [path] : []
  })
}

export const canNest = (depth: number) => depth < ROUTING_LIMITS.maxDepth

type ApiRule = { field: string; operator: RoutingOperator; value?: string | number | string[] | number[] }
type ApiGroup = { combinator: 'and' | 'or'; rules: Array<ApiRule | ApiGroup> }

/** A rule's value in the shared shape: the API types a range as any list of numbers. */
function ruleValueOf(value: ApiRule['value']): RoutingRule['value'] {
  if (!Array.isArray(value)) return value
  const texts = value.filter((v): v is string => typeof v === 'string')
  return texts.length === value.length ? texts : [Number(value[0]), Number(value[1])]
}

/** A saved tree as the API gives it, in the shared schema's shape. */
export function groupOf(group: ApiGroup): RoutingGroup {
  return {
    combinator: group.combinator,
    rules: group.rules.map((item) => ('combinator' in item ? groupOf(item) : { ...item, value: ruleValueOf(item.value) })),
  }
}
