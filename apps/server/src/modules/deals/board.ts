import { PipelineStage } from '@closeroom/shared'
import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { dealStageTotals, deals, pipelineStages, users } from '../../db/schema/index.ts'
import type { AuthContext } from '../auth/module.ts'
import { boardOrder } from './placement.ts'
import { summaryColumns } from './present.ts'
import { ensureStages, presentStage } from './stages.ts'

/** A column shows this many deals; its count and totals still cover all of them. */
export const BOARD_COLUMN_LIMIT = 200

type Total = { currency: string; amount: number }

/**
 * The board as the UTF-8 bytes of a `Board`'s JSON, ready to send: the route sends them as they are, with no
 * parse, presenting, schema encoding or stringify of its 1,200 cards (bench/README.md, deals).
 */
export type BoardJson = Buffer & { readonly __brand: 'BoardJson' }

/** A timestamp as `Date.prototype.toISOString` writes it (UTC, milliseconds truncated as JavaScript's Date does). */
const isoTimestamp = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
/** A JSON value as text: to_json escapes strings and writes dates as ISO whatever the session's DateStyle. */
const json = (column: SQL) => sql`to_json(${column})::text`
const nullable = (value: SQL) => sql`coalesce(${value}, 'null')`

/**
 * The whole board in one statement, one row per stage: the stage, its count and per-currency totals (kept
 * per stage by the database on every write of deals, see dealStageTotals), and its first deals (a lateral
 * join on the (stage_id, position) index, so the limit is per column and the rest of a long column is never
 * read) as the JSON text of a DealSummary array, written by string concatenation: json_build_object with
 * fifteen arguments looks up each argument's type and output function on every row, which was most of the
 * statement, and a text column crosses PGlite's WebAssembly boundary and node-postgres as one string, not
 * parsed. The card's shape is presentSummary's (board.test.ts compares each card with the list's summary of
 * the same deal, and parses the answer with the Board schema).
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
      ...summaryColumns,
      // A subquery's columns need names of their own: the owner's name beside the deal's.
      ownerName: sql<string>`${users.name}`.as('owner_name'),
      position: deals.position,
    })
    .from(deals)
    .innerJoin(users, eq(users.id, deals.ownerId))
    .where(and(eq(deals.organizationId, organizationId), eq(deals.stageId, stages.id)))
    .orderBy(...boardOrder)
    .limit(BOARD_COLUMN_LIMIT)
    .as('card')
  const c = (key: keyof typeof summaryColumns) => sql`${card[key]}`
  // Key for key and in the order of DealSummary (packages/shared), as presentSummary and the schema's encode write it.
  const cardJson = sql.join(
    [
      sql`'{"id":"'`,
      c('id'),
      sql`'","name":'`,
      json(c('name')),
      sql`',"company":'`,
      json(c('company')),
      sql`',"owner":{"id":"'`,
      c('ownerId'),
      sql`'","name":'`,
      json(c('ownerName')),
      sql`',"avatarUrl":'`,
      nullable(json(c('ownerAvatarUrl'))),
      sql`'},"stageId":"'`,
      c('stageId'),
      sql`'","amount":'`,
      c('amount'),
      sql`',"currency":'`,
      json(c('currency')),
      sql`',"expectedCloseDate":'`,
      nullable(json(c('expectedCloseDate'))),
      sql`',"contactCount":'`,
      c('contactCount'),
      sql`',"closedAt":'`,
      nullable(sql`'"' || ${isoTimestamp(c('closedAt'))} || '"'`),
      sql`',"lostReason":'`,
      nullable(json(c('lostReason'))),
      sql`',"createdAt":"'`,
      isoTimestamp(c('createdAt')),
      sql`'","updatedAt":"'`,
      isoTimestamp(c('updatedAt')),
      sql`'"}'`,
    ],
    sql` || `,
  )
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
