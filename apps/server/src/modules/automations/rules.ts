import type { AutomationAction, AutomationRule, SaveAutomationRule, UpdateAutomationRule } from '@closeroom/shared'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { automationRules, pipelineStages, products, teams, users } from '../../db/schema/index.ts'
import { Invalid, NotFound } from '../../http/errors.ts'
import { authorize } from '../../permissions.ts'
import type { AuthContext } from '../auth/module.ts'
import { PRODUCT_NOT_FOUND } from '../products/module.ts'

export const RULE_NOT_FOUND = 'Automation rule not found'
type RuleRow = typeof automationRules.$inferSelect

export const presentRule = (row: RuleRow): AutomationRule => ({
  id: row.id,
  productId: row.productId,
  name: row.name,
  trigger: row.trigger,
  actions: row.actions,
  active: row.active,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

/** A product's rules: everyone in the organization reads them, owners and admins change them. */
export function createRuleService({ db }: { db: Db }) {
  async function assertProduct(organizationId: string, productId: string) {
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.organizationId, organizationId)))
    if (!product) throw NotFound(PRODUCT_NOT_FOUND)
  }

  /** Every stage, team and person an action names must be the organization's; the message names the field. */
  async function assertActions(organizationId: string, actions: AutomationAction[]) {
    const stageIds = actions.flatMap((a) => (a.type === 'create_deal' ? [a.stageId] : []))
    const teamIds = actions.flatMap((a) => (a.type === 'assign_owner' ? [a.teamId] : []))
    const userIds = actions.flatMap((a) => (a.type === 'notify' ? [a.userId] : []))
    const [stages, ourTeams, people] = await Promise.all([
      stageIds.length
        ? db
            .select({ id: pipelineStages.id })
            .from(pipelineStages)
            .where(and(eq(pipelineStages.organizationId, organizationId), inArray(pipelineStages.id, stageIds)))
        : [],
      teamIds.length
        ? db
            .select({ id: teams.id })
            .from(teams)
            .where(and(eq(teams.organizationId, organizationId), inArray(teams.id, teamIds)))
        : [],
      userIds.length
        ? db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.organizationId, organizationId), eq(users.status, 'active'), inArray(users.id, userIds)))
        : [],
    ])
    const has = (rows: { id: string }[], id: string) => rows.some((r) => r.id === id)
    actions.forEach((action, i) => {
      if (action.type === 'create_deal' && !has(stages, action.stageId))
        throw Invalid(`actions.${i}.stageId: Choose a stage of this pipeline`)
      if (action.type === 'assign_owner' && !has(ourTeams, action.teamId)) throw Invalid(`actions.${i}.teamId: Choose one of your teams`)
      if (action.type === 'notify' && !has(people, action.userId))
        throw Invalid(`actions.${i}.userId: Choose an active member of your organization`)
    })
  }

  async function list(auth: AuthContext, productId: string): Promise<AutomationRule[]> {
    const { organizationId } = auth.user
    await assertProduct(organizationId, productId)
    const rows = await db
      .select()
      .from(automationRules)
      .where(and(eq(automationRules.productId, productId), eq(automationRules.organizationId, organizationId)))
      .orderBy(asc(automationRules.createdAt), asc(automationRules.id))
    return rows.map(presentRule)
  }

  async function create(auth: AuthContext, productId: string, input: z.output<typeof SaveAutomationRule>): Promise<AutomationRule> {
    authorize(auth.user, 'products.manage')
    const { organizationId } = auth.user
    await assertProduct(organizationId, productId)
    await assertActions(organizationId, input.actions)
    const [created] = await db
      .insert(automationRules)
      .values({ ...input, organizationId, productId })
      .returning()
    if (!created) throw new Error('rule insert returned nothing')
    return presentRule(created)
  }

  async function update(
    auth: AuthContext,
    productId: string,
    ruleId: string,
    input: z.output<typeof UpdateAutomationRule>,
  ): Promise<AutomationRule> {
    authorize(auth.user, 'products.manage')
    const { organizationId } = auth.user
    if (input.actions) await assertActions(organizationId, input.actions)
    const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined))
    const [updated] = await db
      .update(automationRules)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(ours(organizationId, productId, ruleId))
      .returning()
    if (!updated) throw NotFound(RULE_NOT_FOUND)
    return presentRule(updated)
  }

  async function remove(auth: AuthContext, productId: string, ruleId: string): Promise<void> {
    authorize(auth.user, 'products.manage')
    const deleted = await db
      .delete(automationRules)
      .where(ours(auth.user.organizationId, productId, ruleId))
      .returning({ id: automationRules.id })
    if (deleted.length === 0) throw NotFound(RULE_NOT_FOUND)
  }

  return { list, create, update, remove }
}

const ours = (organizationId: string, productId: string, ruleId: string) =>
  and(eq(automationRules.id, ruleId), eq(automationRules.productId, productId), eq(automationRules.organizationId, organizationId))

export type RuleService = ReturnType<typeof createRuleService>
