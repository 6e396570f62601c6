import type { DealsFigure, InsightsScope, PipelineFigures } from '@closeroom/shared'
import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { inRange, money, num, onQuarterHours, ownedBy, type Range, type Rates, rows, type Scope, ts, type Window } from './context.ts'
import { dealConditions, dealsKey } from './drill.ts'

type StageRow = { id: string; name: string; kind: 'open' | 'won' | 'lost'; position: number; probability: number }
type Sum = { currency: string; n: unknown; amount: unknown }

/** Per-currency rows summed into one figure. */
export function dealsFigure(found: Sum[], rates: Rates, drill: string): DealsFigure {
  return {
    count: found.reduce((total, r) => total + num(r.n), 0),
    value: money(
      found.map((r) => ({ currency: r.currency, amount: num(r.amount) })),
      rates,
    ),
    drill,
  }
}

const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole)
const DAY_SECONDS = 86_400

export async function stagesOf(db: Db, organizationId: string): Promise<StageRow[]> {
  return rows<StageRow>(
    db,
    sql`select id, name, kind, position, probability from pipeline_stages where organization_id = ${organizationId} order by position`,
  )
}

type ClosedRow = Sum & { current: boolean; kind: 'won' | 'lost'; owner_id: string; reason: string | null; cycle: unknown }
type AtRow = Sum & { stage_id: string; owner_id: string }

/**
 * Both periods of /analytics, each count and sum a grouped statement over indexes, one pass for both periods
 * where a figure is over a range of dates. Where deals stood when a period ended is where they stand now
 * (deal_owner_totals, kept by triggers) less the stays entered since and plus the stays left since.
 */
export async function pipelinePeriods(db: Db, scope: Scope, rates: Rates, window: Window) {
  const stages = await stagesOf(db, scope.organizationId)
  const base = dealConditions(scope, {})
  const [start, end] = window.current
  const [prevStart] = window.previous
  const both = (column: SQL) => sql`${column} >= ${ts(prevStart)} and ${column} < ${ts(end)}`
  const isCurrent = (column: SQL) => sql`(${column} >= ${ts(start)})`
  const counted = onQuarterHours(prevStart, start, end)

  const [created, closed, now, since, conversionNow, conversionBefore, teams] = await Promise.all([
    // Deals made from the counts the triggers keep per quarter hour when the periods are runs of whole buckets
    // (every zone today), else over the deals.
    counted
      ? rows<Sum & { current: boolean }>(
          db,
          sql`select ${isCurrent(sql`c.bucket`)} as current, c.currency, sum(c.n) as n, sum(c.amount) as amount from deal_made_counts c
              where c.organization_id = ${scope.organizationId} and ${ownedBy(scope, sql`c.owner_id`)} and ${both(sql`c.bucket`)}
              group by 1, 2 having sum(c.n) <> 0 or sum(c.amount) <> 0`,
        )
      : rows<Sum & { current: boolean }>(
          db,
          sql`select ${isCurrent(sql`d.created_at`)} as current, d.currency, count(*) as n, sum(d.amount) as amount from deals d
              where ${base} and ${both(sql`d.created_at`)} group by 1, 2`,
        ),
    // Won and lost from the counts the triggers keep per quarter hour when the periods are runs of whole
    // buckets (every zone today), else over the deals.
    counted
      ? rows<ClosedRow>(
          db,
          sql`select ${isCurrent(sql`c.bucket`)} as current, s.kind, c.owner_id, c.currency, c.lost_reason as reason, sum(c.n) as n,
                sum(c.amount) as amount, sum(c.cycle) as cycle
              from deal_close_counts c join pipeline_stages s on s.id = c.stage_id
              where c.organization_id = ${scope.organizationId} and ${ownedBy(scope, sql`c.owner_id`)} and s.kind in ('won', 'lost')
                and ${both(sql`c.bucket`)}
              group by 1, 2, 3, 4, 5 having sum(c.n) <> 0`,
        )
      : rows<ClosedRow>(
          db,
          sql`select ${isCurrent(sql`d.closed_at`)} as current, s.kind, d.owner_id, d.currency, d.lost_reason as reason, count(*) as n,
                sum(d.amount) as amount, sum(extract(epoch from d.closed_at - d.created_at)) as cycle
              from deals d join pipeline_stages s on s.id = d.stage_id
              where ${base} and s.kind in ('won', 'lost') and ${both(sql`d.closed_at`)}
              group by 1, 2, 3, 4, 5`,
        ),
    rows<AtRow>(
      db,
      sql`select t.stage_id, t.owner_id, t.currency, t.count as n, t.amount from deal_owner_totals t
          where t.organization_id = ${scope.organizationId} and ${ownedBy(scope, sql`t.owner_id`)}`,
    ),
    counted ? stayCounts(db, scope, start, end) : staysSince(db, scope, base, start, end),
    conversionOf(db, scope, base, window.current),
    conversionOf(db, scope, base, window.previous),
    // Teams are shown on everyone's and on one team's figures; one member's figures are that member's alone.
    scope.asked.ownerId === null
      ? rows<{ id: string; name: string; members: string[] | null }>(
          db,
          sql`select t.id, t.name, array_remove(array_agg(tm.user_id::text), null) as members from teams t
              left join team_members tm on tm.team_id = t.id
              where t.organization_id = ${scope.organizationId} ${scope.asked.teamId ? sql`and t.id = ${scope.asked.teamId}` : sql``}
              group by t.id, t.name order by t.name`,
        )
      : Promise.resolve([]),
  ])
  const atEndOf = (current: boolean): AtRow[] => {
    const sums = new Map<string, AtRow>()
    for (const r of [...now, ...since.filter((c) => c.current === current)]) {
      const key = `${r.stage_id} ${r.owner_id} ${r.currency}`
      const entry = sums.get(key) ?? { stage_id: r.stage_id, owner_id: r.owner_id, currency: r.currency, n: 0, amount: 0 }
      entry.n = num(entry.n) + num(r.n)
      entry.amount = num(entry.amount) + num(r.amount)
      sums.set(key, entry)
    }
    return [...sums.values()].filter((r) => num(r.n) !== 0)
  }
  const ownerIds = [...new Set([...closed.map((r) => r.owner_id), ...now.map((r) => r.owner_id), ...since.map((r) => r.owner_id)])]
  const people = await peopleOf(db, ownerIds)
  const period = (current: boolean) =>
    pipelineFigures(scope, rates, current ? window.current : window.previous, {
      stages,
      created: created.filter((r) => r.current === current),
      closed: closed.filter((r) => r.current === current),
      atEnd: atEndOf(current),
      conversion: current ? conversionNow : conversionBefore,
      people,
      teams,
    })
  return { current: period(true), previous: period(false) }
}

/** The stays entered or left since each period's end, signed (entered -1, left +1), over the stays and their deals. */
function staysSince(db: Db, scope: Scope, base: SQL, start: number, end: number) {
  return rows<AtRow & { current: boolean }>(
    db,
    sql`select x.current, x.stage_id, d.owner_id, d.currency, sum(x.sign) as n, sum(x.sign * d.amount) as amount
        from (${sql.join(
          [
            [true, end],
            [false, start],
          ].flatMap(([current, at]) => [
            sql`select ${current}::boolean as current, h.deal_id, h.stage_id, -1 as sign from deal_stage_history h
              where h.organization_id = ${scope.organizationId} and h.entered_at >= ${ts(at as number)} and h.left_at is null
                and h.stage_id is not null`,
            sql`select ${current}::boolean, h.deal_id, h.stage_id, 1 from deal_stage_history h
              where h.organization_id = ${scope.organizationId} and h.left_at >= ${ts(at as number)} and h.entered_at < ${ts(at as number)}
                and h.stage_id is not null`,
          ]),
          sql` union all `,
        )}) x
        -- Each stay's deal by its id (a few stays: an index lookup each, not a pass over every deal).
        cross join lateral (select d.owner_id, d.currency, d.amount from deals d where d.id = x.deal_id and ${base}) d
        group by 1, 2, 3, 4`,
  )
}

/**
 * The same from deal_stay_counts (kept by triggers per quarter hour of entering and leaving, with the deal as it is
 * now), when both periods' ends fall on quarter hours: a stay entered since an end counts -1 and one left since +1
 * (a stay both entered and left since nets to nothing, as it did not stand at that end and does not now).
 */
async function stayCounts(db: Db, scope: Scope, start: number, end: number): Promise<(AtRow & { current: boolean })[]> {
  const found = await rows<AtRow & { after_end: boolean; measure: 'entered' | 'left' }>(
    db,
    sql`select (c.bucket >= ${ts(end)}) as after_end, c.measure, c.stage_id, c.owner_id, c.currency, sum(c.n) as n, sum(c.amount) as amount
        from deal_stay_counts c
        where c.organization_id = ${scope.organizationId} and c.measure in ('entered', 'left') and c.bucket >= ${ts(start)}
          and ${ownedBy(scope, sql`c.owner_id`)}
        group by 1, 2, 3, 4, 5 having sum(c.n) <> 0 or sum(c.amount) <> 0`,
  )
  return found.flatMap(({ after_end, measure, ...r }) => {
    const sign = measure === 'left' ? 1 : -1
    const row = { ...r, n: sign * num(r.n), amount: sign * num(r.amount) }
    // Since the previous period's end (the current period's start): every row; since the current period's end: the later ones.
    return after_end
      ? [
          { ...row, current: false },
          { ...row, current: true },
        ]
      : [{ ...row, current: false }]
  })
}

function conversionOf(db: Db, scope: Scope, base: SQL, range: Range) {
  return rows<{ stage_id: string; entered: unknown; advanced: unknown; seconds: unknown; stays: unknown }>(
    db,
    sql`select h.stage_id,
          count(distinct h.deal_id) filter (where ${inRange(sql`h.entered_at`, range)}) as entered,
          -- Only a stay that was left can have a later one (a move ends the open stay before it starts the next), so
          -- the stays still open are not looked up.
          count(distinct h.deal_id) filter (where ${inRange(sql`h.entered_at`, range)} and h.left_at is not null and exists (
            select 1 from deal_stage_history later join pipeline_stages ls on ls.id = later.stage_id
            where later.deal_id = h.deal_id and later.entered_at > h.entered_at
              and (ls.kind = 'won' or (ls.kind = 'open' and ls.position > hs.position)))) as advanced,
          sum(extract(epoch from h.left_at - h.entered_at)) filter (where ${inRange(sql`h.left_at`, range)}) as seconds,
          count(*) filter (where ${inRange(sql`h.left_at`, range)}) as stays
        from deal_stage_history h join pipeline_stages hs on hs.id = h.stage_id
        where h.organization_id = ${scope.organizationId} and hs.kind = 'open'
          -- Everyone's figures need no deal: the stay carries the organization.
          ${scope.owners === null ? sql`` : sql`and exists (select 1 from deals d where d.id = h.deal_id and ${base})`}
          and (${inRange(sql`h.entered_at`, range)} or ${inRange(sql`h.left_at`, range)})
        group by h.stage_id`,
  )
}

/** The /analytics figures of one period, from its rows. */
function pipelineFigures(
  scope: Scope,
  rates: Rates,
  range: Range,
  found: {
    stages: StageRow[]
    created: Sum[]
    closed: ClosedRow[]
    atEnd: AtRow[]
    conversion: Awaited<ReturnType<typeof conversionOf>>
    people: { id: string; name: string; avatarUrl: string | null }[]
    teams: { id: string; name: string; members: string[] | null }[]
  },
): PipelineFigures {
  const asked: InsightsScope = scope.asked
  const { stages, created, closed, atEnd, conversion, people, teams } = found
  const [from, to] = range
  const owners = closed
  const reasons = closed.filter((r) => r.kind === 'lost')

  const won = closed.filter((r) => r.kind === 'won')
  const lost = closed.filter((r) => r.kind === 'lost')
  const wonCount = won.reduce((t, r) => t + num(r.n), 0)
  const lostCount = lost.reduce((t, r) => t + num(r.n), 0)
  const stageById = new Map(stages.map((s) => [s.id, s]))
  const openAtEnd = atEnd.filter((r) => stageById.get(r.stage_id)?.kind === 'open')

  const byStage = stages.map((stage) => {
    const here = atEnd.filter((r) => r.stage_id === stage.id)
    const figure = dealsFigure(here, rates, dealsKey(asked, { at: { ms: to, stageId: stage.id } }))
    return {
      stageId: stage.id,
      name: stage.name,
      kind: stage.kind,
      position: stage.position,
      probability: stage.probability,
      count: figure.count,
      value: figure.value,
      weighted: weighted(here, stage.probability, rates),
      drill: figure.drill,
    }
  })

  const ownerFigures = (ids: string[], key: { owner?: string; team?: string }) => {
    const wonRows = owners.filter((r) => ids.includes(r.owner_id) && r.kind === 'won')
    const lostRows = owners.filter((r) => ids.includes(r.owner_id) && r.kind === 'lost')
    const openRows = openAtEnd.filter((r) => ids.includes(r.owner_id))
    const w = dealsFigure(wonRows, rates, dealsKey(asked, { ...key, kind: 'won', closed: [from, to] }, 'closed'))
    const l = dealsFigure(lostRows, rates, dealsKey(asked, { ...key, kind: 'lost', closed: [from, to] }, 'closed'))
    return {
      won: w,
      lost: l,
      open: dealsFigure(openRows, rates, dealsKey(asked, { ...key, at: { ms: to, kind: 'open' } })),
      winRate: ratio(w.count, w.count + l.count),
    }
  }
  const mine = new Set([...owners.map((r) => r.owner_id), ...openAtEnd.map((r) => r.owner_id)])
  const byOwner = people
    .filter((person) => mine.has(person.id))
    .map((person) => ({ owner: person, ...ownerFigures([person.id], { owner: person.id }) }))
    .sort((a, b) => b.won.count - a.won.count || a.owner.name.localeCompare(b.owner.name))

  const byTeam = teams.map((team) => ({ team: { id: team.id, name: team.name }, ...ownerFigures(team.members ?? [], { team: team.id }) }))

  const cycleSeconds = won.reduce((t, r) => t + num(r.cycle), 0)
  return {
    byStage,
    created: dealsFigure(created, rates, dealsKey(asked, { created: [from, to] }, 'created')),
    won: dealsFigure(won, rates, dealsKey(asked, { kind: 'won', closed: [from, to] }, 'closed')),
    lost: dealsFigure(lost, rates, dealsKey(asked, { kind: 'lost', closed: [from, to] }, 'closed')),
    winRate: ratio(wonCount, wonCount + lostCount),
    averageDealSize: averageDealSize(won, rates),
    salesCycleDays: wonCount === 0 ? null : cycleSeconds / wonCount / DAY_SECONDS,
    conversion: stages
      .filter((s) => s.kind === 'open')
      .map((stage) => {
        const row = conversion.find((r) => r.stage_id === stage.id)
        const entered = num(row?.entered)
        const advanced = num(row?.advanced)
        const stays = num(row?.stays)
        return {
          stageId: stage.id,
          name: stage.name,
          kind: stage.kind,
          position: stage.position,
          entered,
          advanced,
          rate: ratio(advanced, entered),
          averageDays: stays === 0 ? null : num(row?.seconds) / stays / DAY_SECONDS,
          drill: dealsKey(asked, { entered: { stageId: stage.id, range: [from, to] } }),
        }
      }),
    lostByReason: groupBy(reasons, (r) => r.reason)
      .map(([reason, group]) => {
        const figure = dealsFigure(group, rates, dealsKey(asked, { kind: 'lost', closed: [from, to], reason }, 'closed'))
        return { reason, count: figure.count, value: figure.value, drill: figure.drill }
      })
      .sort((a, b) => b.count - a.count || (a.reason ?? '').localeCompare(b.reason ?? '')),
    byOwner,
    byTeam,
  }
}

/** Amount × probability per currency, rounded once per currency. */
export function weighted(found: Sum[], probability: number, rates: Rates) {
  const sums = new Map<string, number>()
  for (const r of found) sums.set(r.currency, (sums.get(r.currency) ?? 0) + num(r.amount))
  return money(
    [...sums].map(([currency, amount]) => ({ currency, amount: Math.round((amount * probability) / 100) })),
    rates,
  )
}

export function groupBy<T, K>(list: T[], keyOf: (item: T) => K): [K, T[]][] {
  const groups = new Map<K, T[]>()
  for (const item of list) {
    const key = keyOf(item)
    groups.set(key, [...(groups.get(key) ?? []), item])
  }
  return [...groups]
}

export async function peopleOf(db: Db, ids: string[]) {
  if (ids.length === 0) return []
  const found = await rows<{ id: string; name: string; avatar_url: string | null }>(
    db,
    sql`select id, name, avatar_url from users where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) order by name`,
  )
  return found.map((u) => ({ id: u.id, name: u.name, avatarUrl: u.avatar_url }))
}

/**
 * The average won deal per currency, and overall in the reporting currency: everything won that converts, over
 * the number of those deals. Converting the per-currency averages and adding them would give the sum of two
 * averages, larger than any deal's average.
 */
function averageDealSize(won: { currency: string; amount: unknown; n: unknown }[], rates: Rates) {
  const perCurrency = groupBy(won, (r) => r.currency).map(([currency, group]) => ({
    currency,
    total: group.reduce((t, r) => t + num(r.amount), 0),
    count: group.reduce((t, r) => t + num(r.n), 0),
  }))
  const averages = money(
    perCurrency.map(({ currency, total, count }) => ({ currency, amount: Math.round(total / count) })),
    rates,
  )
  const totals = money(
    perCurrency.map(({ currency, total }) => ({ currency, amount: total })),
    rates,
  ).converted
  if (!totals) return averages
  const counted = perCurrency.filter((c) => !totals.missingRates.includes(c.currency)).reduce((t, c) => t + c.count, 0)
  return { ...averages, converted: { ...totals, amount: counted === 0 ? 0 : Math.round(totals.amount / counted) } }
}
