import type { RoutingReport, RoutingResponse, RoutingResponsesQuery } from '@closeroom/shared'
import { and, count, desc, eq, gte, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { routingResponses, users } from '../../db/schema/index.ts'
import type { AuthContext } from '../auth/module.ts'
import type { RoutingForms } from './forms.ts'

const PAGE_SIZE = 50
/** An export holds at most this many responses, the newest. */
const EXPORT_LIMIT = 10_000
type Query = z.output<typeof RoutingResponsesQuery>

const dayStart = (date: string) => new Date(`${date}T00:00:00Z`)
const dayAfter = (date: string) => new Date(dayStart(date).getTime() + 86_400_000)

/** Dates are whole UTC days, both ends included. */
function filters(formId: string, query: Partial<Query>): SQL[] {
  const where = [eq(routingResponses.formId, formId)]
  if (query.outcomeId) where.push(eq(routingResponses.outcomeId, query.outcomeId))
  if (query.booked === 'yes') where.push(isNotNull(routingResponses.bookingId))
  if (query.booked === 'no') where.push(isNull(routingResponses.bookingId))
  if (query.from) where.push(gte(routingResponses.createdAt, dayStart(query.from)))
  if (query.to) where.push(lt(routingResponses.createdAt, dayAfter(query.to)))
  return where
}

/** A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or return first) is read as text instead. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return `"${safe.replaceAll('"', '""')}"`
}

/** What a form's buyers answered and where they went: the table, its CSV and the report. */
export function createRoutingResponses({ db, forms }: { db: Db; forms: RoutingForms }) {
  async function rows(formId: string, query: Partial<Query>, limit: number, offset: number) {
    return db
      .select({ response: routingResponses, routedName: users.name })
      .from(routingResponses)
      .leftJoin(users, eq(users.id, routingResponses.routedUserId))
      .where(and(...filters(formId, query)))
      .orderBy(desc(routingResponses.createdAt), desc(routingResponses.id))
      .limit(limit)
      .offset(offset)
  }

  function present({ response, routedName }: Awaited<ReturnType<typeof rows>>[number]): RoutingResponse {
    return {
      id: response.id,
      answers: response.answers,
      email: response.email,
      decision: response.decision,
      routedTo: response.routedUserId && routedName !== null ? { id: response.routedUserId, name: routedName } : null,
      bookingId: response.bookingId,
      dealId: response.dealId,
      createdAt: response.createdAt.toISOString(),
    }
  }

  async function list(auth: AuthContext, formId: string, query: Query) {
    const form = await forms.row(auth.user.organizationId, formId)
    const [page, [total]] = await Promise.all([
      rows(form.id, query, PAGE_SIZE, (query.page - 1) * PAGE_SIZE),
      db
        .select({ n: count() })
        .from(routingResponses)
        .where(and(...filters(form.id, query))),
    ])
    return { responses: page.map(present), total: total?.n ?? 0 }
  }

  /** One line per response, newest first: the answers by question, then where it went and what came of it. */
  async function csv(auth: AuthContext, formId: string, query: Query): Promise<{ name: string; body: string }> {
    const form = await forms.row(auth.user.organizationId, formId)
    const identifiers = form.fields.map((f) => f.identifier)
    const header = ['created', ...identifiers, 'outcome', 'routed to', 'reason', 'booked', 'deal']
    const lines = (await rows(form.id, query, EXPORT_LIMIT, 0)).map(present).map((r) => [
      r.createdAt,
      ...identifiers.map((id) => {
        const answer = r.answers[id]
        return answer === undefined ? '' : Array.isArray(answer) ? answer.join('; ') : String(answer)
      }),
      r.decision.outcomeName,
      r.routedTo?.name ?? '',
      r.decision.reason ?? '',
      r.bookingId ? 'yes' : 'no',
      r.dealId ?? '',
    ])
    const body = [header, ...lines].map((line) => line.map(csvCell).join(',')).join('\r\n')
    return { name: `${form.slug}-responses.csv`, body: `${body}\r\n` }
  }

  async function report(auth: AuthContext, formId: string, query: Pick<Query, 'from' | 'to'>): Promise<RoutingReport> {
    const form = await forms.row(auth.user.organizationId, formId)
    const where = and(...filters(form.id, query))
    const booked = sql<number>`count(${routingResponses.bookingId})::int`
    const date = sql<string>`to_char(${routingResponses.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`
    const [days, byOutcome, outcomes] = await Promise.all([
      db.select({ date, responses: count(), booked }).from(routingResponses).where(where).groupBy(date).orderBy(date),
      db
        .select({ outcomeId: routingResponses.outcomeId, responses: count(), booked })
        .from(routingResponses)
        .where(where)
        .groupBy(routingResponses.outcomeId),
      forms.outcomesOf(form.id),
    ])
    const counts = new Map(byOutcome.map((o) => [o.outcomeId, o]))
    return {
      days,
      outcomes: outcomes.map((o) => ({
        outcomeId: o.id,
        name: o.name,
        responses: counts.get(o.id)?.responses ?? 0,
        booked: counts.get(o.id)?.booked ?? 0,
      })),
    }
  }

  return { list, csv, report }
}

export type RoutingResponses = ReturnType<typeof createRoutingResponses>
