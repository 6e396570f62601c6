import type { DealActivity } from '@closeroom/shared'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { dealActivities, deals, pipelineStages, users } from '../../db/schema/index.ts'
import { NotFound } from '../../http/errors.ts'
import type { AuthContext } from '../auth/module.ts'
import { DEAL_NOT_FOUND } from './present.ts'

export type ActivityData = Record<string, string | number | boolean | null>
type Kind = (typeof dealActivities.$inferInsert)['kind']
const TIMELINE_LIMIT = 100

/**
 * One line of a deal's timeline. clock_timestamp(), not the transaction's now(), so that 'created' and a
 * change written in the same transaction keep their order.
 */
export async function writeActivity(tx: Db | Tx, dealId: string, kind: Kind, actorId: string | null, data: ActivityData = {}) {
  await writeActivities(tx, [dealId], kind, actorId, data)
}

/** The same line on the timeline of several deals (a deleted stage moves all its deals at once). */
export async function writeActivities(tx: Db | Tx, dealIds: string[], kind: Kind, actorId: string | null, data: ActivityData) {
  if (dealIds.length === 0) return
  await tx.insert(dealActivities).values(dealIds.map((dealId) => ({ dealId, kind, actorId, data, createdAt: sql`clock_timestamp()` })))
}

/** The timeline line of a deal leaving the stage `fromStageId` for `to`. */
export async function writeStageChange(tx: Tx, dealId: string, fromStageId: string, to: { name: string }, actorId: string | null) {
  const [from] = await tx.select({ name: pipelineStages.name }).from(pipelineStages).where(eq(pipelineStages.id, fromStageId))
  await writeActivity(tx, dealId, 'stage_changed', actorId, { from: from?.name ?? null, to: to.name })
}

/** An event of another module on a deal's timeline (booking, sales room, agreement, a message of its chat). */
export type ActivityEntry = {
  organizationId: string
  dealId: string
  kind: 'booking' | 'salesroom_visit' | 'agreement' | 'message' | 'routing' | 'invoice' | 'email'
  actorId?: string | null
  data?: ActivityData
}

/** Adds an event to a deal's timeline. The deal must be the organization's; says whether it was. */
export async function addDealActivity(db: Db | Tx, entry: ActivityEntry): Promise<boolean> {
  const inserted = await db.execute(sql`
    insert into ${dealActivities} (deal_id, kind, actor_id, data, created_at)
    select ${deals.id}, ${entry.kind}, ${entry.actorId ?? null}, ${JSON.stringify(entry.data ?? {})}::jsonb, clock_timestamp()
    from ${deals} where ${deals.id} = ${entry.dealId} and ${deals.organizationId} = ${entry.organizationId}
    returning 1`)
  return (inserted as unknown as { rows: unknown[] }).rows.length > 0
}

/** A chat message's line on its deal's timeline: the message's id is in the line's data. */
export const messageActivity = (dealId: string, messageId: string) =>
  and(eq(dealActivities.dealId, dealId), eq(dealActivities.kind, 'message'), sql`${dealActivities.data}->>'messageId' = ${messageId}`)

export function createActivityService({ db }: { db: Db }) {
  /** The deal's timeline, newest first. */
  async function list(auth: AuthContext, dealId: string): Promise<DealActivity[]> {
    const [deal] = await db
      .select({ id: deals.id })
      .from(deals)
      .where(and(eq(deals.id, dealId), eq(deals.organizationId, auth.user.organizationId)))
    if (!deal) throw NotFound(DEAL_NOT_FOUND)
    const rows = await db
      .select({
        id: dealActivities.id,
        kind: dealActivities.kind,
        actorId: users.id,
        actorName: users.name,
        actorAvatarUrl: users.avatarUrl,
        data: dealActivities.data,
        createdAt: dealActivities.createdAt,
      })
      .from(dealActivities)
      .leftJoin(users, eq(users.id, dealActivities.actorId))
      .where(eq(dealActivities.dealId, dealId))
      .orderBy(desc(dealActivities.createdAt), desc(dealActivities.id))
      .limit(TIMELINE_LIMIT)
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      actor: r.actorId ? { id: r.actorId, name: r.actorName ?? '', avatarUrl: r.actorAvatarUrl } : null,
      data: r.data,
      createdAt: r.createdAt.toISOString(),
    }))
  }

  return { list }
}

export type ActivityService = ReturnType<typeof createActivityService>
