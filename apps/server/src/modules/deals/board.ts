import type { Board } from '@closeroom/shared'
import { and, asc, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { dealStageTotals, deals, pipelineStages, users } from '../../db/schema/index.ts'
import type { AuthContext } from '../auth/module.ts'
import { boardOrder } from './placement.ts'
import { presentSummary, type SummaryRow, summaryColumns } from './present.ts'
import { ensureStages, presentStage } from './stages.ts'

/** A column shows this many deals; its count and totals still cover all of them. */
export const BOARD_COLUMN_LIMIT = 200

type Total = { currency: string; amount: number }
/** A card as the board's statement sends it: a SummaryRow in JSON, so its timestamps are strings. */
type CardJson = Omit<SummaryRow, 'createdAt' | 'updatedAt' | 'closedAt'> & { createdAt: string; updatedAt: string; closedAt: string | null }

/**
 * The whole board in one statement, one row per stage: the stage, its count and per-currency totals (kept
 * per stage by the database on every write of deals, see dealStageTotals), and its first deals (a lateral
 * join on the (stage_id, position) index, so the limit is per column and the rest of a long column is never
 * read) as one JSON array: 1,200 cards of fourteen values cost PGlite, the default, twice as much as six
 * JSON values, more than building the JSON costs PostgreSQL (bench/README.md, deals). Exported for
 * bench/deals.ts, which times it alone beside the endpoint.
 */
export function readBoard(db: Db, organizationId: string) {
  const card = db
    .select({
      ...summaryColumns,
      // A subquery's columns need names of their own: the owner's name beside the deal's, and computed ones.
      ownerName: sql<string>`${users.name}`.as('owner_name'),
      contactCount: sql<number>`${summaryColumns.contactCount}`.as('contact_count'),
      position: deals.position,
    })
    .from(deals)
    .innerJoin(users, eq(users.id, deals.ownerId))
    .where(and(eq(deals.organizationId, organizationId), eq(deals.stageId, pipelineStages.id)))
    .orderBy(...boardOrder)
    .limit(BOARD_COLUMN_LIMIT)
    .as('card')
  // Keyed by summaryColumns' own names, so a card is a SummaryRow and presentSummary stays the one presenter.
  const cardObject = sql.join(
    (Object.keys(summaryColumns) as (keyof typeof summaryColumns)[]).map((key) => sql`${key}::text, ${card[key]}`),
    sql`, `,
  )
  const cards = db
    .select({
      deals: sql<CardJson[]>`coalesce(json_agg(json_build_object(${cardObject}) order by ${card.position}, ${card.id}), '[]')`.as('deals'),
    })
    .from(card)
    .as('cards')
  const stats = db
    .select({
      count: sql<number>`coalesce(sum(${dealStageTotals.count}), 0)::int`.mapWith(Number).as('count'),
      totals: sql<
        Total[] | null
      >`json_agg(json_build_object('currency', ${dealStageTotals.currency}, 'amount', ${dealStageTotals.amount}) order by ${dealStageTotals.currency})`.as(
        'totals',
      ),
    })
    .from(dealStageTotals)
    .where(
      and(
        eq(dealStageTotals.organizationId, organizationId),
        eq(dealStageTotals.stageId, pipelineStages.id),
        // A currency whose last deal left the stage keeps its row at zero.
        gt(dealStageTotals.count, 0),
      ),
    )
    .as('stats')
  return db
    .select()
    .from(pipelineStages)
    .innerJoinLateral(stats, sql`true`)
    .innerJoinLateral(cards, sql`true`)
    .where(eq(pipelineStages.organizationId, organizationId))
    .orderBy(asc(pipelineStages.position), asc(pipelineStages.createdAt), asc(pipelineStages.id))
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
    return {
      columns: rows.map(({ pipeline_stages: stage, stats, cards }) => ({
        stage: presentStage(stage),
        deals: cards.deals.map((card) =>
          presentSummary({
            ...card,
            createdAt: new Date(card.createdAt),
            updatedAt: new Date(card.updatedAt),
            closedAt: card.closedAt ? new Date(card.closedAt) : null,
          }),
        ),
        count: stats.count,
        totals: (stats.totals ?? []).map((t) => ({ currency: t.currency, amount: Number(t.amount) })),
      })),
    }
  }

  return { board }
}

export type BoardService = ReturnType<typeof createBoardService>
