import type { Board } from '@closeroom/shared'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { deals, pipelineStages, users } from '../../db/schema/index.ts'
import type { AuthContext } from '../auth/module.ts'
import { boardOrder } from './placement.ts'
import { presentSummary, type SummaryRow, summaryColumns } from './present.ts'
import { ensureStages, presentStage, type StageRow } from './stages.ts'

/** A column shows this many deals; its count and totals still cover all of them. */
export const BOARD_COLUMN_LIMIT = 200

type Total = { currency: string; amount: number }

/**
 * The whole board in one statement: each stage, its first deals (a lateral join, so the limit is per column),
 * and its count and per-currency totals over all its deals.
 */
function readBoard(db: Db, organizationId: string) {
  const card = db
    .select({
      ...summaryColumns,
      // A subquery's columns need names of their own: the owner's name beside the deal's, and computed ones.
      ownerName: sql<string>`${users.name}`.as('owner_name'),
      contactCount: sql<number>`${summaryColumns.contactCount}`.mapWith(Number).as('contact_count'),
      position: deals.position,
    })
    .from(deals)
    .innerJoin(users, eq(users.id, deals.ownerId))
    .where(and(eq(deals.organizationId, organizationId), eq(deals.stageId, pipelineStages.id)))
    .orderBy(...boardOrder)
    .limit(BOARD_COLUMN_LIMIT)
    .as('card')
  const byCurrency = db
    .select({
      currency: deals.currency,
      count: sql<number>`count(*)::int`.as('count'),
      amount: sql<number>`sum(${deals.amount})::bigint`.as('amount'),
    })
    .from(deals)
    .where(and(eq(deals.organizationId, organizationId), eq(deals.stageId, pipelineStages.id)))
    .groupBy(deals.currency)
    .as('by_currency')
  const stats = db
    .select({
      count: sql<number>`coalesce(sum(${byCurrency.count}), 0)::int`.mapWith(Number).as('count'),
      totals: sql<
        Total[] | null
      >`json_agg(json_build_object('currency', ${byCurrency.currency}, 'amount', ${byCurrency.amount}) order by ${byCurrency.currency})`.as(
        'totals',
      ),
    })
    .from(byCurrency)
    .as('stats')
  return db
    .select()
    .from(pipelineStages)
    .innerJoinLateral(stats, sql`true`)
    .leftJoinLateral(card, sql`true`)
    .where(eq(pipelineStages.organizationId, organizationId))
    .orderBy(asc(pipelineStages.position), asc(pipelineStages.createdAt), asc(pipelineStages.id), asc(card.position), asc(card.id))
}

/** The pipeline board: every stage in order with its deals by position. */
export function createBoardService({ db }: { db: Db }) {
  async function board(auth: AuthContext): Promise<Board> {
    const { organizationId } = auth.user
    let rows = await readBoard(db, organizationId)
    // A new organization's first read makes its stages, then reads the board they make.
    if (rows.length === 0) {
      await ensureStages(db, organizationId)
      rows = await readBoard(db, organizationId)
    }
    const columns = new Map<string, { stage: StageRow; deals: SummaryRow[]; count: number; totals: Total[] }>()
    for (const { pipeline_stages: stage, stats, card } of rows) {
      const column = columns.get(stage.id) ?? { stage, deals: [], count: stats.count, totals: stats.totals ?? [] }
      columns.set(stage.id, column)
      if (card) column.deals.push(card)
    }
    return {
      columns: [...columns.values()].map((column) => ({
        stage: presentStage(column.stage),
        deals: column.deals.map(presentSummary),
        count: column.count,
        totals: column.totals.map((t) => ({ currency: t.currency, amount: Number(t.amount) })),
      })),
    }
  }

  return { board }
}

export type BoardService = ReturnType<typeof createBoardService>
