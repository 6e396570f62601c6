import { createHash } from 'node:crypto'
import type { PublicRoutingForm, RoutingAnswer, RoutingDecision, RoutingSubmitted } from '@closeroom/shared'
import { and, asc, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { organizations, routingForms, routingResponses } from '../../db/schema/index.ts'
import { NotFound } from '../../http/errors.ts'
import type { AuthContext } from '../auth/module.ts'
import type { WebhookEmit } from '../webhooks/module.ts'
import { checkAnswers, emailOf } from './answers.ts'
import type { Assigner } from './assign.ts'
import type { RoutedDeals } from './deal.ts'
import type { CompiledForm, RoutingEvaluators } from './evaluators.ts'
import type { FormRow, OutcomeRow, RoutingForms } from './forms.ts'
import type { NextSteps } from './next.ts'
import type { NoBookingFollowUp } from './no-booking.ts'

const PUBLIC_NOT_FOUND = 'This form does not exist or is not open'
/** An identical submission within this long routes the same way without being stored twice (a double click, a retry). */
const REPEAT_WINDOW = '1 minute'

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)

type Deps = {
  db: Db
  forms: RoutingForms
  evaluators: Pick<RoutingEvaluators, 'of'>
  assigner: Assigner
  steps: NextSteps
  deals: RoutedDeals
  noBooking: Pick<NoBookingFollowUp, 'schedule'>
  emit: WebhookEmit
}

/** Buyers' answers routed: the public form, its submissions, and the signed-in test panel. */
export function createRoutingSubmissions({ db, forms, evaluators, assigner, steps, deals, noBooking, emit }: Deps) {
  /** A published form by its id or its slug; 404 for anything else, unpublished forms included. */
  async function published(idOrSlug: string): Promise<FormRow> {
    const [form] = await db
      .select()
      .from(routingForms)
      .where(
        and(
          isUuid(idOrSlug) ? eq(routingForms.id, idOrSlug) : eq(routingForms.slug, idOrSlug.toLowerCase()),
          eq(routingForms.published, true),
        ),
      )
    if (!form) throw NotFound(PUBLIC_NOT_FOUND)
    return form
  }

  async function publicForm(idOrSlug: string): Promise<PublicRoutingForm> {
    const form = await published(idOrSlug)
    const [organization] = await db
      .select({ name: organizations.name, logoUrl: organizations.logoUrl })
      .from(organizations)
      .where(eq(organizations.id, form.organizationId))
    if (!organization) throw NotFound(PUBLIC_NOT_FOUND)
    return { id: form.id, slug: form.slug, name: form.name, description: form.description, fields: form.fields, organization }
  }

  /** Where these answers go and, for a booking, who may take the meeting and why. */
  async function decide(form: FormRow, compiled: CompiledForm, answers: Record<string, RoutingAnswer>) {
    const evaluation = compiled.evaluate(answers)
    if (!evaluation) throw new Error(`routing form ${form.id} has no fallback outcome`)
    const { outcome, matchedRules } = evaluation
    const { action } = outcome
    const email = emailOf(form.fields, answers)
    const books = action.type === 'event-type' || action.type === 'members'
    const assignment = books
      ? await assigner.assign({ organizationId: form.organizationId, action, answers, email })
      : { members: [], reason: null }
    const decision: RoutingDecision = {
      outcomeId: outcome.id,
      outcomeName: outcome.name,
      fallback: outcome.fallback,
      matchedRules,
      members: assignment.members,
      reason: assignment.reason,
      ...(books && { eventTypeId: action.eventTypeId }),
    }
    return { outcome, decision, email }
  }

  /** The test panel: the decision for whatever answers are given (required questions may be left out), stored nowhere. */
  async function test(auth: AuthContext, formId: string, given: Record<string, RoutingAnswer>): Promise<RoutingDecision> {
    const form = await forms.row(auth.user.organizationId, formId)
    const answers = checkAnswers(form.fields, given, { required: false })
    return (await decide(form, await evaluators.of(form), answers)).decision
  }

  /**
   * Stores the response unless an identical submission (same form, same answers) was stored within the window:
   * then that one, with the outcome it was routed to while the outcome exists. Identical submissions sent at the
   * same moment take turns on a lock named by their fingerprint, so the second reads the row the first committed
   * instead of adding its own.
   */
  async function storeOnce(
    compiled: CompiledForm,
    response: typeof routingResponses.$inferInsert,
  ): Promise<{ id: string; repeatOf: OutcomeRow | null }> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`routing-response:${response.fingerprint}`}, 0))`)
      const [repeated] = await tx
        .select({ id: routingResponses.id, decision: routingResponses.decision })
        .from(routingResponses)
        .where(
          and(
            eq(routingResponses.formId, response.formId),
            eq(routingResponses.fingerprint, response.fingerprint),
            gt(routingResponses.createdAt, sql`now() - ${REPEAT_WINDOW}::interval`),
          ),
        )
        .orderBy(asc(routingResponses.createdAt))
        .limit(1)
      const repeatOf = repeated && compiled.outcomes.find((o) => o.id === repeated.decision.outcomeId)
      if (repeated && repeatOf) return { id: repeated.id, repeatOf }
      const [inserted] = await tx.insert(routingResponses).values(response).returning({ id: routingResponses.id })
      if (!inserted) throw new Error('routing response insert returned nothing')
      return { id: inserted.id, repeatOf: null }
    })
  }

  async function submit(idOrSlug: string, given: Record<string, RoutingAnswer>): Promise<RoutingSubmitted> {
    const form = await published(idOrSlug)
    const answers = checkAnswers(form.fields, given)
    const compiled = await evaluators.of(form)
    const fingerprint = createHash('sha256').update(form.id).update(JSON.stringify(answers)).digest('base64url')
    const { outcome, decision, email } = await decide(form, compiled, answers)
    // The first member a booking may go to owns the deal meanwhile; without one, the form's owner does.
    const ownerId = decision.members[0]?.id ?? (outcome.dealStageId && email ? form.ownerId : null)
    const response = await storeOnce(compiled, {
      organizationId: form.organizationId,
      formId: form.id,
      outcomeId: outcome.id,
      answers,
      email,
      decision,
      routedUserId: ownerId,
      fingerprint,
    })
    // A repeat routes the same way as the first, and its deal and follow-up were seen to then.
    if (response.repeatOf)
      return { responseId: response.id, outcome: await steps.next(form.organizationId, response.repeatOf.action, response.id, answers) }
    await emit(form.organizationId, 'routing_form.submitted', {
      formId: form.id,
      formName: form.name,
      responseId: response.id,
      email,
      answers,
      outcome: { id: outcome.id, name: outcome.name },
    })

    if (outcome.dealStageId && email && ownerId) {
      const dealId = await deals.route({
        organizationId: form.organizationId,
        form,
        outcomeName: outcome.name,
        stageId: outcome.dealStageId,
        email,
        ownerId,
        answers,
      })
      if (dealId) await db.update(routingResponses).set({ dealId }).where(eq(routingResponses.id, response.id))
    }
    const booking = outcome.action.type === 'event-type' || outcome.action.type === 'members'
    if (booking && form.noBookingDelay !== null) await noBooking.schedule(response.id, form.noBookingDelay)
    return { responseId: response.id, outcome: await steps.next(form.organizationId, outcome.action, response.id, answers) }
  }

  return { publicForm, test, submit }
}

export type RoutingSubmissions = ReturnType<typeof createRoutingSubmissions>
