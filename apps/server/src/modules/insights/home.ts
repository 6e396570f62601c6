import { type DealAttentionReason, HOME_LIST_SIZE, type HomeInsights, STALE_DEAL_DAYS } from '@closeroom/shared'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import type { AuthContext } from '../auth/module.ts'
import { addDays, inRange, midnights, num, onQuarterHours, type Rates, rows, type Scope } from './context.ts'
import { bookingConditions, bookingsKey, dealConditions, dealsKey } from './drill.ts'
import { dealsFigure, groupBy } from './pipeline.ts'
import { present, type RecordRow } from './records.ts'

const DAY = 86_400_000

/** Today's date in a zone. */
export const todayIn = (timeZone: string, at: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(at))

/** The signed-in person's week: their meetings, their deals that need them, their pipeline, what changed since yesterday. */
export async function homeFigures(db: Db, auth: AuthContext, rates: Rates, timeZone: string, now: number): Promise<HomeInsights> {
  const me = auth.user.id
  const scope: Scope = { organizationId: auth.user.organizationId, owners: [me], asked: { ownerId: me, teamId: null } }
  const asked = scope.asked
  const today = todayIn(timeZone, now)
  const isoDay = new Date(`${today}T00:00:00Z`).getUTCDay() || 7
  const monday = addDays(today, 1 - isoDay)
  const week = { from: monday, to: addDays(monday, 6) }
  const [yesterday, todayStart, tomorrow, weekStart, weekEnd] = (await midnights(db, timeZone, [
    addDays(today, -1),
    today,
    addDays(today, 1),
    week.from,
    addDays(week.to, 1),
  ])) as [number, number, number, number, number]

  const meetingStatuses = ['pending', 'accepted'] as ('pending' | 'accepted')[]
  const todayMeetings = { starts: [todayStart, tomorrow] as [number, number], statuses: meetingStatuses }
  const weekMeetings = { starts: [weekStart, weekEnd] as [number, number], statuses: meetingStatuses }
  const staleSince = now - STALE_DEAL_DAYS * DAY
  const attention = {
    stale: { kind: 'open' as const, staleSince },
    overdue: { kind: 'open' as const, overdueBefore: today },
    visited: { visitedSinceLookOf: me },
  }
  const since: [number, number] = [yesterday, now + DAY]
  const countOf = async (where: ReturnType<typeof sql>) => num((await rows<{ n: unknown }>(db, where))[0]?.n)
  const dealCount = (f: Parameters<typeof dealConditions>[1]) =>
    countOf(sql`select count(*) as n from deals d join pipeline_stages s on s.id = d.stage_id where ${dealConditions(scope, f)}`)
  const bookingCount = (f: Parameters<typeof bookingConditions>[1]) =>
    countOf(sql`select count(*) as n from bookings b where ${bookingConditions(scope, f)}`)
  // The person's meetings of a day or a week from booking_counts (kept by triggers per quarter hour of the start,
  // per participant) when the days are runs of whole buckets (every zone today), else over the bookings.
  const meetingCount = (f: typeof todayMeetings) =>
    onQuarterHours(...f.starts)
      ? countOf(sql`select coalesce(sum(c.n), 0) as n from booking_counts c
          where c.organization_id = ${scope.organizationId} and c.user_id = ${me} and c.measure = 'start'
            and c.status in (${sql.join(
              f.statuses.map((status) => sql`${status}`),
              sql`, `,
            )}) and ${inRange(sql`c.bucket`, f.starts)}`)
      : bookingCount(f)

  const [meetingsToday, meetingsWeek, upcoming, attentionRows, open, created, closed, made, cancelled, visits] = await Promise.all([
    meetingCount(todayMeetings),
    meetingCount(weekMeetings),
    rows<RecordRow>(
      db,
      sql`select b.id, b.title as name, u.id as owner_id, u.name as owner_name, u.avatar_url as owner_avatar, null as amount,
              null as currency, extract(epoch from b.start_at) * 1000 as ms, b.status
            from bookings b join users u on u.id = ${me}
            where ${bookingConditions(scope, { ...todayMeetings, startsAfter: now })} order by b.start_at limit ${HOME_LIST_SIZE}`,
    ),
    // The deals needing the person, with every reason each has, most reasons first, and how many have each
    // reason: one pass over the person's deals that can have one (only open deals can be stale or overdue,
    // only a visited room can be visited), each condition the drill's own, over deals_owner_idx alone (it holds
    // every column they read); names and owners are read for the listed deals only. The counts come on every row
    // (and on the one row of nulls when none needs them).
    rows<RecordRow & { stale: boolean; overdue: boolean; visited: boolean; n_stale: unknown; n_overdue: unknown; n_visited: unknown }>(
      db,
      sql`with x as materialized (
              select d.id, d.updated_at,
                (${dealConditions(scope, attention.stale)}) as stale,
                (${dealConditions(scope, attention.overdue)}) as overdue,
                (${dealConditions(scope, attention.visited)}) as visited
              from deals d join pipeline_stages s on s.id = d.stage_id
              where ${dealConditions(scope, {})}
                and (s.kind = 'open' or exists (select 1 from salesroom_visits v where v.deal_id = d.id)))
            select l.id, l.stale, l.overdue, l.visited, d.name, d.owner_id, u.name as owner_name, u.avatar_url as owner_avatar, d.amount,
              d.currency, extract(epoch from l.updated_at) * 1000 as ms, s.name as status, c.n_stale, c.n_overdue, c.n_visited
            from (select count(*) filter (where stale) as n_stale, count(*) filter (where overdue) as n_overdue,
                count(*) filter (where visited) as n_visited from x) c
            left join lateral (select * from x where stale or overdue or visited
              order by (stale::int + overdue::int + visited::int) desc, visited desc, updated_at desc limit ${HOME_LIST_SIZE}) l on true
            left join deals d on d.id = l.id left join pipeline_stages s on s.id = d.stage_id left join users u on u.id = d.owner_id
            order by (l.stale::int + l.overdue::int + l.visited::int) desc, l.visited desc, l.updated_at desc`,
    ),
    // The person's open deals now, as the triggers keep them.
    rows<{ currency: string; probability: number; n: unknown; amount: unknown }>(
      db,
      sql`select t.currency, s.probability, sum(t.count) as n, sum(t.amount) as amount
            from deal_owner_totals t join pipeline_stages s on s.id = t.stage_id
            where t.organization_id = ${scope.organizationId} and t.owner_id = ${me} and s.kind = 'open' and t.count <> 0
            group by 1, 2`,
    ),
    dealCount({ created: since }),
    rows<{ kind: string; currency: string; n: unknown; amount: unknown }>(
      db,
      sql`select s.kind, d.currency, count(*) as n, sum(d.amount) as amount from deals d join pipeline_stages s on s.id = d.stage_id
            where ${dealConditions(scope, { closed: since })} and s.kind in ('won', 'lost') group by 1, 2`,
    ),
    bookingCount({ created: since }),
    bookingCount({ event: { action: 'cancelled', range: since } }),
    countOf(
      sql`select count(*) as n from salesroom_visits v join deals d on d.id = v.deal_id
            where d.organization_id = ${scope.organizationId} and d.owner_id = ${me} and v.started_at >= to_timestamp(${yesterday / 1000}::float8)`,
    ),
  ])

  const [counted] = attentionRows
  const stale = num(counted?.n_stale)
  const overdue = num(counted?.n_overdue)
  const visited = num(counted?.n_visited)
  const needing = attentionRows.filter((row) => row.id !== null)
  const weightedOpen = groupBy(open, (r) => r.currency).map(([currency, group]) => ({
    currency,
    amount: Math.round(group.reduce((t, r) => t + num(r.amount) * r.probability, 0) / 100),
  }))
  return {
    timeZone,
    today,
    week,
    reportingCurrency: rates.reportingCurrency,
    meetings: {
      today: { count: meetingsToday, drill: bookingsKey(asked, todayMeetings) },
      week: { count: meetingsWeek, drill: bookingsKey(asked, weekMeetings) },
      upcoming: upcoming.map((row) => present('booking', row)),
    },
    attention: {
      stale: { count: stale, drill: dealsKey(asked, attention.stale) },
      overdue: { count: overdue, drill: dealsKey(asked, attention.overdue, 'expected') },
      visited: { count: visited, drill: dealsKey(asked, attention.visited) },
      staleDays: STALE_DEAL_DAYS,
      deals: needing.map((row) => ({
        deal: present('deal', row),
        reasons: (['stale', 'overdue', 'visited'] as DealAttentionReason[]).filter((reason) => row[reason]),
      })),
    },
    pipeline: {
      open: dealsFigure(open, rates, dealsKey(asked, { kind: 'open' })),
      weighted: dealsFigure(
        weightedOpen.map((w) => ({ ...w, n: 0 })),
        rates,
        '',
      ).value,
    },
    changes: {
      since: new Date(yesterday).toISOString(),
      dealsCreated: { count: created, drill: dealsKey(asked, { created: since }, 'created') },
      dealsWon: dealsFigure(
        closed.filter((r) => r.kind === 'won'),
        rates,
        dealsKey(asked, { kind: 'won', closed: since }, 'closed'),
      ),
      dealsLost: dealsFigure(
        closed.filter((r) => r.kind === 'lost'),
        rates,
        dealsKey(asked, { kind: 'lost', closed: since }, 'closed'),
      ),
      bookingsMade: { count: made, drill: bookingsKey(asked, { created: since }, 'created') },
      bookingsCancelled: { count: cancelled, drill: bookingsKey(asked, { event: { action: 'cancelled', range: since } }) },
      roomVisits: { count: visits, drill: dealsKey(asked, { visited: since }) },
    },
  }
}
