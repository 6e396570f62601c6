import { randomBytes } from 'node:crypto'
import type { CreateRoutingForm, RoutingForm, RoutingOutcome, UpdateRoutingForm } from '@closeroom/shared'
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { routingForms, routingOutcomes, routingResponses } from '../../db/schema/index.ts'
import { Conflict, Invalid, isUniqueViolation, NotFound } from '../../http/errors.ts'
import { slugify } from '../../lib/slugs.ts'
import { authorize } from '../../permissions.ts'
import type { AuthContext } from '../auth/module.ts'
import { conditionsProblem } from './checks.ts'

export const FORM_NOT_FOUND = 'Routing form not found'
const SLUG_TAKEN = 'slug: Another routing form already uses this address'

export type FormRow = typeof routingForms.$inferSelect
export type OutcomeRow = typeof routingOutcomes.$inferSelect

/** What a new form answers when nothing else matches, until its owner says otherwise. */
export const DEFAULT_FALLBACK = {
  name: 'Everyone else',
  action: { type: 'message' as const, message: 'Thank you! We have your answers and will be in touch soon.' },
}

/** A form's fallback as it starts: last, matching everyone, with DEFAULT_FALLBACK's message. */
export const fallbackOutcome = (formId: string, organizationId: string, position: number) => ({
  formId,
  organizationId,
  name: DEFAULT_FALLBACK.name,
  conditions: { combinator: 'and' as const, rules: [] },
  action: DEFAULT_FALLBACK.action,
  fallback: true,
  position,
})

/** The outcomes in the order buyers meet them: by position, the fallback last whatever its position says. */
export const outcomeOrder = [asc(routingOutcomes.fallback), asc(routingOutcomes.position), asc(routingOutcomes.createdAt)]

export function presentOutcome(row: OutcomeRow, position: number): RoutingOutcome {
  return {
    id: row.id,
    name: row.name,
    conditions: row.conditions,
    action: row.action,
    deal: row.dealStageId ? { stageId: row.dealStageId } : null,
    fallback: row.fallback,
    position,
  }
}

/** A form's outcomes in the order buyers meet them. */
export async function readOutcomes(db: Db, formId: string): Promise<OutcomeRow[]> {
  return db
    .select()
    .from(routingOutcomes)
    .where(eq(routingOutcomes.formId, formId))
    .orderBy(...outcomeOrder)
}

type Deps = {
  db: Db
  /** Told after each change of a form's questions or outcomes, and after its deletion: what routes by them is stale. */
  changed: (formId: string) => Promise<void>
}

/** The organization's routing forms: every member reads them and makes new ones; their owner and admins change them. */
export function createRoutingForms({ db, changed }: Deps) {
  async function row(organizationId: string, id: string): Promise<FormRow> {
    const [found] = await db
      .select()
      .from(routingForms)
      .where(and(eq(routingForms.id, id), eq(routingForms.organizationId, organizationId)))
    if (!found) throw NotFound(FORM_NOT_FOUND)
    return found
  }

  const outcomesOf = (formId: string) => readOutcomes(db, formId)

  /** After a change of its outcomes: the form's new version, so that every server routes by what it has now. */
  async function touch(form: FormRow) {
    await db.update(routingForms).set({ updatedAt: new Date() }).where(eq(routingForms.id, form.id))
    await changed(form.id)
  }

  async function responseCounts(formIds: string[]): Promise<Map<string, number>> {
    if (formIds.length === 0) return new Map()
    const rows = await db
      .select({ formId: routingResponses.formId, n: count() })
      .from(routingResponses)
      .where(inArray(routingResponses.formId, formIds))
      .groupBy(routingResponses.formId)
    return new Map(rows.map((r) => [r.formId, r.n]))
  }

  function base(form: FormRow, responseCount: number) {
    return {
      id: form.id,
      name: form.name,
      slug: form.slug,
      description: form.description,
      noBookingDelay: form.noBookingDelay,
      published: form.published,
      ownerId: form.ownerId,
      responseCount,
      createdAt: form.createdAt.toISOString(),
      updatedAt: form.updatedAt.toISOString(),
    }
  }

  async function present(form: FormRow): Promise<RoutingForm> {
    const [outcomes, counts] = await Promise.all([outcomesOf(form.id), responseCounts([form.id])])
    return { ...base(form, counts.get(form.id) ?? 0), fields: form.fields, outcomes: outcomes.map(presentOutcome) }
  }

  async function list(auth: AuthContext) {
    const organizationId = auth.user.organizationId
    const forms = await db
      .select()
      .from(routingForms)
      .where(eq(routingForms.organizationId, organizationId))
      .orderBy(desc(routingForms.createdAt), desc(routingForms.id))
    const ids = forms.map((f) => f.id)
    const [counts, outcomeCounts] = await Promise.all([
      responseCounts(ids),
      ids.length === 0
        ? []
        : db
            .select({ formId: routingOutcomes.formId, n: count() })
            .from(routingOutcomes)
            .where(inArray(routingOutcomes.formId, ids))
            .groupBy(routingOutcomes.formId),
    ])
    const outcomes = new Map(outcomeCounts.map((r) => [r.formId, r.n]))
    return forms.map((form) => ({
      ...base(form, counts.get(form.id) ?? 0),
      fieldCount: form.fields.length,
      outcomeCount: outcomes.get(form.id) ?? 0,
    }))
  }

  async function get(auth: AuthContext, id: string): Promise<RoutingForm> {
    return present(await row(auth.user.organizationId, id))
  }

  /** A slug chosen from the name gets a short suffix when the plain one is taken; a chosen one is refused. */
  async function insertForm(values: typeof routingForms.$inferInsert, chosen: boolean): Promise<FormRow> {
    for (let attempt = 0; attempt < 8; attempt++) {
      const slug = chosen || attempt === 0 ? values.slug : `${values.slug.slice(0, 52)}-${randomBytes(3).toString('hex')}`
      try {
        const [created] = await db
          .insert(routingForms)
          .values({ ...values, slug })
          .returning()
        if (!created) throw new Error('routing form insert returned nothing')
        return created
      } catch (error) {
        if (!isUniqueViolation(error)) throw error
        if (chosen) throw Conflict(SLUG_TAKEN, { code: 'slug_taken' })
      }
    }
    throw new Error('could not find a free routing form address')
  }

  async function create(auth: AuthContext, input: z.output<typeof CreateRoutingForm>): Promise<RoutingForm> {
    const { organizationId, id: ownerId } = auth.user
    const form = await insertForm(
      { ...input, organizationId, ownerId, slug: input.slug ?? slugify(input.name, 'form') },
      input.slug !== undefined,
    )
    await db.insert(routingOutcomes).values(fallbackOutcome(form.id, organizationId, 0))
    // A submission between the two inserts must not leave a copy of the form without its fallback.
    await changed(form.id)
    return present(form)
  }

  /** The form's own row, for a change: refused to members who neither own it nor administer. */
  async function editable(auth: AuthContext, id: string): Promise<FormRow> {
    const form = await row(auth.user.organizationId, id)
    authorize(auth.user, 'routings.manage', form)
    return form
  }

  async function update(auth: AuthContext, id: string, input: z.output<typeof UpdateRoutingForm>): Promise<RoutingForm> {
    const form = await editable(auth, id)
    // Outcomes keep working after a change of questions: one that would test a question (or choice) the form no
    // longer asks is named, and the change waits until that outcome is edited first.
    if (input.fields) {
      for (const outcome of await outcomesOf(id)) {
        const problem = conditionsProblem(input.fields, outcome)
        if (problem) throw Invalid(`fields: The outcome "${outcome.name}" still relies on this (${problem}); change it first`)
      }
    }
    const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined))
    try {
      await db
        .update(routingForms)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(routingForms.id, id), eq(routingForms.organizationId, form.organizationId)))
    } catch (error) {
      if (isUniqueViolation(error)) throw Conflict(SLUG_TAKEN, { code: 'slug_taken' })
      throw error
    }
    await changed(id)
    return get(auth, id)
  }

  async function remove(auth: AuthContext, id: string): Promise<void> {
    const form = await editable(auth, id)
    await db.delete(routingForms).where(and(eq(routingForms.id, id), eq(routingForms.organizationId, form.organizationId)))
    await changed(id)
  }

  return { row, editable, outcomesOf, touch, list, get, create, update, remove }
}

export type RoutingForms = ReturnType<typeof createRoutingForms>
