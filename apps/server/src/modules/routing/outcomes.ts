import { type CreateRoutingOutcome, ROUTING_LIMITS, type RoutingOutcome, type UpdateRoutingOutcome } from '@closeroom/shared'
import { and, eq, max, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { routingOutcomes } from '../../db/schema/index.ts'
import { Conflict, Invalid, NotFound } from '../../http/errors.ts'
import type { AuthContext } from '../auth/module.ts'
import { type OutcomeChecks, outcomeProblem } from './checks.ts'
import { type FormRow, presentOutcome, type RoutingForms } from './forms.ts'

const OUTCOME_NOT_FOUND = 'Outcome not found'
const FALLBACK_FIXED = 'The fallback matches whatever reaches it and stays last: only its name, action and deal change'

/** A form's outcomes: added, changed, removed and reordered by whoever may change the form. */
export function createRoutingOutcomes({ db, forms, checks }: { db: Db; forms: RoutingForms; checks: OutcomeChecks }) {
  async function check(form: FormRow, outcome: z.output<typeof CreateRoutingOutcome>) {
    const problem = await outcomeProblem(checks, form.organizationId, form.fields, { ...outcome, stageId: outcome.deal?.stageId ?? null })
    if (problem) throw Invalid(problem)
  }

  async function presented(formId: string, outcomeId: string): Promise<RoutingOutcome> {
    const rows = await forms.outcomesOf(formId)
    const index = rows.findIndex((r) => r.id === outcomeId)
    const found = rows[index]
    if (!found) throw NotFound(OUTCOME_NOT_FOUND)
    return presentOutcome(found, index)
  }

  async function create(auth: AuthContext, formId: string, input: z.output<typeof CreateRoutingOutcome>): Promise<RoutingOutcome> {
    const form = await forms.editable(auth, formId)
    await check(form, input)
    const [{ n, last } = { n: 0, last: null }] = await db
      .select({ n: sql<number>`count(*)::int`, last: max(routingOutcomes.position) })
      .from(routingOutcomes)
      .where(and(eq(routingOutcomes.formId, formId), eq(routingOutcomes.fallback, false)))
    if (n + 1 >= ROUTING_LIMITS.maxOutcomes)
      throw Conflict(`A form has at most ${ROUTING_LIMITS.maxOutcomes} outcomes`, { code: 'limit_reached' })
    const [created] = await db
      .insert(routingOutcomes)
      .values({
        formId,
        organizationId: form.organizationId,
        name: input.name,
        conditions: input.conditions,
        action: input.action,
        dealStageId: input.deal?.stageId ?? null,
        position: (last ?? -1) + 1,
      })
      .returning({ id: routingOutcomes.id })
    if (!created) throw new Error('routing outcome insert returned nothing')
    await forms.touch(form)
    return presented(formId, created.id)
  }

  async function row(form: FormRow, outcomeId: string) {
    const [found] = await db
      .select()
      .from(routingOutcomes)
      .where(
        and(
          eq(routingOutcomes.id, outcomeId),
          eq(routingOutcomes.formId, form.id),
          eq(routingOutcomes.organizationId, form.organizationId),
        ),
      )
    if (!found) throw NotFound(OUTCOME_NOT_FOUND)
    return found
  }

  async function update(
    auth: AuthContext,
    formId: string,
    outcomeId: string,
    input: z.output<typeof UpdateRoutingOutcome>,
  ): Promise<RoutingOutcome> {
    const form = await forms.editable(auth, formId)
    const current = await row(form, outcomeId)
    if (current.fallback && input.conditions) throw Conflict(`conditions: ${FALLBACK_FIXED}`)
    const next = {
      name: input.name ?? current.name,
      conditions: input.conditions ?? current.conditions,
      action: input.action ?? current.action,
      deal: input.deal === undefined ? (current.dealStageId ? { stageId: current.dealStageId } : null) : input.deal,
    }
    await check(form, next)
    await db
      .update(routingOutcomes)
      .set({ name: next.name, conditions: next.conditions, action: next.action, dealStageId: next.deal?.stageId ?? null })
      .where(eq(routingOutcomes.id, outcomeId))
    await forms.touch(form)
    return presented(formId, outcomeId)
  }

  async function remove(auth: AuthContext, formId: string, outcomeId: string): Promise<void> {
    const form = await forms.editable(auth, formId)
    const current = await row(form, outcomeId)
    if (current.fallback) throw Conflict(`A form always has its fallback: ${FALLBACK_FIXED}`)
    await db.delete(routingOutcomes).where(eq(routingOutcomes.id, outcomeId))
    await forms.touch(form)
  }

  /** Every outcome but the fallback, each once, in the new order; the fallback stays last. */
  async function reorder(auth: AuthContext, formId: string, outcomeIds: string[]): Promise<RoutingOutcome[]> {
    const form = await forms.editable(auth, formId)
    const rows = await forms.outcomesOf(formId)
    const fallback = rows.find((r) => r.fallback)
    if (fallback && outcomeIds.includes(fallback.id)) throw Conflict(`outcomeIds: ${FALLBACK_FIXED}`)
    const movable = new Set(rows.filter((r) => !r.fallback).map((r) => r.id))
    if (outcomeIds.length !== movable.size || new Set(outcomeIds).size !== outcomeIds.length || outcomeIds.some((id) => !movable.has(id)))
      throw Invalid("outcomeIds: List each of the form's outcomes but the fallback exactly once")
    await db.transaction(async (tx) => {
      for (const [position, id] of outcomeIds.entries())
        await tx
          .update(routingOutcomes)
          .set({ position })
          .where(and(eq(routingOutcomes.id, id), eq(routingOutcomes.formId, formId)))
    })
    await forms.touch(form)
    return (await forms.outcomesOf(formId)).map(presentOutcome)
  }

  return { create, update, remove, reorder }
}

export type RoutingOutcomes = ReturnType<typeof createRoutingOutcomes>
