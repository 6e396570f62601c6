import { z } from 'zod'

// The deal chat, a client's thread and a sales room's chat, read a page at a time from the latest backwards,
// as the team chat's conversations are (CHAT_LIMITS.pageSize in chat.ts). Kept apart from chat.ts, which
// imports deals.ts: deals.ts and salesrooms.ts use these too.

export const THREAD_PAGE = {
  /** Messages in a page of a deal's, client's or room's thread. */
  size: 50,
  maxSize: 100,
} as const

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i
const CURSOR_MESSAGE = 'Use the next value of the previous page'

/**
 * Where a page of a thread ends: its oldest message's time (UTC, to the microsecond the database keeps, so messages
 * written within one millisecond keep their order) and its id, which orders messages sharing a time.
 */
export const ThreadCursor = z
  .string()
  .regex(CURSOR, { message: CURSOR_MESSAGE })
  // A well-formed but impossible date (February 30th) is refused here rather than by the database.
  .refine(
    (value) => {
      const at = value.slice(0, 19)
      const parsed = new Date(`${at}Z`)
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 19) === at
    },
    { message: CURSOR_MESSAGE },
  )

/** The cursor's two halves, as the server's query compares them. */
export function readThreadCursor(cursor: string): { at: string; id: string } {
  const separator = cursor.indexOf('_')
  return { at: cursor.slice(0, separator), id: cursor.slice(separator + 1) }
}

export const ThreadPageQuery = z.object({
  /** The messages before this point (the previous page's `next`); none: the latest. */
  before: ThreadCursor.optional(),
  limit: z.coerce.number().int().min(1).max(THREAD_PAGE.maxSize).default(THREAD_PAGE.size),
})
export type ThreadPageQuery = z.infer<typeof ThreadPageQuery>

/** The `before` of the next, older page; null when this page holds the thread's first message. */
export const ThreadNext = ThreadCursor.nullable()
