import { DEAL_SORTS, type DealList, type DealListQuery } from '@closeroom/shared'
import { and, asc, desc, eq, gte, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { deals, users } from '../../db/schema/index.ts'
import { Invalid } from '../../http/errors.ts'
import type { AuthContext } from '../auth/module.ts'
import { presentSummary, summaryColumns } from './present.ts'

type Query = z.output<typeof DealListQuery>
type Sort = (typeof DEAL_SORTS)[number]

/** Each sort's column and the SQL type its cursor value is cast back to; each has an (organization_id, column, id) index. */
const SORTS: Record<Sort, { column: PgColumn; type: SQL }> = {
  updated: { column: deals.updatedAt, type: sql`timestamptz` },
  created: { column: deals.createdAt, type: sql`timestamptz` },
  name: { column: deals.name, type: sql`text` },
  amount: { column: deals.amount, type: sql`bigint` },
  close: { column: deals.expectedCloseDate, type: sql`date` },
}

/**
 * The cursor: the last row's sort value as PostgreSQL prints it (timestamps keep their microseconds, amounts
 * their digits) and its id, with the sort it belongs to. Opaque to clients: base64url JSON.
 */
const Cursor = z.object({ s: z.enum(DEAL_SORTS), o: z.enum(['asc', 'desc']), v: z.string().nullable(), id: z.uuid() })
type Cursor = z.infer<typeof Cursor>

export const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url')

function decodeCursor(raw: string, sort: Sort, order: 'asc' | 'desc'): Cursor {
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'))
  } catch {
    throw Invalid('cursor: Not a cursor of this list')
  }
  const cursor = Cursor.safeParse(parsed)
  if (!cursor.success) throw Invalid('cursor: Not a cursor of this list')
  if (cursor.data.s !== sort || cursor.data.o !== order) throw Invalid('cursor: This cursor belongs to another sort order')
  return cursor.data
}

/** What a statement's text depends on: the sort, which filters a request has, and what kind of cursor. */
type Shape = {
  sort: Sort
  order: 'asc' | 'desc'
  q: boolean
  stageId: boolean
  ownerId: boolean
  closeFrom: boolean
  closeTo: boolean
  /** No cursor (the first page), one whose last value was null (a deal without a close date), or one with a value. */
  cursor: 'none' | 'null' | 'value'
}

const param = sql.placeholder

/**
 * The rows after the cursor, as a row comparison the (organization_id, column, id) index answers. PostgreSQL
 * orders nulls last ascending and first descending, which is the index's order both ways; only the close
 * date can be null.
 */
function after({ sort, order, cursor }: Shape): SQL | undefined {
  if (cursor === 'none') return undefined
  const { column, type } = SORTS[sort]
  const id = sql`${param('cursorId')}::uuid`
  if (cursor === 'null') {
    return order === 'asc'
      ? (and(isNull(column), sql`${deals.id} > ${id}`) as SQL)
      : (or(and(isNull(column), sql`${deals.id} < ${id}`), isNotNull(column)) as SQL)
  }
  const value = sql`${param('cursorValue')}::${type}`
  if (order === 'desc') return sql`(${column}, ${deals.id}) < (${value}, ${id})`
  return sort === 'close'
    ? (or(sql`(${column}, ${deals.id}) > (${value}, ${id})`, isNull(column)) as SQL)
    : sql`(${column}, ${deals.id}) > (${value}, ${id})`
}

function filtered(shape: Shape): SQL | undefined {
  return and(
    eq(deals.organizationId, param('organizationId')),
    // The same expression as the trigram index deals_search_idx, so the search is indexed.
    shape.q ? sql`lower(${deals.name} || ' ' || ${deals.company}) ilike ${param('q')}` : undefined,
    shape.stageId ? eq(deals.stageId, param('stageId')) : undefined,
    shape.ownerId ? eq(deals.ownerId, param('ownerId')) : undefined,
    shape.closeFrom ? gte(deals.expectedCloseDate, param('closeFrom')) : undefined,
    shape.closeTo ? lte(deals.expectedCloseDate, param('closeTo')) : undefined,
  )
}

/**
 * A page's statement and the filtered count's, for one shape of request, as named statements: drizzle builds
 * the SQL once per shape instead of on every request (a third of a deep page's time in Node went to building
 * it), and PostgreSQL plans each once per pooled connection. A handful of shapes are in use at a time (the
 * sort and the filters a user set); each is at most a few hundred bytes of SQL, kept for the process's life.
 */
function statements(db: Db, shape: Shape, name: string) {
  const { column } = SORTS[shape.sort]
  const direction = shape.order === 'asc' ? asc : desc
  const page = db
    .select({ ...summaryColumns, sortValue: sql<string | null>`${column}::text` })
    .from(deals)
    .innerJoin(users, eq(users.id, deals.ownerId))
    .where(and(filtered(shape), after(shape)))
    .orderBy(direction(column), direction(deals.id))
    .limit(param('limit'))
    .prepare(`deals_list_${name}`)
  const count = db
    .select({ total: sql<number>`count(*)::int`.mapWith(Number) })
    .from(deals)
    .where(filtered(shape))
    .prepare(`deals_count_${name}`)
  return { page, count }
}

const prepared = new WeakMap<Db, Map<string, ReturnType<typeof statements>>>()

function statementsFor(db: Db, shape: Shape) {
  const flags = [shape.q, shape.stageId, shape.ownerId, shape.closeFrom, shape.closeTo].map(Number).join('')
  const name = `${shape.sort}_${shape.order}_${flags}_${shape.cursor}`
  let byShape = prepared.get(db)
  if (!byShape) {
    byShape = new Map()
    prepared.set(db, byShape)
  }
  let found = byShape.get(name)
  if (!found) {
    found = statements(db, shape, name)
    byShape.set(name, found)
  }
  return found
}

/** Escapes LIKE's wildcards so a search for "50%" finds "50%". */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

export function createDealListService({ db }: { db: Db }) {
  async function list(auth: AuthContext, query: Query): Promise<z.infer<typeof DealList>> {
    const { organizationId } = auth.user
    const { sort, order, limit } = query
    if (query.closeFrom && query.closeTo && query.closeFrom > query.closeTo) throw Invalid('closeTo: Must be on or after closeFrom')
    const cursor = query.cursor ? decodeCursor(query.cursor, sort, order) : undefined
    const shape: Shape = {
      sort,
      order,
      q: Boolean(query.q),
      stageId: Boolean(query.stageId),
      ownerId: Boolean(query.ownerId),
      closeFrom: Boolean(query.closeFrom),
      closeTo: Boolean(query.closeTo),
      cursor: cursor ? (cursor.v === null ? 'null' : 'value') : 'none',
    }
    const { page: pageStatement, count } = statementsFor(db, shape)
    const values = {
      organizationId,
      q: query.q ? `%${likeEscape(query.q.toLowerCase())}%` : undefined,
      stageId: query.stageId,
      ownerId: query.ownerId,
      closeFrom: query.closeFrom,
      closeTo: query.closeTo,
      cursorValue: cursor?.v ?? undefined,
      cursorId: cursor?.id,
      limit: limit + 1,
    }
    // The count visits every matching deal whatever the page (16,000 of 100,000 for one stage), so only the
    // first page pays it: the client keeps it while it pages on. The page and the count go out together, on
    // two connections at once on PostgreSQL.
    const [rows, counted] = await Promise.all([
      pageStatement.execute(values),
      cursor ? null : count.execute(values).then(([row]) => row?.total ?? 0),
    ])
    const page = rows.slice(0, limit)
    const last = page.at(-1)
    const nextCursor = rows.length > limit && last ? encodeCursor({ s: sort, o: order, v: last.sortValue, id: last.id }) : null
    return { deals: page.map(presentSummary), nextCursor, total: counted }
  }

  return { list }
}

export type DealListService = ReturnType<typeof createDealListService>
