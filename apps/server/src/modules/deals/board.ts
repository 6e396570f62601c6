import type { Board } from '@closeroom/shared'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { deals } from '../../db/schema/index.ts'
import type { AuthContext } from '../auth/module.ts'
import { boardOrder } from './placement.ts'
import { presentSummary, selectSummaries } from './present.ts'
import { ensureStages, presentStage } from './stages.ts'

/** A column shows this many deals; its count and totals still cover all of them. */
export const BOARD_COLUMN_LIMIT = 200

/** The pipeline board: every stage in order with its deals by position. */
export function createBoardService({ db }: { db: Db }) {
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

  return { board }
}

export type BoardService = ReturnType<typeof createBoardService>
