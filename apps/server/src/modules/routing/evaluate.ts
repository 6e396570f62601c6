import {
  isRoutingGroup,
  type RoutingAnswer,
  type RoutingField,
  type RoutingFieldType,
  type RoutingGroup,
  type RoutingRule,
} from '@closeroom/shared'
import jsonLogic, { type RulesLogic } from 'json-logic-js'

/**
 * The rules engine: an outcome's condition tree becomes json-logic, evaluated against the answers made
 * comparable first (text trimmed and lower-cased, a multi select a sorted set, an empty answer null), so
 * that json-logic's plain operators carry the semantics:
 * - a missing or empty answer never satisfies equals, contains, any of, greater, less or between;
 *   is_empty holds for it (missing, '', only spaces, []);
 * - text compares ignoring case and surrounding spaces;
 * - a multi select equals a set of the same choices, is any of values it shares one with, and contains a
 *   choice it holds; not_equals is the opposite of equals.
 */

export type Comparable = string | number | string[] | null
type Logic = RulesLogic

const text = (value: string) => value.trim().toLowerCase()

/** One answer as the rules see it, by its question's type. */
export function comparable(type: RoutingFieldType, answer: RoutingAnswer | undefined): Comparable {
  if (answer === undefined) return null
  if (type === 'number') return typeof answer === 'number' && Number.isFinite(answer) ? answer : null
  if (type === 'multi_select') {
    const list = (Array.isArray(answer) ? answer : [String(answer)]).map(text).filter((v) => v !== '')
    return list.length === 0 ? null : [...new Set(list)].sort()
  }
  const value = text(Array.isArray(answer) ? answer.join(', ') : String(answer))
  return value === '' ? null : value
}

export function comparableAnswers(fields: RoutingField[], answers: Record<string, RoutingAnswer>): Record<string, Comparable> {
  return Object.fromEntries(fields.map((f) => [f.identifier, comparable(f.type, answers[f.identifier])]))
}

const present = (v: Logic): Logic => ({ '!==': [v, null] })
const values = (value: RoutingRule['value']): string[] => [
  ...new Set((Array.isArray(value) ? value : [value]).filter((v) => v !== undefined).map((v) => text(String(v)))),
]

function ruleLogic(rule: RoutingRule, fields: Map<string, RoutingFieldType>): Logic {
  const type = fields.get(rule.field)
  const answer: Logic = { var: rule.field }
  if (rule.operator === 'is_empty') return { '===': [answer, null] }
  if (rule.operator === 'is_not_empty') return present(answer)
  // A question the form no longer asks has no answer: only is_empty holds for it.
  if (!type) return false
  const { operator, value } = rule
  if (operator === 'not_equals') return { '!': [ruleLogic({ ...rule, operator: 'equals' }, fields)] }
  if (type === 'number') {
    if (operator === 'equals') return typeof value === 'number' ? { and: [present(answer), { '===': [answer, value] }] } : false
    if (operator === 'greater_than' && typeof value === 'number') return { and: [present(answer), { '>': [answer, value] }] }
    if (operator === 'less_than' && typeof value === 'number') return { and: [present(answer), { '<': [answer, value] }] }
    if (operator === 'between' && Array.isArray(value) && typeof value[0] === 'number' && typeof value[1] === 'number')
      return { and: [present(answer), { '<=': [value[0], answer, value[1]] }] }
    return false
  }
  const wanted = values(value)
  const element: Logic = { var: '' }
  if (type === 'multi_select') {
    if (operator === 'equals')
      return {
        and: [present(answer), { all: [answer, { in: [element, wanted] }] }, ...wanted.map((v): Logic => ({ in: [v, answer] }))],
      }
    if (operator === 'any_of') return { some: [answer, { in: [element, wanted] }] }
    if (operator === 'contains') return wanted.length === 1 ? { in: [wanted[0] as string, answer] } : false
    return false
  }
  if (operator === 'equals') return wanted.length === 1 ? { '===': [answer, wanted[0] as string] } : false
  if (operator === 'any_of') return { and: [present(answer), { in: [answer, wanted] }] }
  if (operator === 'contains') return wanted.length === 1 ? { and: [present(answer), { in: [wanted[0] as string, answer] }] } : false
  return false
}

/** The condition tree as json-logic; an empty group always holds. */
export function toJsonLogic(group: RoutingGroup, fields: Map<string, RoutingFieldType>): Logic {
  if (group.rules.length === 0) return true
  const parts = group.rules.map((rule) => (isRoutingGroup(rule) ? toJsonLogic(rule, fields) : ruleLogic(rule, fields)))
  return group.combinator === 'and' ? { and: parts } : { or: parts }
}

const holds = (logic: Logic, data: Record<string, Comparable>) => jsonLogic.truthy(jsonLogic.apply(logic, data))

type Evaluable = { conditions: RoutingGroup; fallback: boolean }
export type Evaluation<O> = { outcome: O; matchedRules: number[] }

/**
 * Evaluates a form's outcomes (in order, the fallback last) against answers: the first that matches wins
 * and the fallback always does. The outcomes are translated once, so the returned function is what a hot
 * path keeps.
 */
export function createEvaluator<O extends Evaluable>(fieldList: RoutingField[], outcomes: O[]) {
  const fields = new Map(fieldList.map((f) => [f.identifier, f.type]))
  const compiled = outcomes.map((outcome) => ({
    outcome,
    logic: toJsonLogic(outcome.conditions, fields),
    rules: outcome.conditions.rules.map((rule) =>
      isRoutingGroup(rule) ? toJsonLogic(rule, fields) : toJsonLogic({ combinator: 'and', rules: [rule] }, fields),
    ),
  }))
  return (answers: Record<string, RoutingAnswer>): Evaluation<O> | null => {
    const data = comparableAnswers(fieldList, answers)
    for (const { outcome, logic, rules } of compiled) {
      if (outcome.fallback) return { outcome, matchedRules: [] }
      if (holds(logic, data)) return { outcome, matchedRules: rules.flatMap((rule, index) => (holds(rule, data) ? [index] : [])) }
    }
    return null
  }
}
