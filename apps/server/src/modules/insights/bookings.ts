import { type BookingFigures, daysBetween, LEAD_TIME_BUCKETS } from '@closeroom/shared'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { addDays, bookingOwnedBy, inRange, midnights, num, numOrNull, type Range, rows, type Scope, ts, type Window } from './context.ts'
import { bookingConditions, bookingsKey, leadBucket } from './drill.ts'
import { peopleOf } from './pipeline.ts'

/** Bookings that hold a meeting (not cancelled or declined). */
const MEETING_STATUSES = ['pending', 'accepted'] as const

/**
 * The /booking figures of one period, in the viewer's zone, counted over the bookings themselves: for a team's
 * figures (a booking two of its members host counts once) and for a zone whose midnights are not on a quarter hour.
 */
export async function bookingFigures(db: Db, scope: Scope, range: Range, timeZone: string): Promise<BookingFigures> {
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
            select extract(epoch from b.start_at - b.created_at) / 3600 as hours, ${leadBucket(timeZone)} as bucket
            from bookings b where ${created}) x
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
  const all = lead.find((r) => r.bucket === null)
  const eventCount = (action: string) => num(events.find((e) => e.action === action)?.n)
  const [counts] = starts
  return present(scope, range, timeZone, {
    created: num(counts?.created),
    rescheduled: eventCount('rescheduled'),
    cancelled: eventCount('cancelled'),
    noShow: num(counts?.no_show),
    held: num(counts?.held),
    byType: byType.map((r) => ({ id: r.id, name: r.name, n: num(r.n), cancelled: num(r.cancelled) })),
    byMember: byMember.map((r) => ({ userId: r.user_id, n: num(r.n), cancelled: num(r.cancelled), noShow: num(r.no_show) })),
    people,
    byForm: byForm.map((r) => ({ formId: r.form_id, name: r.name, n: num(r.n) })),
    heat: heat.map((r) => ({ weekday: r.weekday, hour: r.hour, n: num(r.n) })),
    lead: { average: numOrNull(all?.hours), median: numOrNull(all?.median), buckets: lead.map((r) => ({ bucket: r.bucket, n: num(r.n) })) },
  })
}

type Person = { id: string; name: string; avatarUrl: string | null }
/** A period's counts, however they were counted, as the dashboard's figures with the keys of their records. */
type Counts = {
  created: number
  rescheduled: number
  cancelled: number
  noShow: number
  held: number
  byType: { id: string; name: string; n: number; cancelled: number }[]
  byMember: { userId: string; n: number; cancelled: number; noShow: number }[]
  people: Map<string, Person>
  byForm: { formId: string | null; name: string | null; n: number }[]
  heat: { weekday: number; hour: number; n: number }[]
  lead: { average: number | null; median: number | null; buckets: { bucket: string | null; n: number }[] }
}

function present(scope: Scope, [from, to]: Range, timeZone: string, c: Counts): BookingFigures {
  const asked = scope.asked
  const heatmap = c.heat
    .filter((r) => r.n !== 0)
    .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour)
    .map((r) => ({
      weekday: r.weekday,
      hour: r.hour,
      count: r.n,
      drill: bookingsKey(asked, {
        starts: [from, to],
        statuses: [...MEETING_STATUSES],
        local: { tz: timeZone, weekday: r.weekday, hour: r.hour },
      }),
    }))
  return {
    created: { count: c.created, drill: bookingsKey(asked, { created: [from, to] }, 'created') },
    rescheduled: { count: c.rescheduled, drill: bookingsKey(asked, { event: { action: 'rescheduled', range: [from, to] } }) },
    cancelled: { count: c.cancelled, drill: bookingsKey(asked, { event: { action: 'cancelled', range: [from, to] } }) },
    noShow: { count: c.noShow, drill: bookingsKey(asked, { starts: [from, to], statuses: ['accepted'], noShow: true }) },
    held: { count: c.held, drill: bookingsKey(asked, { starts: [from, to], statuses: ['accepted'], noShow: false }) },
    byEventType: c.byType.map((r) => ({
      eventTypeId: r.id,
      name: r.name,
      count: r.n,
      cancelled: r.cancelled,
      drill: bookingsKey(asked, { created: [from, to], eventType: r.id }, 'created'),
    })),
    byMember: c.byMember
      .filter((r) => c.people.has(r.userId))
      .map((r) => ({
        member: c.people.get(r.userId) as Person,
        count: r.n,
        cancelled: r.cancelled,
        noShow: r.noShow,
        drill: bookingsKey(asked, { created: [from, to], member: r.userId }, 'created'),
      }))
      .sort((a, b) => b.count - a.count || a.member.name.localeCompare(b.member.name)),
    byRoutingForm: c.byForm.map((r) => ({
      formId: r.formId,
      name: r.name,
      count: r.n,
      drill: bookingsKey(asked, { created: [from, to], form: r.formId ?? 'none' }, 'created'),
    })),
    heatmap,
    popularTimes: [...heatmap].sort((a, b) => b.count - a.count || a.weekday - b.weekday || a.hour - b.hour).slice(0, 5),
    leadTime: {
      averageHours: c.lead.average,
      medianHours: c.lead.median,
      buckets: LEAD_TIME_BUCKETS.map((bucket) => ({
        bucket,
        count: c.lead.buckets.find((r) => r.bucket === bucket)?.n ?? 0,
        drill: bookingsKey(asked, { created: [from, to], lead: { tz: timeZone, bucket } }, 'created'),
      })),
    },
  }
}

type LeadRow = { [bucket in (typeof LEAD_TIME_BUCKETS)[number]]: unknown } & { hours: unknown; median: unknown }
/** Each lead time bucket as a condition on whole days (as leadBucket in drill.ts). */
const LEAD_DAYS: Record<(typeof LEAD_TIME_BUCKETS)[number], string> = {
  same_day: 'days = 0',
  next_day: 'days = 1',
  within_week: 'days not in (0, 1) and days <= 7',
  within_month: 'days > 7 and days <= 30',
  later: 'days > 30',
}

/** The participant of the counts that stand for a booking itself (everyone's figures). */
const THE_BOOKING = '00000000-0000-0000-0000-000000000000'
const QUARTER_HOUR = 900_000

/**
 * Both periods of /booking. Everyone's and one member's figures are read from booking_counts (kept by triggers,
 * per quarter hour), regrouped into the viewer's days, weekdays and hours: one pass over the counts for both
 * periods, and one over the bookings made in them for what counts cannot give (routing forms, the median
 * lead time). A team's figures are counted over the bookings (a booking two members host counts once).
 */
export async function bookingPeriods(db: Db, scope: Scope, window: Window): Promise<{ current: BookingFigures; previous: BookingFigures }> {
  const { timeZone } = window
  const [start, end] = window.current
  const [prevStart] = window.previous
  const aligned = [prevStart, start, end].every((ms) => ms % QUARTER_HOUR === 0)
  if (!aligned || (scope.owners !== null && scope.owners.length !== 1)) {
    const [current, previous] = await Promise.all([
      bookingFigures(db, scope, window.current, timeZone),
      bookingFigures(db, scope, window.previous, timeZone),
    ])
    return { current, previous }
  }
  const subject = scope.owners === null ? THE_BOOKING : (scope.owners[0] as string)
  const local = sql`(c.bucket at time zone ${timeZone})`
  const span = sql`c.organization_id = ${scope.organizationId} and c.bucket >= ${ts(prevStart)} and c.bucket < ${ts(end)}`
  const isCurrent = sql`(c.bucket >= ${ts(start)})`
  const made = sql`b.organization_id = ${scope.organizationId} and ${bookingOwnedBy(scope, sql`b.id`)}
    and b.created_at >= ${ts(prevStart)} and b.created_at < ${ts(end)}`
  const bIsCurrent = sql`(b.created_at >= ${ts(start)})`
  // The zone's midnights from the previous period's first day to 32 days after the period (sorted, in seconds), found
  // by the database (its zone rules) in one small statement beside the others, then given to the lead time statement
  // as a constant array: read in place by each binary search, where an array from a subquery cost ~15% more.
  const leadDates = Array.from({ length: daysBetween(window.previousPeriod.from, window.period.to) + 34 }, (_, i) =>
    addDays(window.previousPeriod.from, i),
  )
  const midnightsAt = midnights(db, timeZone, leadDates).then((found) => sql`${`{${found.map((ms) => ms / 1000).join(',')}}`}::float8[]`)

  type CountRow = {
    current: boolean
    measure: string
    event_type_id: string
    status: string
    no_show: boolean
    weekday: number | null
    hour: number | null
    n: unknown
  }
  const [counts, members, types, forms, lead] = await Promise.all([
    rows<CountRow>(
      db,
      sql`select ${isCurrent} as current, c.measure, c.event_type_id, c.status, c.no_show,
            case when c.measure = 'start' then extract(isodow from ${local})::int end as weekday,
            case when c.measure = 'start' then extract(hour from ${local})::int end as hour,
            sum(c.n) as n
          from booking_counts c where ${span} and c.user_id = ${subject}
          group by 1, 2, 3, 4, 5, 6, 7`,
    ),
    scope.owners === null
      ? rows<{ current: boolean; user_id: string; status: string; no_show: boolean; n: unknown }>(
          db,
          sql`select ${isCurrent} as current, c.user_id, c.status, c.no_show, sum(c.n) as n
              from booking_counts c where ${span} and c.measure = 'created' and c.user_id <> ${THE_BOOKING}
              group by 1, 2, 3, 4`,
        )
      : Promise.resolve(null),
    rows<{ id: string; title: string }>(db, sql`select id, title from event_types where organization_id = ${scope.organizationId}`),
    rows<{ current: boolean; form_id: string; name: string; n: unknown }>(
      db,
      // The bookings made through a form, by their first routing response: the others are the rest of those made.
      sql`select ${bIsCurrent} as current, f.id as form_id, f.name, count(*) as n
          from (select distinct on (rr.booking_id) rr.booking_id, rr.form_id from routing_responses rr
            where rr.organization_id = ${scope.organizationId} and rr.booking_id is not null
            order by rr.booking_id, rr.created_at) r
          join bookings b on b.id = r.booking_id join routing_forms f on f.id = r.form_id
          where ${made} group by 1, 2, 3`,
    ),
    // One statement per period, asked together: on PostgreSQL each runs on a connection (and a core) of its own,
    // where one pass over both periods kept a single core busy for the whole of both.
    midnightsAt.then((at) =>
      Promise.all(
        [
          { current: true, from: start, to: end },
          { current: false, from: prevStart, to: start },
        ].map(async ({ current, from, to }) => {
          const [row] = await rows<LeadRow>(
            db,
            // Days in the zone from making to start, as the local midnights passed between them: found in the sorted
            // midnights of the two periods and the 32 days after (a start beyond is 'later' anyway) by binary search,
            // instead of two zone conversions per booking. (organization_id, created_at, start_at) is an index, so the
            // bookings are not read. Each booking's days and hours are computed once (offset 0 keeps the subquery
            // apart: flattened, its expression would be repeated in every filter).
            sql`select ${sql.join(
              LEAD_TIME_BUCKETS.map((bucket) => sql`count(*) filter (where ${sql.raw(LEAD_DAYS[bucket])}) as ${sql.raw(bucket)}`),
              sql`, `,
            )}, avg(hours) as hours, percentile_cont(0.5) within group (order by hours) as median from (
              select date_part('epoch', b.start_at - b.created_at) / 3600 as hours,
                width_bucket(date_part('epoch', b.start_at), ${at}) - width_bucket(date_part('epoch', b.created_at), ${at}) as days
              from bookings b where b.organization_id = ${scope.organizationId} and ${bookingOwnedBy(scope, sql`b.id`)}
                and b.created_at >= ${ts(from)} and b.created_at < ${ts(to)} offset 0) y`,
          )
          return { ...(row as LeadRow), current }
        }),
      ),
    ),
  ])

  const titles = new Map(types.map((t) => [t.id, t.title]))
  const memberRows =
    members ??
    counts
      .filter((r) => r.measure === 'created')
      .map((r) => ({ current: r.current, user_id: subject, status: r.status, no_show: r.no_show, n: r.n }))
  const people = new Map((await peopleOf(db, [...new Set(memberRows.map((r) => r.user_id))])).map((p) => [p.id, p]))

  const period = (current: boolean): BookingFigures => {
    const mine = counts.filter((r) => r.current === current)
    const sum = (list: { n: unknown }[]) => list.reduce((t, r) => t + num(r.n), 0)
    const created = mine.filter((r) => r.measure === 'created')
    const starting = mine.filter((r) => r.measure === 'start')
    const byType = new Map<string, { id: string; name: string; n: number; cancelled: number }>()
    for (const r of created) {
      const entry = byType.get(r.event_type_id) ?? { id: r.event_type_id, name: titles.get(r.event_type_id) ?? '', n: 0, cancelled: 0 }
      entry.n += num(r.n)
      if (r.status === 'cancelled') entry.cancelled += num(r.n)
      byType.set(r.event_type_id, entry)
    }
    const byMember = new Map<string, { userId: string; n: number; cancelled: number; noShow: number }>()
    for (const r of memberRows.filter((m) => m.current === current)) {
      const entry = byMember.get(r.user_id) ?? { userId: r.user_id, n: 0, cancelled: 0, noShow: 0 }
      entry.n += num(r.n)
      if (r.status === 'cancelled') entry.cancelled += num(r.n)
      if (r.status === 'accepted' && r.no_show) entry.noShow += num(r.n)
      byMember.set(r.user_id, entry)
    }
    const heat = new Map<string, { weekday: number; hour: number; n: number }>()
    for (const r of starting.filter((s) => (MEETING_STATUSES as readonly string[]).includes(s.status))) {
      const key = `${r.weekday}-${r.hour}`
      const entry = heat.get(key) ?? { weekday: r.weekday as number, hour: r.hour as number, n: 0 }
      entry.n += num(r.n)
      heat.set(key, entry)
    }
    const leadRow = lead.find((r) => r.current === current)
    return present(scope, current ? window.current : window.previous, timeZone, {
      created: sum(created),
      rescheduled: sum(mine.filter((r) => r.measure === 'rescheduled')),
      cancelled: sum(mine.filter((r) => r.measure === 'cancelled')),
      noShow: sum(starting.filter((r) => r.status === 'accepted' && r.no_show)),
      held: sum(starting.filter((r) => r.status === 'accepted' && !r.no_show)),
      byType: [...byType.values()].filter((t) => t.n !== 0).sort((a, b) => b.n - a.n || a.name.localeCompare(b.name)),
      byMember: [...byMember.values()].filter((m) => m.n !== 0),
      people,
      byForm: byForm(
        sum(created),
        forms.filter((r) => r.current === current),
      ),
      heat: [...heat.values()],
      lead: {
        average: numOrNull(leadRow?.hours),
        median: numOrNull(leadRow?.median),
        buckets: LEAD_TIME_BUCKETS.map((bucket) => ({ bucket, n: num(leadRow?.[bucket]) })),
      },
    })
  }
  return { current: period(true), previous: period(false) }
}

/** Bookings by routing form, the ones made through none last among equals (as null names sort in SQL). */
function byForm(made: number, through: { form_id: string; name: string; n: unknown }[]) {
  const list: { formId: string | null; name: string | null; n: number }[] = through.map((r) => ({
    formId: r.form_id,
    name: r.name,
    n: num(r.n),
  }))
  const none = made - list.reduce((t, r) => t + r.n, 0)
  if (none > 0) list.push({ formId: null, name: null, n: none })
  return list.sort((a, b) => b.n - a.n || (a.name === null ? 1 : b.name === null ? -1 : a.name.localeCompare(b.name)))
}
