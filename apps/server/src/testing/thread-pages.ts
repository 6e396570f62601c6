import { randomUUID } from 'node:crypto'
import { type SQL, sql } from 'drizzle-orm'
import { expect } from 'vitest'

/**
 * Rows for a crowded thread, written straight to its table (a hundred requests are slow on a busy machine): three
 * messages at each instant and instants 0.3 ms apart, so several share a time and several share a millisecond
 * without sharing a time. `order` is the order a reader must see them in: by time, then by id.
 */
export function crowdedThread(count: number) {
  const rows = Array.from({ length: count }, (_, i) => {
    const micros = Math.floor(i / 3) * 300
    return { id: randomUUID(), micros, body: `message ${i}` }
  })
  const order = rows.toSorted((a, b) => a.micros - b.micros || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((r) => r.id)
  const createdAt = (micros: number): SQL<Date> => sql`timestamptz '2030-01-01T00:00:00Z' + ${micros} * interval '1 microsecond'`
  return { rows: rows.map((r) => ({ id: r.id, body: r.body, createdAt: createdAt(r.micros) })), order }
}

type Page = { statusCode: number; body: string; json(): { messages: { id: string }[]; next: string | null } }

/** Reads a thread page by page from the latest back, following each page's `next`: each page's size, and every id read in reading order. */
export async function readBackwards(get: (query: string) => Promise<Page>, limit?: number) {
  const sizes: number[] = []
  let ids: string[] = []
  let before: string | null = null
  do {
    const query: string = [limit ? `limit=${limit}` : '', before ? `before=${encodeURIComponent(before)}` : ''].filter(Boolean).join('&')
    const res = await get(query ? `?${query}` : '')
    expect(res.statusCode, res.body).toBe(200)
    const page = res.json()
    sizes.push(page.messages.length)
    ids = [...page.messages.map((m) => m.id), ...ids]
    before = page.next
  } while (before && sizes.length < 20)
  return { sizes, ids }
}

/** Cursors a thread refuses with 400: not one at all, an impossible date, an id that is not one, a date without its microseconds. */
export const BAD_CURSORS = [
  'yesterday',
  `2030-02-30T00:00:00.000000Z_${randomUUID()}`,
  '2030-01-01T00:00:00.000000Z_------------------------------------',
  `2030-01-01T00:00:00.000Z_${randomUUID()}`,
]
export const BAD_CURSOR_MESSAGE = 'before: Use the next value of the previous page'
