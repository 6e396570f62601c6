import {
  groupDepth,
  isRoutingGroup,
  ROUTING_LIMITS,
  type RoutingAction,
  type RoutingField,
  type RoutingGroup,
  type RoutingRule,
  ruleValueProblem,
} from '@closeroom/shared'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { eventTypes } from '../../db/schema/index.ts'

/** What an outcome may point at, asked of the modules that own it. */
export type OutcomeChecks = {
  eventTypeKind(organizationId: string, eventTypeId: string): Promise<'personal' | 'round_robin' | 'collective' | undefined>
  stageExists(organizationId: string, stageId: string): Promise<boolean>
}

export function createOutcomeChecks({ db, stage }: { db: Db; stage: (organizationId: string, stageId: string) => Promise<unknown> }) {
  return {
    async eventTypeKind(organizationId, eventTypeId) {
      const [found] = await db
        .select({ kind: eventTypes.kind })
        .from(eventTypes)
        .where(and(eq(eventTypes.id, eventTypeId), eq(eventTypes.organizationId, organizationId)))
      return found?.kind
    },
    stageExists: async (organizationId, stageId) => (await stage(organizationId, stageId)) !== undefined,
  } satisfies OutcomeChecks
}

const NUMERIC = new Set(['greater_than', 'less_than', 'between'])
const choices = (field: RoutingField) => field.type === 'select' || field.type === 'multi_select'

/** Why a rule cannot test this field, or null. The path is the rule's ("conditions.rules.1"). */
function ruleProblem(rule: RoutingRule, fields: Map<string, RoutingField>, path: string): string | null {
  const field = fields.get(rule.field)
  if (!field) return `${path}.field: This form has no question "${rule.field}"`
  const valueProblem = ruleValueProblem(rule)
  if (valueProblem) return `${path}.value: ${valueProblem}`
  const { operator, value } = rule
  if (operator === 'is_empty' || operator === 'is_not_empty') return null
  if (field.type === 'number') {
    if (operator === 'any_of' || operator === 'contains') return `${path}.operator: A number is compared, not searched`
    if ((operator === 'equals' || operator === 'not_equals') && typeof value !== 'number') return `${path}.value: Give a number`
    return null
  }
  if (NUMERIC.has(operator)) return `${path}.operator: Only number questions are compared as numbers`
  if (typeof value === 'number') return `${path}.value: Give a text`
  if (choices(field)) {
    const options = new Set(field.options)
    const given = Array.isArray(value) ? value : [value]
    const unknown = given.find((v) => typeof v !== 'string' || !options.has(v))
    if (unknown !== undefined) return `${path}.value: "${unknown}" is not a choice of this question`
  }
  return null
}

function groupProblem(group: RoutingGroup, fields: Map<string, RoutingField>, path: string): string | null {
  for (const [index, rule] of group.rules.entries()) {
    const at = `${path}.rules.${index}`
    const problem = isRoutingGroup(rule) ? groupProblem(rule, fields, at) : ruleProblem(rule, fields, at)
    if (problem) return problem
  }
  return null
}

type OutcomeShape = { conditions: RoutingGroup; action: RoutingAction }

/** What in an outcome's conditions or attribute matches the form's questions do not support, or null. */
export function conditionsProblem(fieldList: RoutingField[], outcome: OutcomeShape): string | null {
  const fields = new Map(fieldList.map((f) => [f.identifier, f]))
  if (groupDepth(outcome.conditions) > ROUTING_LIMITS.maxDepth)
    return `conditions: Groups go at most ${ROUTING_LIMITS.maxDepth} levels deep`
  const problem = groupProblem(outcome.conditions, fields, 'conditions')
  if (problem) return problem
  if (outcome.action.type === 'members') {
    const { match, fallback } = outcome.action
    for (const [name, list] of [
      ['match', match],
      ['fallback', fallback],
    ] as const)
      for (const [index, m] of list.entries())
        if ('field' in m && !fields.has(m.field)) return `action.${name}.${index}.field: This form has no question "${m.field}"`
  }
  return null
}

/** The first problem of an outcome to save: its conditions, then what its action and deal stage point at. */
export async function outcomeProblem(
  checks: OutcomeChecks,
  organizationId: string,
  fields: RoutingField[],
  outcome: OutcomeShape & { stageId: string | null },
): Promise<string | null> {
  const problem = conditionsProblem(fields, outcome)
  if (problem) return problem
  const { action } = outcome
  if (action.type === 'event-type' || action.type === 'members') {
    const kind = await checks.eventTypeKind(organizationId, action.eventTypeId)
    if (!kind) return 'action.eventTypeId: Choose an event type of your organization'
    if (action.type === 'members' && kind !== 'round_robin')
      return 'action.eventTypeId: Routing to members by attributes needs a round robin team event type'
  }
  if (outcome.stageId && !(await checks.stageExists(organizationId, outcome.stageId)))
    return 'deal.stageId: Choose a stage of your pipeline'
  return null
}
