import type { CreateQuota, Quota, UpdateQuota } from '@closeroom/shared'
import { type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { quotas } from '../../db/schema/index.ts'
import { Conflict, Invalid, NotFound } from '../../http/errors.ts'
import { authorize } from '../../permissions.ts'
import type { AuthContext } from '../auth/module.ts'
import { num, rows } from './context.ts'

const QUOTA_NOT_FOUND = 'Quota not found'

type QuotaRow = {
  id: string
  user_id: string | null
  team_id: string | null
  subject_name: string
  period: 'month' | 'quarter'
  start: string
  end: string
  amount: unknown
  currency: string
}

/** The last day of a quota's month or quarter. */
export const quotaEnd = sql`(q.start + case when q.period = 'month' then interval '1 month' else interval '3 months' end - interval '1 day')::date`

export const quotaSelect = (where: SQL) => sql`
  select q.id, q.user_id, q.team_id, coalesce(u.name, t.name) as subject_name, q.period, to_char(q.start, 'YYYY-MM-DD') as start,
    to_char(${quotaEnd}, 'YYYY-MM-DD') as "end", q.amount, q.currency
  from quotas q left join users u on u.id = q.user_id left join teams t on t.id = q.team_id
  where ${where}
  order by q.start, q.period, subject_name, q.id`

export const presentQuota = (row: QuotaRow): Quota => ({
  id: row.id,
  subject: row.user_id
    ? { kind: 'member', id: row.user_id, name: row.subject_name }
    : { kind: 'team', id: row.team_id as string, name: row.subject_name },
  period: row.period,
  start: row.start,
  end: row.end,
  amount: num(row.amount),
  currency: row.currency,
})

/** Sales targets per member or team and month or quarter: everyone reads them, admins set them. */
export function createQuotaService({ db }: { db: Db }) {
  async function one(organizationId: string, id: string): Promise<Quota> {
    const [row] = await rows<QuotaRow>(db, quotaSelect(sql`q.organization_id = ${organizationId} and q.id = ${id}`))
    if (!row) throw NotFound(QUOTA_NOT_FOUND)
    return presentQuota(row)
  }

  async function list(auth: AuthContext, query: { from?: string; to?: string }): Promise<Quota[]> {
    const parts: SQL[] = [sql`q.organization_id = ${auth.user.organizationId}`]
    if (query.from) parts.push(sql`${quotaEnd} >= ${query.from}::date`)
    if (query.to) parts.push(sql`q.start <= ${query.to}::date`)
    return (await rows<QuotaRow>(db, quotaSelect(sql.join(parts, sql` and `)))).map(presentQuota)
  }

  async function create(auth: AuthContext, input: z.output<typeof CreateQuota>): Promise<Quota> {
    authorize(auth.user, 'insights.manage')
    const organizationId = auth.user.organizationId
    const subject = input.userId
      ? await rows(db, sql`select 1 from users where id = ${input.userId} and organization_id = ${organizationId}`)
      : await rows(db, sql`select 1 from teams where id = ${input.teamId} and organization_id = ${organizationId}`)
    if (subject.length === 0)
      throw Invalid(input.userId ? 'userId: No such member in this organization' : 'teamId: No such team in this organization')
    const [count] = await rows<{ n: unknown }>(db, sql`select count(*) as n from quotas where organization_id = ${organizationId}`)
    if (num(count?.n) >= 2000) throw Conflict('An organization has at most 2000 quotas', { code: 'limit_reached' })
    const [created] = await db
      .insert(quotas)
      .values({ organizationId, ...input })
      .onConflictDoNothing()
      .returning({ id: quotas.id })
    if (!created) throw Conflict(`This ${input.userId ? 'member' : 'team'} already has a quota for that ${input.period}`)
    return one(organizationId, created.id)
  }

  async function update(auth: AuthContext, id: string, input: z.output<typeof UpdateQuota>): Promise<Quota> {
    authorize(auth.user, 'insights.manage')
    const organizationId = auth.user.organizationId
    await one(organizationId, id)
    if (input.amount !== undefined || input.currency !== undefined)
      await db
        .update(quotas)
        .set({
          ...(input.amount !== undefined && { amount: input.amount }),
          ...(input.currency !== undefined && { currency: input.currency }),
        })
        .where(sql`${quotas.id} = ${id} and ${quotas.organizationId} = ${organizationId}`)
    return one(organizationId, id)
  }

  async function remove(auth: AuthContext, id: string): Promise<void> {
    authorize(auth.user, 'insights.manage')
    const deleted = await db
      .delete(quotas)
      .where(sql`${quotas.id} = ${id} and ${quotas.organizationId} = ${auth.user.organizationId}`)
      .returning({ id: quotas.id })
    if (deleted.length === 0) throw NotFound(QUOTA_NOT_FOUND)
  }

  return { list, create, update, remove }
}
