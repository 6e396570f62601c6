import { type InsightsScope, isTimeZone, LEAD_TIME_BUCKETS } from '@closeroom/shared'
import { type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import { Invalid } from '../../http/errors.ts'
import { bookingOwnedBy, inRange, ownedBy, type Range, type Scope, ts, uuidArray } from './context.ts'

// A figure's records are named by a filter over deals or bookings. The dashboards count with the same SQL
// conditions the records list uses, so a figure and the length of its list cannot disagree. The key is the
// filter and the scope it was counted in, as base64url JSON: opaque to the web, checked again when used.

const range = z.tuple([z.number(), z.number()])
const id = z.uuid()
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)
const zone = z.string().refine(isTimeZone)

export const DealFilter = z
  .object({
    /** The stage's kind now. */
    kind: z.enum(['open', 'won', 'lost']),
    closed: range,
    created: range,
    /** In this stage (or any stage of this kind) at this instant, by the stage history. */
    at: z.object({ ms: z.number(), stageId: id.optional(), kind: z.enum(['open', 'won', 'lost']).optional() }),
    /** Entered this stage within the range. */
    entered: z.object({ stageId: id, range }),
    /** The lost reason; null for none given. */
    reason: z.string().nullable(),
    owner: id,
    team: id,
    /** Owned by one of these members (a month's quota holders). */
    owners: z.array(id).max(1000),
    /** Expected to close between these dates (inclusive), or 'none' for no date. */
    expected: z.union([z.tuple([date, date]), z.literal('none')]),
    minProbability: z.number().int(),
    /** No activity since this instant (and created before it). */
    staleSince: z.number(),
    /** Expected close date before this date. */
    overdueBefore: date,
    /** A buyer visited its room since this member last opened it. */
    visitedSinceLookOf: id,
    /** A buyer visited its room within the range. */
    visited: range,
    /** Has a line of this product. */
    product: id,
    /** Opened by this product's room form. */
    originProduct: id,
  })
  .partial()
export type DealFilter = z.infer<typeof DealFilter>

export const BookingFilter = z
  .object({
    created: range,
    /** Had this change (reschedule, cancellation) within the range. */
    event: z.object({ action: z.enum(['rescheduled', 'cancelled']), range }),
    /** Starts within the range. */
    starts: range,
    statuses: z.array(z.enum(['pending', 'accepted', 'cancelled', 'declined'])),
    noShow: z.boolean(),
    eventType: id,
    member: id,
    /** Booked through this routing form, or 'none' for not through a form. */
    form: z.union([id, z.literal('none')]),
    startsAfter: z.number(),
    /** Starts on this ISO weekday and at this hour in the zone (a heat map cell). */
    local: z.object({ tz: zone, weekday: z.number().int().min(1).max(7), hour: z.number().int().min(0).max(23) }),
    /** Booked this long ahead, counted in days of the zone (a lead time bucket). */
    lead: z.object({ tz: zone, bucket: z.enum(LEAD_TIME_BUCKETS) }),
  })
  .partial()
export type BookingFilter = z.infer<typeof BookingFilter>

const Key = z.discriminatedUnion('r', [
  z.object({
    r: z.literal('deals'),
    s: z.object({ o: id.nullable(), t: id.nullable() }),
    f: DealFilter,
    d: z.enum(['closed', 'created', 'expected', 'updated']),
  }),
  z.object({
    r: z.literal('bookings'),
    s: z.object({ o: id.nullable(), t: id.nullable() }),
    f: BookingFilter,
    d: z.enum(['start', 'created']),
  }),
])
export type DrillTarget = z.infer<typeof Key>

/** The key of deals matching `filter` in `scope`, listed by the date named `date`. */
export function dealsKey(
  scope: InsightsScope,
  filter: DealFilter,
  date: 'closed' | 'created' | 'expected' | 'updated' = 'updated',
): string {
  return encode({ r: 'deals', s: { o: scope.ownerId, t: scope.teamId }, f: filter, d: date })
}
export function bookingsKey(scope: InsightsScope, filter: BookingFilter, date: 'start' | 'created' = 'start'): string {
  return encode({ r: 'bookings', s: { o: scope.ownerId, t: scope.teamId }, f: filter, d: date })
}

const encode = (key: DrillTarget) => Buffer.from(JSON.stringify(key)).toString('base64url')

export function decodeKey(key: string): DrillTarget {
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(key, 'base64url').toString('utf8'))
  } catch {
    throw Invalid('key: Not a key given by a dashboard')
  }
  const result = Key.safeParse(parsed)
  if (!result.success) throw Invalid('key: Not a key given by a dashboard')
  return result.data
}

/** The conditions of a deal filter over `deals d` joined with `pipeline_stages s` (its current stage). */
export function dealConditions(scope: Scope, f: DealFilter): SQL {
  const parts: SQL[] = [sql`d.organization_id = ${scope.organizationId}`, ownedBy(scope, sql`d.owner_id`)]
  if (f.kind) parts.push(sql`s.kind = ${f.kind}`)
  if (f.closed) parts.push(inRange(sql`d.closed_at`, f.closed))
  if (f.created) parts.push(inRange(sql`d.created_at`, f.created))
  if (f.at) {
    const at = ts(f.at.ms)
    parts.push(sql`exists (select 1 from deal_stage_history h join pipeline_stages hs on hs.id = h.stage_id
      where h.deal_id = d.id and h.entered_at < ${at} and (h.left_at is null or h.left_at >= ${at})
      ${f.at.stageId ? sql`and h.stage_id = ${f.at.stageId}` : sql``} ${f.at.kind ? sql`and hs.kind = ${f.at.kind}` : sql``})`)
  }
  if (f.entered)
    parts.push(sql`exists (select 1 from deal_stage_history h where h.deal_id = d.id and h.stage_id = ${f.entered.stageId}
      and ${inRange(sql`h.entered_at`, f.entered.range)})`)
  if (f.reason !== undefined) parts.push(f.reason === null ? sql`d.lost_reason is null` : sql`d.lost_reason = ${f.reason}`)
  if (f.owner) parts.push(sql`d.owner_id = ${f.owner}`)
  if (f.owners) parts.push(sql`d.owner_id = any(${uuidArray(f.owners)})`)
  if (f.team) parts.push(sql`d.owner_id in (select tm.user_id from team_members tm where tm.team_id = ${f.team})`)
  if (f.expected === 'none') parts.push(sql`d.expected_close_date is null`)
  else if (f.expected) parts.push(sql`d.expected_close_date between ${f.expected[0]}::date and ${f.expected[1]}::date`)
  if (f.minProbability !== undefined) parts.push(sql`s.probability >= ${f.minProbability}`)
  if (f.staleSince !== undefined) {
    const since = ts(f.staleSince)
    parts.push(
      sql`d.created_at < ${since} and not exists (select 1 from deal_activities a where a.deal_id = d.id and a.created_at >= ${since})`,
    )
  }
  if (f.overdueBefore) parts.push(sql`d.expected_close_date < ${f.overdueBefore}::date`)
  if (f.visitedSinceLookOf)
    parts.push(sql`exists (select 1 from salesroom_visits v where v.deal_id = d.id and v.started_at > coalesce(
      (select dv.viewed_at from deal_views dv where dv.deal_id = d.id and dv.user_id = ${f.visitedSinceLookOf}), '-infinity'::timestamptz))`)
  if (f.visited)
    parts.push(sql`exists (select 1 from salesroom_visits v where v.deal_id = d.id and ${inRange(sql`v.started_at`, f.visited)})`)
  if (f.product) parts.push(sql`exists (select 1 from deal_lines l where l.deal_id = d.id and l.product_id = ${f.product})`)
  if (f.originProduct) parts.push(sql`d.origin_product_id = ${f.originProduct}`)
  return sql.join(parts, sql` and `)
}

/** The conditions of a booking filter over `bookings b`. */
export function bookingConditions(scope: Scope, f: BookingFilter): SQL {
  const parts: SQL[] = [sql`b.organization_id = ${scope.organizationId}`, bookingOwnedBy(scope, sql`b.id`)]
  if (f.created) parts.push(inRange(sql`b.created_at`, f.created))
  if (f.event)
    parts.push(sql`exists (select 1 from booking_events e where e.booking_id = b.id and e.action = ${f.event.action}
      and ${inRange(sql`e.created_at`, f.event.range)})`)
  if (f.starts) parts.push(inRange(sql`b.start_at`, f.starts))
  if (f.startsAfter !== undefined) parts.push(sql`b.start_at >= ${ts(f.startsAfter)}`)
  if (f.statuses)
    parts.push(
      sql`b.status in (${sql.join(
        f.statuses.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    )
  if (f.noShow !== undefined) parts.push(sql`b.no_show = ${f.noShow}`)
  if (f.local) {
    const at = sql`(b.start_at at time zone ${f.local.tz})`
    parts.push(sql`extract(isodow from ${at}) = ${f.local.weekday} and extract(hour from ${at}) = ${f.local.hour}`)
  }
  if (f.lead) parts.push(sql`${leadBucket(f.lead.tz)} = ${f.lead.bucket}`)
  if (f.eventType) parts.push(sql`b.event_type_id = ${f.eventType}`)
  if (f.member) parts.push(sql`exists (select 1 from booking_participants p where p.booking_id = b.id and p.user_id = ${f.member})`)
  if (f.form === 'none') parts.push(sql`not exists (select 1 from routing_responses rr where rr.booking_id = b.id)`)
  else if (f.form) parts.push(sql`exists (select 1 from routing_responses rr where rr.booking_id = b.id and rr.form_id = ${f.form})`)
  return sql.join(parts, sql` and `)
}

/** A booking's lead time bucket (over `bookings b`): whole days of the zone from its making to its start. */
export function leadBucket(timeZone: string): SQL {
  const days = sql`((b.start_at at time zone ${timeZone})::date - (b.created_at at time zone ${timeZone})::date)`
  return sql`(case when ${days} = 0 then 'same_day' when ${days} = 1 then 'next_day' when ${days} <= 7 then 'within_week'
    when ${days} <= 30 then 'within_month' else 'later' end)`
}

export type { Range }
