import { COMMIT_PROBABILITY, type QuotaAttainment, type RevenueMonth } from '@closeroom/shared'
import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import {
  addDays,
  inRange,
  midnights,
  money,
  num,
  onQuarterHours,
  ownedBy,
  type Range,
  type Rates,
  rows,
  type Scope,
  uuidArray,
  type Window,
} from './context.ts'
import { dealConditions, dealsKey } from './drill.ts'
import { dealsFigure, groupBy } from './pipeline.ts'
import { presentQuota, quotaEnd, quotaSelect } from './quotas.ts'

type Sum = { currency: string; n: unknown; amount: unknown }

/** The months (YYYY-MM) from the one holding `from` to the one holding `to`. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = []
  let [y, m] = from.slice(0, 7).split('-').map(Number) as [number, number]
  const last = to.slice(0, 7)
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`
    months.push(month)
    if (month >= last) return months
    m += 1
    if (m > 12) {
      m = 1
      y += 1
    }
  }
}

const lastDayOf = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10)
}

/**
 * Won ÷ quota: in the quota's currency when everything won is in it; otherwise both converted into the reporting
 * currency when rates allow, else only what was won in the quota's currency counts.
 */
function attainmentOf(won: Money, quota: { amount: number; currency: string }, rates: Rates): number | null {
  if (quota.amount === 0) return null
  const same = won.amounts.find((a) => a.currency === quota.currency)?.amount ?? 0
  if (won.amounts.every((a) => a.currency === quota.currency)) return same / quota.amount
  const target = money([{ currency: quota.currency, amount: quota.amount }], rates).converted
  if (!won.converted || won.converted.missingRates.length > 0 || !target || target.missingRates.length > 0 || target.amount === 0)
    return same / quota.amount
  return won.converted.amount / target.amount
}
type Money = ReturnType<typeof money>

/** The /banking figures: won per month, the forecast of open deals by expected close, quotas and their attainment. */
export async function revenueFigures(db: Db, scope: Scope, rates: Rates, window: Window) {
  const asked = scope.asked
  const { timeZone, period } = window
  const [from, to] = window.current
  const months = monthsOf(period.from, period.to)
  const firstDays = months.map((m) => (`${m}-01` < period.from ? period.from : `${m}-01`))
  const bounds = await midnights(db, timeZone, [...firstDays, addDays(period.to, 1)])
  const monthRange = (i: number): [number, number] => [bounds[i] as number, bounds[i + 1] as number]
  const monthDates = (i: number): [string, string] => {
    const last = lastDayOf(months[i] as string)
    return [firstDays[i] as string, last > period.to ? period.to : last]
  }
  const base = dealConditions(scope, {})
  // Won deals from the counts the triggers keep per quarter hour when the months and both periods are runs of
  // whole buckets (every zone today), else over the deals.
  const counted = onQuarterHours(...bounds, ...window.previous)
  const wonIn = (range: Range, month: boolean) =>
    counted
      ? sql`select ${month ? sql`to_char(c.bucket at time zone ${timeZone}, 'YYYY-MM') as month, c.owner_id,` : sql``} c.currency,
            sum(c.n) as n, sum(c.amount) as amount
          from deal_close_counts c join pipeline_stages s on s.id = c.stage_id
          where c.organization_id = ${scope.organizationId} and ${ownedBy(scope, sql`c.owner_id`)} and s.kind = 'won'
            and ${inRange(sql`c.bucket`, range)}
          group by ${month ? sql`1, 2, 3` : sql`1`} having sum(c.n) <> 0`
      : sql`select ${month ? sql`to_char(d.closed_at at time zone ${timeZone}, 'YYYY-MM') as month, d.owner_id,` : sql``} d.currency,
            count(*) as n, sum(d.amount) as amount
          from deals d join pipeline_stages s on s.id = d.stage_id
          where ${base} and s.kind = 'won' and ${inRange(sql`d.closed_at`, range)}
          group by ${month ? sql`1, 2, 3` : sql`1`}`

  const [won, open, unscheduled, previousWon, monthQuotas] = await Promise.all([
    rows<Sum & { month: string; owner_id: string }>(db, wonIn(window.current, true)),
    rows<Sum & { month: string; probability: number }>(
      db,
      sql`select to_char(d.expected_close_date, 'YYYY-MM') as month, d.currency, s.probability, count(*) as n, sum(d.amount) as amount
          from deals d join pipeline_stages s on s.id = d.stage_id
          where ${base} and s.kind = 'open' and d.expected_close_date between ${period.from}::date and ${period.to}::date
          group by 1, 2, 3`,
    ),
    rows<Sum>(
      db,
      sql`select d.currency, count(*) as n, sum(d.amount) as amount from deals d join pipeline_stages s on s.id = d.stage_id
          where ${base} and s.kind = 'open' and d.expected_close_date is null group by d.currency`,
    ),
    rows<Sum>(db, wonIn(window.previous, false)),
    rows<{ month: string; user_id: string; currency: string; amount: unknown }>(
      db,
      sql`select to_char(q.start, 'YYYY-MM') as month, q.user_id, q.currency, sum(q.amount) as amount from quotas q
          where q.organization_id = ${scope.organizationId} and q.period = 'month' and q.user_id is not null
            ${scope.owners === null ? sql`` : sql`and q.user_id = any(${uuidArray(scope.owners)})`}
            and q.start between ${`${months[0]}-01`}::date and ${`${months[months.length - 1]}-01`}::date
          group by 1, 2, 3`,
    ),
  ])

  const forecastOf = (found: (Sum & { probability: number })[]) =>
    money(
      groupBy(found, (r) => r.currency).map(([currency, group]) => ({
        currency,
        amount: Math.round(group.reduce((t, r) => t + num(r.amount) * r.probability, 0) / 100),
      })),
      rates,
    )
  const commitKey = (dates: [string, string]) =>
    dealsKey(asked, { kind: 'open', expected: dates, minProbability: COMMIT_PROBABILITY }, 'expected')
  const bestKey = (dates: [string, string]) => dealsKey(asked, { kind: 'open', expected: dates }, 'expected')
  // The deals a forecast is made of: a stage of probability 0 adds nothing to it.
  const forecastDeals = (found: (Sum & { probability: number })[], dates: [string, string]) => ({
    count: found.filter((r) => r.probability > 0).reduce((t, r) => t + num(r.n), 0),
    drill: dealsKey(asked, { kind: 'open', expected: dates, minProbability: 1 }, 'expected'),
  })

  // What a month's quotas are measured against: the deals their members won that month.
  const quotaWon = (month: string, i: number) => {
    const holders = [...new Set(monthQuotas.filter((q) => q.month === month).map((q) => q.user_id))].sort()
    return dealsFigure(
      won.filter((r) => r.month === month && holders.includes(r.owner_id)),
      rates,
      dealsKey(asked, { kind: 'won', closed: monthRange(i), owners: holders }, 'closed'),
    )
  }

  const monthly: RevenueMonth[] = months.map((month, i) => {
    const here = open.filter((r) => r.month === month)
    return {
      month,
      won: dealsFigure(
        won.filter((r) => r.month === month),
        rates,
        dealsKey(asked, { kind: 'won', closed: monthRange(i) }, 'closed'),
      ),
      forecast: forecastOf(here),
      forecastDeals: forecastDeals(here, monthDates(i)),
      commit: dealsFigure(
        here.filter((r) => r.probability >= COMMIT_PROBABILITY),
        rates,
        commitKey(monthDates(i)),
      ),
      bestCase: dealsFigure(here, rates, bestKey(monthDates(i))),
      quota: money(
        monthQuotas.filter((q) => q.month === month).map((q) => ({ currency: q.currency, amount: num(q.amount) })),
        rates,
      ),
      quotaWon: quotaWon(month, i),
    }
  })

  const quotas = await quotaAttainments(db, scope, rates, window)
  const dates: [string, string] = [period.from, period.to]
  return {
    timeZone,
    commitProbability: COMMIT_PROBABILITY,
    months: monthly,
    totals: {
      won: dealsFigure(won, rates, dealsKey(asked, { kind: 'won', closed: [from, to] }, 'closed')),
      forecast: forecastOf(open),
      forecastDeals: forecastDeals(open, dates),
      commit: dealsFigure(
        open.filter((r) => r.probability >= COMMIT_PROBABILITY),
        rates,
        commitKey(dates),
      ),
      bestCase: dealsFigure(open, rates, bestKey(dates)),
    },
    unscheduled: dealsFigure(unscheduled, rates, dealsKey(asked, { kind: 'open', expected: 'none' })),
    quotas,
    previousWon: dealsFigure(previousWon, rates, dealsKey(asked, { kind: 'won', closed: [...window.previous] }, 'closed')),
  }
}

/** The scope's quotas overlapping the period, each against what its member or team won in its month or quarter. */
async function quotaAttainments(db: Db, scope: Scope, rates: Rates, window: Window): Promise<QuotaAttainment[]> {
  const { period, timeZone } = window
  const parts: SQL[] = [
    sql`q.organization_id = ${scope.organizationId}`,
    sql`q.start <= ${period.to}::date`,
    sql`${quotaEnd} >= ${period.from}::date`,
  ]
  if (scope.asked.teamId) parts.push(sql`(q.team_id = ${scope.asked.teamId} or q.user_id = any(${uuidArray(scope.owners ?? [])}))`)
  else if (scope.owners !== null) parts.push(sql`q.user_id = any(${uuidArray(scope.owners)})`)
  const found = (await rows<Parameters<typeof presentQuota>[0]>(db, quotaSelect(sql.join(parts, sql` and `)))).map(presentQuota)
  if (found.length === 0) return []
  const sums = await rows<Sum & { id: string }>(
    db,
    sql`select q.id, d.currency, count(*) as n, sum(d.amount) as amount
        from quotas q
        join deals d on d.organization_id = q.organization_id
          and d.closed_at >= (q.start::timestamp at time zone ${timeZone})
          and d.closed_at < ((${quotaEnd} + 1)::timestamp at time zone ${timeZone})
          and (d.owner_id = q.user_id or d.owner_id in (select tm.user_id from team_members tm where tm.team_id = q.team_id))
        join pipeline_stages s on s.id = d.stage_id and s.kind = 'won'
        where q.id in (${sql.join(
          found.map((q) => sql`${q.id}`),
          sql`, `,
        )})
        group by q.id, d.currency`,
  )
  const starts = await midnights(
    db,
    timeZone,
    found.flatMap((q) => [q.start, addDays(q.end, 1)]),
  )
  return found.map((quota, i) => {
    const mine = sums.filter((s) => s.id === quota.id)
    const range: [number, number] = [starts[2 * i] as number, starts[2 * i + 1] as number]
    const subject = quota.subject.kind === 'member' ? { owner: quota.subject.id } : { team: quota.subject.id }
    // The records in the caller's own scope: a member's key names only them.
    const wonFigure = dealsFigure(mine, rates, dealsKey(scope.asked, { kind: 'won', closed: range, ...subject }, 'closed'))
    return {
      quotaId: quota.id,
      subject: quota.subject,
      period: quota.period,
      start: quota.start,
      end: quota.end,
      quota: { currency: quota.currency, amount: quota.amount },
      won: wonFigure.value,
      attainment: attainmentOf(wonFigure.value, quota, rates),
      drill: wonFigure.drill,
    }
  })
}
