import type { InsightRecord, InsightRecordList, InsightsRecordsQuery } from '@closeroom/shared'
import { sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { Invalid } from '../../http/errors.ts'
import type { AuthContext } from '../auth/module.ts'
import { num, resolveScope, rows } from './context.ts'
import { bookingConditions, dealConditions, decodeKey } from './drill.ts'

type Query = z.output<typeof InsightsRecordsQuery>

type RecordRow = {
  id: string
  name: string
  owner_id: string | null
  owner_name: string | null
  owner_avatar: string | null
  amount: unknown
  currency: string | null
  ms: unknown
  status: string
  /** The date is a calendar date (an expected close date), not an instant. */
  date_only?: boolean
}

/**
 * The records behind a figure, newest first, a page at a time. The key's scope is checked again as if the
 * figure were asked for now: a member's key names only themselves, and every row is the caller's organization's.
 */
export function createRecordsService({ db }: { db: Db }) {
  async function list(auth: AuthContext, query: Query): Promise<InsightRecordList> {
    const target = decodeKey(query.key)
    const scope = await resolveScope(db, auth, { ownerId: target.s.o, teamId: target.s.t })
    const offset = query.cursor ? Number.parseInt(query.cursor, 10) : 0
    if (!Number.isSafeInteger(offset) || offset < 0) throw Invalid('cursor: Not a cursor given by this list')
    const limit = query.limit
    let found: RecordRow[]
    let total: number | null = null
    if (target.r === 'deals') {
      const where = dealConditions(scope, target.f)
      const date = {
        closed: sql`coalesce(d.closed_at, d.updated_at)`,
        created: sql`d.created_at`,
        expected: sql`coalesce(d.expected_close_date::timestamp at time zone 'UTC', d.updated_at)`,
        updated: sql`d.updated_at`,
      }[target.d]
      found = await rows<RecordRow>(
        db,
        sql`select d.id, d.name, u.id as owner_id, u.name as owner_name, u.avatar_url as owner_avatar, d.amount, d.currency,
              extract(epoch from ${date}) * 1000 as ms, s.name as status,
              ${target.d === 'expected' ? sql`d.expected_close_date is not null` : sql`false`} as date_only
            from deals d join pipeline_stages s on s.id = d.stage_id join users u on u.id = d.owner_id
            where ${where} order by ${date} desc, d.id desc limit ${limit + 1} offset ${offset}`,
      )
      if (offset === 0) {
        const [counted] = await rows<{ n: unknown }>(
          db,
          sql`select count(*) as n from deals d join pipeline_stages s on s.id = d.stage_id where ${where}`,
        )
        total = num(counted?.n)
      }
    } else {
      const where = bookingConditions(scope, target.f)
      const date = target.d === 'created' ? sql`b.created_at` : sql`b.start_at`
      found = await rows<RecordRow>(
        db,
        sql`select b.id, b.title as name, u.id as owner_id, u.name as owner_name, u.avatar_url as owner_avatar, null as amount,
              null as currency, extract(epoch from ${date}) * 1000 as ms,
              case when b.no_show then 'no_show' else b.status end as status
            from bookings b
            left join lateral (select us.id, us.name, us.avatar_url from booking_participants p join users us on us.id = p.user_id
              where p.booking_id = b.id order by us.name limit 1) u on true
            where ${where} order by ${date} desc, b.id desc limit ${limit + 1} offset ${offset}`,
      )
      if (offset === 0) {
        const [counted] = await rows<{ n: unknown }>(db, sql`select count(*) as n from bookings b where ${where}`)
        total = num(counted?.n)
      }
    }
    const page = found.slice(0, limit)
    return {
      kind: target.r,
      records: page.map((row) => present(target.r === 'deals' ? 'deal' : 'booking', row)),
      nextCursor: found.length > limit ? String(offset + limit) : null,
      total,
    }
  }
  return { list }
}

export function present(kind: 'deal' | 'booking', row: RecordRow): InsightRecord {
  return {
    kind,
    id: row.id,
    name: row.name,
    owner: row.owner_id ? { id: row.owner_id, name: row.owner_name ?? '', avatarUrl: row.owner_avatar } : null,
    amount: kind === 'deal' ? num(row.amount) : null,
    currency: row.currency,
    date: new Date(num(row.ms)).toISOString(),
    dateOnly: row.date_only === true,
    status: row.status,
    link: kind === 'deal' ? `/deals/${row.id}` : `/calendar?booking=${row.id}`,
  }
}

export type { RecordRow }
