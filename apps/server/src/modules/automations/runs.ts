import type { AutomationLogEntry, AutomationRun, AutomationRunList, AutomationRunsQuery } from '@closeroom/shared'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { automationRules, automationRuns, products } from '../../db/schema/index.ts'
import { Invalid, NotFound } from '../../http/errors.ts'
import type { Jobs } from '../../jobs/queue.ts'
import type { AuthContext } from '../auth/module.ts'
import { PRODUCT_NOT_FOUND } from '../products/module.ts'
import { ActionFailed, type Actions, type RunContext } from './actions.ts'

const RUN_QUEUE = 'automation-run'
const UNEXPECTED = 'Something went wrong while running this action'

type RunRow = typeof automationRuns.$inferSelect

/** "Name <email> · Company": who set the run off, as plain text. */
function summaryOf(event: Record<string, string | null>) {
  const who = [event.name, event.email ? `<${event.email}>` : null].filter(Boolean).join(' ')
  return [who, event.company].filter(Boolean).join(' · ')
}

const present = (row: RunRow, ruleName: string): AutomationRun => ({
  id: row.id,
  ruleId: row.ruleId,
  ruleName,
  trigger: row.trigger,
  summary: summaryOf(row.event),
  dealId: row.event.dealId ?? null,
  status: row.status,
  log: row.log,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
})

/** The last row's creation time as PostgreSQL prints it (microseconds kept) and its id: opaque base64url JSON. */
const Cursor = z.object({ t: z.string().max(64), id: z.uuid() })
const encodeCursor = (cursor: z.infer<typeof Cursor>) => Buffer.from(JSON.stringify(cursor)).toString('base64url')
function decodeCursor(raw: string) {
  try {
    return Cursor.parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')))
  } catch {
    throw Invalid('cursor: Not a cursor of this list')
  }
}

type Deps = { db: Db; jobs: Jobs; actions: Actions; log: FastifyBaseLogger }

/**
 * Runs of a product's rules. A run is queued as a row and a job carrying its id; the worker claims the row
 * (queued → running) before doing anything, so a job delivered twice never sends an email or makes a deal twice.
 * A failing action ends the run as 'failed' with its reason: a rule whose stage was deleted is for a person to
 * fix, and a retry would only fail again.
 */
export async function createRunService({ db, jobs, actions, log }: Deps) {
  async function queue(rule: { id: string; organizationId: string; trigger: RunRow['trigger'] }, event: Record<string, string | null>) {
    const [run] = await db
      .insert(automationRuns)
      .values({ ruleId: rule.id, organizationId: rule.organizationId, trigger: rule.trigger, event, status: 'queued' })
      .returning({ id: automationRuns.id })
    if (!run) throw new Error('run insert returned nothing')
    await jobs.send(RUN_QUEUE, { runId: run.id })
  }

  async function execute(runId: string) {
    const [run] = await db
      .update(automationRuns)
      .set({ status: 'running' })
      .where(and(eq(automationRuns.id, runId), eq(automationRuns.status, 'queued')))
      .returning()
    if (!run) return
    const [rule] = await db
      .select({ rule: automationRules, product: products })
      .from(automationRules)
      .innerJoin(products, eq(products.id, automationRules.productId))
      .where(eq(automationRules.id, run.ruleId))
    if (!rule) return
    const ctx: RunContext = {
      organizationId: run.organizationId,
      rule: rule.rule,
      product: rule.product,
      event: run.event,
      dealId: run.event.dealId ?? null,
    }
    const entries: AutomationLogEntry[] = []
    let error: string | null = null
    for (const action of rule.rule.actions) {
      try {
        entries.push({ action: action.type, ok: true, detail: await actions.run(action, ctx) })
      } catch (cause) {
        if (!(cause instanceof ActionFailed)) log.error({ err: cause, runId, action: action.type }, 'automation action failed unexpectedly')
        error = cause instanceof ActionFailed ? cause.message : UNEXPECTED
        entries.push({ action: action.type, ok: false, detail: error })
      }
      // The log grows as the run goes, so a run cut short by a crash still shows how far it got.
      await db
        .update(automationRuns)
        .set({ log: entries, event: { ...run.event, dealId: ctx.dealId } })
        .where(eq(automationRuns.id, runId))
      if (error) break
    }
    await db
      .update(automationRuns)
      .set({ status: error ? 'failed' : 'succeeded', error, finishedAt: sql`now()` })
      .where(eq(automationRuns.id, runId))
  }

  async function list(auth: AuthContext, productId: string, query: z.output<typeof AutomationRunsQuery>): Promise<AutomationRunList> {
    const { organizationId } = auth.user
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.organizationId, organizationId)))
    if (!product) throw NotFound(PRODUCT_NOT_FOUND)
    const cursor = query.cursor ? decodeCursor(query.cursor) : undefined
    const rows = await db
      .select({ run: automationRuns, ruleName: automationRules.name, createdText: sql<string>`${automationRuns.createdAt}::text` })
      .from(automationRuns)
      .innerJoin(automationRules, eq(automationRules.id, automationRuns.ruleId))
      .where(
        and(
          eq(automationRuns.organizationId, organizationId),
          eq(automationRules.productId, productId),
          cursor ? sql`(${automationRuns.createdAt}, ${automationRuns.id}) < (${cursor.t}::timestamptz, ${cursor.id}::uuid)` : undefined,
        ),
      )
      .orderBy(desc(automationRuns.createdAt), desc(automationRuns.id))
      .limit(query.limit + 1)
    const page = rows.slice(0, query.limit)
    const last = page.at(-1)
    return {
      runs: page.map((r) => present(r.run, r.ruleName)),
      nextCursor: rows.length > query.limit && last ? encodeCursor({ t: last.createdText, id: last.run.id }) : null,
    }
  }

  await jobs.createQueue(RUN_QUEUE, { retryLimit: 0 })
  await jobs.work<{ runId: string }>(RUN_QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
    if (job) await execute(job.data.runId)
  })

  return { queue, list }
}

export type RunService = Awaited<ReturnType<typeof createRunService>>
