import type { Board, DealSummary, MoveDeal } from '@closeroom/shared'
import { and, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { deals, pipelineStages } from '../../db/schema/index.ts'
import { Invalid, NotFound } from '../../http/errors.ts'
import type { AuthContext } from '../auth/sessions.ts'
import { writeActivity } from './activities.ts'
import type { DealEvents } from './deals.ts'
import { boardOrder, endOfColumn, lockStage, positionBefore } from './placement.ts'
import { DEAL_NOT_FOUND, presentSummary, selectSummaries, summaryOf } from './present.ts'
import { ensureStages, presentStage } from './stages.ts'

/** A column shows this many deals; its count and totals still cover all of them. */
export const BOARD_COLUMN_LIMIT = 200

/** The pipeline board: every stage in order with its deals by position, and drops onto it. */
export function createBoardService({ db, events }: { db: Db; events: DealEvents }) {
  async function board(auth: AuthContext): Promise<Board> {
    const { organizationId } = auth.user
    const stages = await ensureStages(db, organizationId)
    const totals = await db
      .select({
        stageId: deals.stageId,
        currency: deals.currency,
        count: sql<number>`count(*)::int`.mapWith(Number),
        amount: sql<string>`sum(${deals.amount})::text`,
      })
      .from(deals)
      .where(eq(deals.organizationId, organizationId))
      .groupBy(deals.stageId, deals.currency)
      .orderBy(deals.currency)
    const columns = []
    for (const stage of stages) {
      const rows = await selectSummaries(db, organizationId, eq(deals.stageId, stage.id))
        .orderBy(...boardOrder)
        .limit(BOARD_COLUMN_LIMIT)
      const mine = totals.filter((t) => t.stageId === stage.id)
      columns.push({
        stage: presentStage(stage),
        deals: rows.map(presentSummary),
        count: mine.reduce((sum, t) => sum + t.count, 0),
        totals: mine.map((t) => ({ currency: t.currency, amount: Number(t.amount) })),
      })
    }
    return { columns }
  }

  /** Drops a deal into a stage, before `beforeId` or at the end of the column. */
  async function move(auth: AuthContext, id: string, input: z.output<typeof MoveDeal>): Promise<DealSummary> {
    const { organizationId } = auth.user
    const summary = await db.transaction(async (tx) => {
      const [stage] = await tx
        .select()
        .from(pipelineStages)
        .where(and(eq(pipelineStages.id, input.stageId), eq(pipelineStages.organizationId, organizationId)))
      if (!stage) throw Invalid('stageId: Choose a stage of this pipeline')
      // Column first, then the deal: the same order as every other write of positions.
      await lockStage(tx, stage.id)
      const [current] = await tx
        .select({ stageId: deals.stageId })
        .from(deals)
        .where(and(eq(deals.id, id), eq(deals.organizationId, organizationId)))
        .for('update')
      if (!current) throw NotFound(DEAL_NOT_FOUND)
      const position = input.beforeId
        ? await positionBefore(tx, organizationId, stage.id, input.beforeId, id)
        : await endOfColumn(tx, stage.id, id)
      await tx.update(deals).set({ stageId: stage.id, position, updatedAt: sql`now()` }).where(eq(deals.id, id))
      if (current.stageId !== stage.id) {
        const [from] = await tx.select({ name: pipelineStages.name }).from(pipelineStages).where(eq(pipelineStages.id, current.stageId))
        await writeActivity(tx, id, 'stage_changed', auth.user.id, { from: from?.name ?? null, to: stage.name })
      }
      return summaryOf(tx, organizationId, id)
    })
    events.changed(organizationId, summary)
    return summary
  }

  return { board, move }
}

export type BoardService = ReturnType<typeof createBoardService>
