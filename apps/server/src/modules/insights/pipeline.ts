import type { DealsFigure, InsightsScope, PipelineFigures } from '@closeroom/shared'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { inRange, money, num, type Range, type Rates, rows, type Scope, ts } from './context.ts'
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

/** The /analytics figures of one period: every count and sum is one grouped statement over indexes. */
export async function pipelineFigures(db: Db, scope: Scope, rates: Rates, range: Range): Promise<PipelineFigures> {
  const asked: InsightsScope = scope.asked
  const stages = await stagesOf(db, scope.organizationId)
  const base = dealConditions(scope, {})
  const [from, to] = range
  const end = ts(to)

  const [created, closed, atEnd, conversion, reasons, owners] = await Promise.all([
    rows<Sum>(
      db,
      sql`select d.currency, count(*) as n, sum(d.amount) as amount from deals d
          where ${base} and ${inRange(sql`d.created_at`, range)} group by d.currency`,
    ),
    rows<Sum & { kind: 'won' | 'lost'; cycle: unknown }>(
      db,
      sql`select s.kind, d.currency, count(*) as n, sum(d.amount) as amount,
            sum(extract(epoch from d.closed_at - d.created_at)) as cycle
          from deals d join pipeline_stages s on s.id = d.stage_id
          where ${base} and s.kind in ('won', 'lost') and ${inRange(sql`d.closed_at`, range)}
          group by s.kind, d.currency`,
    ),
    // Where each deal stood when the period ended, by its stage history.
    rows<Sum & { stage_id: string; owner_id: string }>(
      db,
      sql`select h.stage_id, d.owner_id, d.currency, count(*) as n, sum(d.amount) as amount
          from deal_stage_history h join deals d on d.id = h.deal_id
          where h.organization_id = ${scope.organizationId} and ${base}
            and h.entered_at < ${end} and (h.left_at is null or h.left_at >= ${end}) and h.stage_id is not null
          group by h.stage_id, d.owner_id, d.currency`,
    ),
    rows<{ stage_id: string; entered: unknown; advanced: unknown; seconds: unknown; stays: unknown }>(
      db,
      sql`select h.stage_id,
            count(distinct h.deal_id) filter (where ${inRange(sql`h.entered_at`, range)}) as entered,
            count(distinct h.deal_id) filter (where ${inRange(sql`h.entered_at`, range)} and exists (
              select 1 from deal_stage_history later join pipeline_stages ls on ls.id = later.stage_id
              where later.deal_id = h.deal_id and later.entered_at > h.entered_at
                and (ls.kind = 'won' or (ls.kind = 'open' and ls.position > hs.position)))) as advanced,
            sum(extract(epoch from h.left_at - h.entered_at)) filter (where ${inRange(sql`h.left_at`, range)}) as seconds,
            count(*) filter (where ${inRange(sql`h.left_at`, range)}) as stays
          from deal_stage_history h join pipeline_stages hs on hs.id = h.stage_id join deals d on d.id = h.deal_id
          where h.organization_id = ${scope.organizationId} and ${base} and hs.kind = 'open'
            and (${inRange(sql`h.entered_at`, range)} or ${inRange(sql`h.left_at`, range)})
          group by h.stage_id`,
    ),
    rows<Sum & { reason: string | null }>(
      db,
      sql`select d.lost_reason as reason, d.currency, count(*) as n, sum(d.amount) as amount
          from deals d join pipeline_stages s on s.id = d.stage_id
          where ${base} and s.kind = 'lost' and ${inRange(sql`d.closed_at`, range)}
          group by d.lost_reason, d.currency`,
    ),
    rows<Sum & { owner_id: string; kind: 'won' | 'lost' }>(
      db,
      sql`select d.owner_id, s.kind, d.currency, count(*) as n, sum(d.amount) as amount
          from deals d join pipeline_stages s on s.id = d.stage_id
          where ${base} and s.kind in ('won', 'lost') and ${inRange(sql`d.closed_at`, range)}
          group by d.owner_id, s.kind, d.currency`,
    ),
  ])

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

  const people = await peopleOf(db, [...new Set([...owners.map((r) => r.owner_id), ...openAtEnd.map((r) => r.owner_id)])])
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
  const byOwner = people
    .map((person) => ({ owner: person, ...ownerFigures([person.id], { owner: person.id }) }))
    .sort((a, b) => b.won.count - a.won.count || a.owner.name.localeCompare(b.owner.name))

  // Teams are shown on everyone's and on one team's figures; one member's figures are that member's alone.
  const teams =
    asked.ownerId === null
      ? await rows<{ id: string; name: string; members: string[] | null }>(
          db,
          sql`select t.id, t.name, array_remove(array_agg(tm.user_id::text), null) as members from teams t
              left join team_members tm on tm.team_id = t.id
              where t.organization_id = ${scope.organizationId} ${asked.teamId ? sql`and t.id = ${asked.teamId}` : sql``}
              group by t.id, t.name order by t.name`,
        )
      : []
  const byTeam = teams.map((team) => ({ team: { id: team.id, name: team.name }, ...ownerFigures(team.members ?? [], { team: team.id }) }))

  const cycleSeconds = won.reduce((t, r) => t + num(r.cycle), 0)
  return {
    byStage,
    created: dealsFigure(created, rates, dealsKey(asked, { created: [from, to] }, 'created')),
    won: dealsFigure(won, rates, dealsKey(asked, { kind: 'won', closed: [from, to] }, 'closed')),
    lost: dealsFigure(lost, rates, dealsKey(asked, { kind: 'lost', closed: [from, to] }, 'closed')),
    winRate: ratio(wonCount, wonCount + lostCount),
    averageDealSize: money(
      won.map((r) => ({ currency: r.currency, amount: Math.round(num(r.amount) / num(r.n)) })),
      rates,
    ),
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
