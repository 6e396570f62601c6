import { type BookingFigures, LEAD_TIME_BUCKETS } from '@closeroom/shared'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { inRange, num, numOrNull, type Range, rows, type Scope } from './context.ts'
import { bookingConditions, bookingsKey } from './drill.ts'
import { peopleOf } from './pipeline.ts'

/** Bookings that hold a meeting (not cancelled or declined). */
const MEETING_STATUSES = ['pending', 'accepted'] as const

/** The /booking figures of one period, in the viewer's zone. */
export async function bookingFigures(db: Db, scope: Scope, range: Range, timeZone: string): Promise<BookingFigures> {
  const asked = scope.asked
  const [from, to] = range
  const base = bookingConditions(scope, {})
  const created = bookingConditions(scope, { created: [from, to] })
  const meetings = bookingConditions(scope, { starts: [from, to], statuses: [...MEETING_STATUSES] })
  const local = (column: string) => sql`(${sql.raw(column)} at time zone ${timeZone})`

  const [events, starts, byType, byMember, byForm, heat, lead] = await Promise.all([
    rows<{ action: string; n: unknown }>(
      db,
      sql`select e.action, count(*) as n from booking_events e join bookings b on b.id = e.booking_id
          where ${base} and e.action in ('rescheduled', 'cancelled') and ${inRange(sql`e.created_at`, range)}
          group by e.action`,
    ),
    rows<{ created: unknown; no_show: unknown; held: unknown }>(
      db,
      sql`select
            (select count(*) from bookings b where ${created}) as created,
            count(*) filter (where b.status = 'accepted' and b.no_show) as no_show,
            count(*) filter (where b.status = 'accepted' and not b.no_show) as held
          from bookings b where ${base} and ${inRange(sql`b.start_at`, range)}`,
    ),
    rows<{ id: string; name: string; n: unknown; cancelled: unknown }>(
      db,
      sql`select b.event_type_id as id, et.title as name, count(*) as n, count(*) filter (where b.status = 'cancelled') as cancelled
          from bookings b join event_types et on et.id = b.event_type_id
          where ${created} group by b.event_type_id, et.title order by count(*) desc, et.title`,
    ),
    rows<{ user_id: string; n: unknown; cancelled: unknown; no_show: unknown }>(
      db,
      sql`select p.user_id, count(*) as n, count(*) filter (where b.status = 'cancelled') as cancelled,
            count(*) filter (where b.status = 'accepted' and b.no_show) as no_show
          from bookings b join booking_participants p on p.booking_id = b.id
          where ${created} ${scope.owners === null ? sql`` : sql`and p.user_id = any(${sql`${`{${scope.owners.join(',')}}`}::uuid[]`})`}
          group by p.user_id`,
    ),
    rows<{ form_id: string | null; name: string | null; n: unknown }>(
      db,
      // Each booking's first routing response, read once for the organization and hash-joined.
      sql`select f.id as form_id, f.name, count(*) as n
          from bookings b
          left join (select distinct on (rr.booking_id) rr.booking_id, rr.form_id from routing_responses rr
            where rr.organization_id = ${scope.organizationId} and rr.booking_id is not null
            order by rr.booking_id, rr.created_at) r on r.booking_id = b.id
          left join routing_forms f on f.id = r.form_id
          where ${created} group by f.id, f.name order by count(*) desc, f.name nulls last`,
    ),
    rows<{ weekday: number; hour: number; n: unknown }>(
      db,
      sql`select extract(isodow from ${local('b.start_at')})::int as weekday, extract(hour from ${local('b.start_at')})::int as hour, count(*) as n
          from bookings b where ${meetings} group by 1, 2 order by 1, 2`,
    ),
    rows<{ bucket: string | null; n: unknown; hours: unknown; median: unknown }>(
      db,
      // One pass: each bucket, and (the grouping set with no bucket) every booking's mean and median.
      sql`select bucket, count(*) as n, avg(hours) as hours, percentile_cont(0.5) within group (order by hours) as median from (
            select extract(epoch from b.start_at - b.created_at) / 3600 as hours,
              case
                when days = 0 then 'same_day' when days = 1 then 'next_day' when days <= 7 then 'within_week'
                when days <= 30 then 'within_month' else 'later'
              end as bucket
            from bookings b
            cross join lateral (select (${local('b.start_at')})::date - (${local('b.created_at')})::date as days) d
            where ${created}) x
          group by grouping sets ((bucket), ())`,
    ),
  ])

  const people = new Map(
    (
      await peopleOf(
        db,
        byMember.map((r) => r.user_id),
      )
    ).map((p) => [p.id, p]),
  )
  const heatmap = heat.map((r) => ({ weekday: r.weekday, hour: r.hour, count: num(r.n) }))
  const all = lead.find((r) => r.bucket === null)
  const eventCount = (action: string) => num(events.find((e) => e.action === action)?.n)
  const [counts] = starts
  return {
    created: { count: num(counts?.created), drill: bookingsKey(asked, { created: [from, to] }, 'created') },
    rescheduled: { count: eventCount('rescheduled'), drill: bookingsKey(asked, { event: { action: 'rescheduled', range: [from, to] } }) },
    cancelled: { count: eventCount('cancelled'), drill: bookingsKey(asked, { event: { action: 'cancelled', range: [from, to] } }) },
    noShow: { count: num(counts?.no_show), drill: bookingsKey(asked, { starts: [from, to], statuses: ['accepted'], noShow: true }) },
    held: { count: num(counts?.held), drill: bookingsKey(asked, { starts: [from, to], statuses: ['accepted'], noShow: false }) },
    byEventType: byType.map((r) => ({
      eventTypeId: r.id,
      name: r.name,
      count: num(r.n),
      cancelled: num(r.cancelled),
      drill: bookingsKey(asked, { created: [from, to], eventType: r.id }, 'created'),
    })),
    byMember: byMember
      .filter((r) => people.has(r.user_id))
      .map((r) => ({
        member: people.get(r.user_id) as { id: string; name: string; avatarUrl: string | null },
        count: num(r.n),
        cancelled: num(r.cancelled),
        noShow: num(r.no_show),
        drill: bookingsKey(asked, { created: [from, to], member: r.user_id }, 'created'),
      }))
      .sort((a, b) => b.count - a.count || a.member.name.localeCompare(b.member.name)),
    byRoutingForm: byForm.map((r) => ({
      formId: r.form_id,
      name: r.name,
      count: num(r.n),
      drill: bookingsKey(asked, { created: [from, to], form: r.form_id ?? 'none' }, 'created'),
    })),
    heatmap,
    popularTimes: [...heatmap].sort((a, b) => b.count - a.count || a.weekday - b.weekday || a.hour - b.hour).slice(0, 5),
    leadTime: {
      averageHours: numOrNull(all?.hours),
      medianHours: numOrNull(all?.median),
      buckets: LEAD_TIME_BUCKETS.map((bucket) => ({ bucket, count: num(lead.find((r) => r.bucket === bucket)?.n) })),
    },
  }
}
