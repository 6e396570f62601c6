import { readThreadCursor } from '@closeroom/shared'
import { type AnyColumn, desc, type SQL, sql } from 'drizzle-orm'

/**
 * One page of a thread (a deal's chat, a client's thread, a room's chat), read from the latest backwards. A page
 * ends at a cursor, its oldest message's time and id; the next page starts strictly before that pair, so messages
 * sharing a time are neither skipped nor repeated. The time goes to the microsecond the column keeps (a JavaScript
 * Date would round it to the millisecond and break ties in the wrong order), and the comparison is a row value over
 * the (parent, created_at, id) index, which PostgreSQL reads as one index range.
 */
export function threadPage(createdAt: AnyColumn, id: AnyColumn) {
  return {
    /** The position of a row, as the next page's `before`. */
    cursor: sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || ${id}`,
    /** Rows before the cursor (all when none). */
    before(cursor: string | undefined): SQL | undefined {
      if (!cursor) return undefined
      const { at, id: cursorId } = readThreadCursor(cursor)
      return sql`(${createdAt}, ${id}) < (${at}::timestamptz, ${cursorId}::uuid)`
    },
    latestFirst: [desc(createdAt), desc(id)] as const,
  }
}

/**
 * The page from rows read latest first, one more than `limit` (that extra row says an older page exists): oldest
 * first, as a thread reads, with the cursor of its oldest row when there is more.
 */
export function pageFrom<Row extends { cursor: string }>(rows: Row[], limit: number): { rows: Row[]; next: string | null } {
  const page = rows.slice(0, limit)
  const next = rows.length > limit ? (page.at(-1)?.cursor ?? null) : null
  return { rows: page.reverse(), next }
}
