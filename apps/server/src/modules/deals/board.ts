import { PipelineStage } from '@closeroom/shared'
import { and, asc, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { dealStageTotals, deals, pipelineStages, users } from '../../db/schema/index.ts'
import type { AuthContext } from '../auth/module.ts'
import { boardOrder } from './placement.ts'
import { ensureStages, presentStage } from './stages.ts'

/** A column shows this many deals; its count and totals still cover all of them. */
export const BOARD_COLUMN_LIMIT = 200

type Total = { currency: string; amount: number }

/**
 * The board as the UTF-8 bytes of a `Board`'s JSON, ready to send: the route sends them as they are, with no
 * parse, presenting, schema encoding or stringify of its 1,200 cards (bench/README.md, deals).
 */
export type BoardJson = Buffer & { readonly __brand: 'BoardJson' }

/**
 * The whole board in one statement, one row per stage: the stage, its count and per-currency totals (kept
 * per stage by the database on every write of deals, see dealStageTotals), and its first deals (a lateral
 * join on the (stage_id, position) index, so the limit is per column and the rest of a long column is never
 * read) as the JSON text of a DealSummary array. Each card is the deal's summary as the database keeps it
 * written (deals.summary_head and summary_tail, trigger deals_summary_json of migration 0034) around its
 * owner's name and avatar: writing 1,200 cards out of their columns on every read was most of the statement.
 * Text crosses PGlite's WebAssembly boundary and node-postgres as one string per stage, not parsed. The card's
 * shape is presentSummary's (board.test.ts compares each card with the list's summary of the same deal, and
 * parses the answer with the Board schema).
 */
function boardStatement(db: Db) {
  const organizationId = sql.placeholder('organizationId')
  // The stages in order before the joins, so the half megabyte of cards is never sorted (0.5 ms of the statement).
  const stages = db
    .select()
    .from(pipelineStages)
    .where(eq(pipelineStages.organizationId, organizationId))
    .orderBy(asc(pipelineStages.position), asc(pipelineStages.createdAt), asc(pipelineStages.id))
    .as('stages')
  const card = db
    .select({
      id: deals.id,
      position: deals.position,
      head: deals.summaryHead,
      tail: deals.summaryTail,
      // Named, as the outer query reads it by the subquery's column name.
      ownerName: sql<string>`${users.name}`.as('owner_name'),
      ownerAvatarUrl: users.avatarUrl,
    })
    .from(deals)
    .innerJoin(users, eq(users.id, deals.ownerId))
    .where(and(eq(deals.organizationId, organizationId), eq(deals.stageId, stages.id)))
    .orderBy(...boardOrder)
    .limit(BOARD_COLUMN_LIMIT)
    .as('card')
  // The owner's half of DealSummary's owner object, between the deal's two: to_json escapes the strings.
  const cardJson = sql`${card.head} || to_json(${card.ownerName})::text || ',"avatarUrl":' || coalesce(to_json(${card.ownerAvatarUrl})::text, 'null') || ${card.tail}`
  const cards = db
    .select({
      deals: sql<string>`coalesce('[' || string_agg(${cardJson}, ',' order by ${card.position}, ${card.id}) || ']', '[]')`.as('deals'),
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
        eq(dealStageTotals.stageId, stages.id),
        // A currency whose last deal left the stage keeps its row at zero.
        gt(dealStageTotals.count, 0),
      ),
    )
    .as('stats')
  return db
    .select()
    .from(stages)
    .innerJoinLateral(stats, sql`true`)
    .innerJoinLateral(cards, sql`true`)
    .orderBy(asc(stages.position), asc(stages.createdAt), asc(stages.id))
    .prepare('deals_board')
}

const prepared = new WeakMap<Db, ReturnType<typeof boardStatement>>()

/**
 * Runs the board's statement for an organization. It is a named statement: PostgreSQL parses and plans its
 * 3 KB of SQL once per pooled connection instead of on every read (planning alone took 1-2 ms of it); PGlite
 * runs it as any other. Exported for bench/deals.ts, which times it alone beside the endpoint.
 */
export function readBoard(db: Db, organizationId: string) {
  let statement = prepared.get(db)
  if (!statement) {
    statement = boardStatement(db)
    prepared.set(db, statement)
  }
  return statement.execute({ organizationId })
}

/**
 * The pieces' UTF-8 bytes in one buffer, each piece copied once. Joined as one string first, the board's half
 * megabyte was flattened by V8 into a string too large for the young generation, on every read: a full garbage
 * collection every few dozen reads, about a millisecond a read (bench/README.md, deals).
 */
function utf8(pieces: string[]): Buffer {
  const bytes = Buffer.allocUnsafe(pieces.reduce((size, piece) => size + Buffer.byteLength(piece), 0))
  let at = 0
  for (const piece of pieces) at += bytes.write(piece, at)
  return bytes
}

/** The pipeline board: every stage in order with its deals by position. */
export function createBoardService({ db }: { db: Db }) {
  async function board(auth: AuthContext): Promise<BoardJson> {
    const { organizationId } = auth.user
    let rows = await readBoard(db, organizationId)
    // A new organization's first read makes its stages, then reads the board they make.
    if (rows.length === 0) {
      await ensureStages(db, organizationId)
      rows = await readBoard(db, organizationId)
    }
    // A BoardColumn's keys in the schema's order; the stage and totals through their schemas, the cards as written.
    const pieces = ['{"columns":[']
    rows.forEach(({ stages: stage, stats, cards }, index) => {
      const totals = (stats.totals ?? []).map((t) => ({ currency: t.currency, amount: Number(t.amount) }))
      pieces.push(
        `${index > 0 ? ',' : ''}{"stage":${JSON.stringify(PipelineStage.encode(presentStage(stage)))},"deals":`,
        cards.deals,
        `,"count":${stats.count},"totals":${JSON.stringify(totals)}}`,
      )
    })
    pieces.push(']}')
    return utf8(pieces) as BoardJson
  }

  return { board }
}

export type BoardService = ReturnType<typeof createBoardService>
