import { type CurrencyAmount, daysBetween, type InsightsQuery, type InsightsScope, type Money, type Period } from '@closeroom/shared'
import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { NotFound } from '../../http/errors.ts'
import { authorize } from '../../permissions.ts'
import type { AuthContext } from '../auth/module.ts'

/** Rows of a raw statement, the same on node-postgres and PGlite. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/** A bigint or numeric from either driver (strings on node-postgres) as a number. */
export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value))
export const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value))

/** An instant as milliseconds since the epoch: keys and parameters carry it so. */
export type Range = readonly [number, number]
export const ts = (ms: number) => sql`to_timestamp(${ms / 1000}::float8)`
export const inRange = (column: SQL | unknown, [a, b]: Range) => sql`(${column} >= ${ts(a)} and ${column} < ${ts(b)})`

/** A list of ids as one parameter (a uuid[] literal: the ids are validated uuids). */
export const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`

/** Whose figures, resolved: null owners means everyone of the organization. */
export type Scope = {
  organizationId: string
  /** The members whose deals and bookings count; null for everyone. */
  owners: string[] | null
  /** The scope as asked (echoed and kept in drill keys). */
  asked: InsightsScope
}

/**
 * A member gets their own figures whatever they ask for themselves; naming another member or a team is for
 * owners and admins (403 otherwise). An unknown member or team of the organization is a 404.
 */
export async function resolveScope(db: Db, auth: AuthContext, asked: { ownerId?: string | null; teamId?: string | null }): Promise<Scope> {
  const { user } = auth
  const organizationId = user.organizationId
  const ownerId = asked.ownerId ?? null
  const teamId = asked.teamId ?? null
  if (teamId || (ownerId && ownerId !== user.id)) authorize(user, 'insights.readOthers')
  else if (!ownerId && user.role === 'member') return { organizationId, owners: [user.id], asked: { ownerId: user.id, teamId: null } }
  if (ownerId) {
    const [found] = await rows<{ id: string }>(db, sql`select id from users where id = ${ownerId} and organization_id = ${organizationId}`)
    if (!found) throw NotFound('Member not found')
    return { organizationId, owners: [ownerId], asked: { ownerId, teamId: null } }
  }
  if (teamId) {
    const [team] = await rows<{ id: string }>(db, sql`select id from teams where id = ${teamId} and organization_id = ${organizationId}`)
    if (!team) throw NotFound('Team not found')
    const members = await rows<{ user_id: string }>(db, sql`select user_id from team_members where team_id = ${teamId}`)
    return { organizationId, owners: members.map((m) => m.user_id), asked: { ownerId: null, teamId } }
  }
  return { organizationId, owners: null, asked: { ownerId: null, teamId: null } }
}

/** The condition "this member column is in the scope". */
export function ownedBy(scope: Pick<Scope, 'owners'>, column: SQL | unknown): SQL {
  return scope.owners === null ? sql`true` : sql`${column} = any(${uuidArray(scope.owners)})`
}

/**
 * A booking is a member's when they take part in it (host or co-host). Checked per booking by the participants'
 * primary key (`offset 0` keeps the check a subplan): left to itself the planner hashes every booking the members
 * ever took part in (40,000 for a busy seller) to keep the few hundred of a day or a week.
 */
export function bookingOwnedBy(scope: Pick<Scope, 'owners'>, bookingId: SQL | unknown): SQL {
  return scope.owners === null
    ? sql`true`
    : sql`exists (select 1 from booking_participants bp where bp.booking_id = ${bookingId} and bp.user_id = any(${uuidArray(scope.owners)}) offset 0)`
}

/**
 * Whether these instants all fall on a 15-minute UTC boundary, the bucket of the count tables (booking_counts,
 * deal_close_counts): every zone's midnights do today, so ranges between them are runs of whole buckets.
 */
export const onQuarterHours = (...instants: number[]) => instants.every((ms) => ms % 900_000 === 0)

/** A period of dates in a zone, its instants, and the previous period of the same length. */
export type Window = {
  timeZone: string
  period: Period
  previousPeriod: Period
  current: Range
  previous: Range
}

export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** Local midnights as instants, computed by the database so they follow its zone rules (AT TIME ZONE). */
export async function midnights(db: Db, timeZone: string, dates: string[]): Promise<number[]> {
  const values = sql.join(
    // The index as an integer: a bare parameter would be text, and order by 1 would put 10 before 2.
    dates.map((d, i) => sql`(${i}::int, extract(epoch from (${d}::date::timestamp at time zone ${timeZone})) * 1000)`),
    sql`, `,
  )
  const found = await rows<{ i: number; ms: unknown }>(db, sql`select column1 as i, column2 as ms from (values ${values}) v order by 1`)
  return found.map((r) => num(r.ms))
}

export async function windowOf(db: Db, query: Pick<InsightsQuery, 'from' | 'to'>, timeZone: string): Promise<Window> {
  const length = daysBetween(query.from, query.to) + 1
  const previousPeriod = { from: addDays(query.from, -length), to: addDays(query.from, -1) }
  const [prevStart, start, end] = await midnights(db, timeZone, [previousPeriod.from, query.from, addDays(query.to, 1)])
  return {
    timeZone,
    period: { from: query.from, to: query.to },
    previousPeriod,
    current: [start as number, end as number],
    previous: [prevStart as number, start as number],
  }
}

/** The zone a request counts days in: the one asked, else the signed-in person's. */
export const zoneOf = (auth: AuthContext, tz?: string) => tz ?? auth.user.timeZone

// ---- Money ----

/** A currency's minor unit exponent (JPY 0, EUR 2, BHD 3), from the platform's ISO 4217 data. */
export function exponentOf(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  } catch {
    return 2
  }
}

export type Rates = { reportingCurrency: string | null; rates: Map<string, string> }

const RATE_SCALE = 10
const MAX_EXPONENT = 4

/** A decimal string as an integer count of 10^-RATE_SCALE. */
function scaled(rate: string): bigint {
  const [whole, fraction = ''] = rate.split('.')
  return BigInt(whole ?? '0') * 10n ** BigInt(RATE_SCALE) + BigInt((fraction + '0'.repeat(RATE_SCALE)).slice(0, RATE_SCALE) || '0')
}

/**
 * Amounts per currency, largest first, and their total in the reporting currency: each amount is converted
 * exactly (rates are decimals kept as strings) and the sum is rounded once, half away from zero, to the
 * reporting currency's minor unit. Currencies without a rate are listed, not guessed.
 */
export function money(amounts: Iterable<CurrencyAmount>, rates: Rates): Money {
  const merged = new Map<string, number>()
  for (const { currency, amount } of amounts) merged.set(currency, (merged.get(currency) ?? 0) + amount)
  const list = [...merged].map(([currency, amount]) => ({ currency, amount })).filter((a) => a.amount !== 0)
  list.sort((a, b) => b.amount - a.amount || a.currency.localeCompare(b.currency))
  const target = rates.reportingCurrency
  if (!target) return { amounts: list, converted: null }
  const targetExponent = BigInt(exponentOf(target))
  const denominator = 10n ** BigInt(RATE_SCALE + MAX_EXPONENT)
  let numerator = 0n
  const missingRates: string[] = []
  for (const { currency, amount } of list) {
    const rate =
      currency === target ? 10n ** BigInt(RATE_SCALE) : rates.rates.has(currency) ? scaled(rates.rates.get(currency) as string) : null
    if (rate === null) {
      missingRates.push(currency)
      continue
    }
    // amount / 10^e × rate × 10^te, over a common denominator 10^(RATE_SCALE + MAX_EXPONENT).
    numerator += BigInt(amount) * rate * 10n ** targetExponent * 10n ** BigInt(MAX_EXPONENT - exponentOf(currency))
  }
  const negative = numerator < 0n
  const absolute = negative ? -numerator : numerator
  const rounded = (absolute + denominator / 2n) / denominator
  return { amounts: list, converted: { currency: target, amount: Number(negative ? -rounded : rounded), converted: true, missingRates } }
}

export const noMoney = (rates: Rates) => money([], rates)
