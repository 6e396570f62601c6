import type { RoutingAnswer, RoutingField } from '@closeroom/shared'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { routingForms, routingResponses, users } from '../../db/schema/index.ts'
import type { Jobs } from '../../jobs/queue.ts'
import type { Notifications } from '../notifications/module.ts'

const QUEUE = 'routing-no-booking'
const SUMMARY_MAX = 400

/** The buyer's answers in the form's order, as one line a notification can carry. */
function summary(fields: RoutingField[], answers: Record<string, RoutingAnswer>): string {
  const line = fields
    .filter((f) => answers[f.identifier] !== undefined && answers[f.identifier] !== '')
    .map((f) => {
      const answer = answers[f.identifier]
      return `${f.label}: ${Array.isArray(answer) ? answer.join(', ') : String(answer)}`
    })
    .join(' · ')
  return line.length > SUMMARY_MAX ? `${line.slice(0, SUMMARY_MAX - 1)}…` : line
}

/**
 * The follow-up on a routed buyer who was sent to book and has not: after the form's delay, whoever owns them
 * (the booking's host once known, else the provisional owner, else the form's owner) hears of it with their
 * answers. A pg-boss job, so the delay survives a restart.
 */
export function createNoBookingFollowUp({ db, jobs, notifications }: { db: Db; jobs: Jobs; notifications: Pick<Notifications, 'send'> }) {
  async function schedule(responseId: string, delayMinutes: number) {
    await jobs.send(QUEUE, { responseId }, { startAfter: new Date(Date.now() + delayMinutes * 60_000), retryLimit: 3 })
  }

  /** Tells the routed owner when the response still has no booking; says whether it told anyone. */
  async function run(responseId: string): Promise<boolean> {
    const [row] = await db
      .select({ response: routingResponses, form: routingForms })
      .from(routingResponses)
      .innerJoin(
        routingForms,
        and(eq(routingForms.id, routingResponses.formId), eq(routingForms.organizationId, routingResponses.organizationId)),
      )
      .where(eq(routingResponses.id, responseId))
    if (!row || row.response.bookingId) return false
    const { response, form } = row
    const candidates = [response.routedUserId, response.decision.members[0]?.id, form.ownerId].filter((id): id is string => !!id)
    // Someone deactivated since reads nothing: the next in line hears of it instead.
    const active = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.organizationId, response.organizationId), inArray(users.id, candidates), eq(users.status, 'active')))
    const userId = candidates.find((id) => active.some((u) => u.id === id))
    if (!userId) return false
    const name = response.answers.name
    await notifications.send({
      userId,
      kind: 'routing-no-booking',
      data: {
        name: typeof name === 'string' && name ? name : response.email,
        form: form.name,
        answers: summary(form.fields, response.answers),
      },
      url: `/routings/${form.id}`,
    })
    return true
  }

  async function start() {
    await jobs.createQueue(QUEUE)
    await jobs.work<{ responseId: string }>(QUEUE, { pollingIntervalSeconds: 5 }, async ([job]) => {
      if (job) await run(job.data.responseId)
    })
  }

  return { schedule, run, start }
}

export type NoBookingFollowUp = ReturnType<typeof createNoBookingFollowUp>
