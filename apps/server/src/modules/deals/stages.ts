import { type CreatePipelineStage, DEAL_LIMITS, type PipelineStage, type UpdatePipelineStage } from '@closeroom/shared'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db, Tx } from '../../db/client.ts'
import { deals, pipelineStages } from '../../db/schema/index.ts'
import { Conflict, Invalid, NotFound } from '../../http/errors.ts'
import { authorize } from '../../permissions.ts'
import type { AuthContext } from '../auth/module.ts'
import { writeActivities } from './activities.ts'
import { lockStage } from './placement.ts'
import { POSITION_GAP } from './positions.ts'

export type StageRow = typeof pipelineStages.$inferSelect

export const STAGE_NOT_FOUND = 'Stage not found'

/** What a new organization's pipeline starts with. */
export const DEFAULT_STAGES = [
  { name: 'Lead', kind: 'open', probability: 10 },
  { name: 'Qualified', kind: 'open', probability: 30 },
  { name: 'Proposal', kind: 'open', probability: 60 },
  { name: 'Negotiation', kind: 'open', probability: 80 },
  { name: 'Won', kind: 'won', probability: 100 },
  { name: 'Lost', kind: 'lost', probability: 0 },
] as const

/** A stage's probability when none is given: certain when won, nil when lost, even odds while open. */
export const defaultProbability = (kind: 'open' | 'won' | 'lost') => (kind === 'won' ? 100 : kind === 'lost' ? 0 : 50)

export const presentStage = (row: StageRow): PipelineStage => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  position: row.position,
  probability: row.probability,
})

/**
 * Serializes changes to one organization's pipeline (first read, add, reorder, delete) without locking
 * any row other modules use.
 */
export async function lockPipeline(tx: Tx | Db, organizationId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`pipeline:${organizationId}`}, 0))`)
}

async function stagesOf(tx: Tx | Db, organizationId: string): Promise<StageRow[]> {
  return tx
    .select()
    .from(pipelineStages)
    .where(eq(pipelineStages.organizationId, organizationId))
    .orderBy(asc(pipelineStages.position), asc(pipelineStages.createdAt), asc(pipelineStages.id))
}

/** The organization's stages in order; an organization without any gets the defaults, once, however many ask at the same time. */
export async function ensureStages(db: Db, organizationId: string): Promise<StageRow[]> {
  const existing = await stagesOf(db, organizationId)
  if (existing.length > 0) return existing
  return db.transaction(async (tx) => {
    await lockPipeline(tx, organizationId)
    const again = await stagesOf(tx, organizationId)
    if (again.length > 0) return again
    return tx
      .insert(pipelineStages)
      .values(DEFAULT_STAGES.map((s, i) => ({ ...s, organizationId, position: i })))
      .returning()
  })
}

export function createStageService({ db }: { db: Db }) {
  async function list(auth: AuthContext): Promise<PipelineStage[]> {
    return (await ensureStages(db, auth.user.organizationId)).map(presentStage)
  }

  async function create(auth: AuthContext, input: z.output<typeof CreatePipelineStage>): Promise<PipelineStage> {
    authorize(auth.user, 'pipeline.manage')
    const { organizationId } = auth.user
    await ensureStages(db, organizationId)
    return db.transaction(async (tx) => {
      await lockPipeline(tx, organizationId)
      const stages = await stagesOf(tx, organizationId)
      if (stages.length >= DEAL_LIMITS.maxStages)
        throw Invalid(`A pipeline has at most ${DEAL_LIMITS.maxStages} stages`, { code: 'limit_reached' })
      const position = Math.max(-1, ...stages.map((s) => s.position)) + 1
      const [created] = await tx
        .insert(pipelineStages)
        .values({ organizationId, name: input.name, kind: input.kind, position, probability: defaultProbability(input.kind) })
        .returning()
      if (!created) throw new Error('stage insert returned nothing')
      return presentStage(created)
    })
  }

  async function update(auth: AuthContext, id: string, input: z.output<typeof UpdatePipelineStage>): Promise<PipelineStage> {
    authorize(auth.user, 'pipeline.manage')
    const { organizationId } = auth.user
    return db.transaction(async (tx) => {
      await lockPipeline(tx, organizationId)
      const stages = await stagesOf(tx, organizationId)
      const current = stages.find((s) => s.id === id)
      if (!current) throw NotFound(STAGE_NOT_FOUND)
      if (input.kind && input.kind !== 'open' && current.kind === 'open' && !stages.some((s) => s.id !== id && s.kind === 'open'))
        throw Conflict('The pipeline needs at least one open stage', { code: 'last_open_stage' })
      const changes = {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.kind !== undefined && { kind: input.kind }),
        // A stage turned won or lost takes that kind's probability unless one is given.
        ...(input.kind !== undefined && input.kind !== current.kind && { probability: defaultProbability(input.kind) }),
        ...(input.probability !== undefined && { probability: input.probability }),
      }
      if (Object.keys(changes).length === 0) return presentStage(current)
      const [updated] = await tx.update(pipelineStages).set(changes).where(eq(pipelineStages.id, id)).returning()
      if (!updated) throw NotFound(STAGE_NOT_FOUND)
      return presentStage(updated)
    })
  }

  async function reorder(auth: AuthContext, ids: string[]): Promise<PipelineStage[]> {
    authorize(auth.user, 'pipeline.manage')
    const { organizationId } = auth.user
    await ensureStages(db, organizationId)
    await db.transaction(async (tx) => {
      await lockPipeline(tx, organizationId)
      const stages = await stagesOf(tx, organizationId)
      const given = new Set(ids)
      if (given.size !== ids.length || given.size !== stages.length || stages.some((s) => !given.has(s.id)))
        throw Invalid('ids: Give every stage of the pipeline exactly once')
      const order = sql.join(
        ids.map((stageId, i) => sql`(${stageId}::uuid, ${i}::int)`),
        sql`, `,
      )
      await tx.execute(sql`
        update ${pipelineStages} set position = o.position
        from (values ${order}) as o(id, position)
        where ${pipelineStages.id} = o.id and ${pipelineStages.organizationId} = ${organizationId}`)
    })
    return list(auth)
  }

  /** Deletes a stage; its deals go first to `moveTo`, at the end of that column, in their order. */
  async function remove(auth: AuthContext, id: string, moveTo: string | undefined): Promise<{ movedDealIds: string[] }> {
    authorize(auth.user, 'pipeline.manage')
    const { organizationId } = auth.user
    return db.transaction(async (tx) => {
      await lockPipeline(tx, organizationId)
      const stages = await stagesOf(tx, organizationId)
      const current = stages.find((s) => s.id === id)
      if (!current) throw NotFound(STAGE_NOT_FOUND)
      if (current.kind === 'open' && !stages.some((s) => s.id !== id && s.kind === 'open'))
        throw Conflict('The last open stage cannot be deleted', { code: 'last_open_stage' })
      const target = moveTo === undefined ? undefined : stages.find((s) => s.id === moveTo)
      if (moveTo !== undefined && (!target || target.id === id)) throw Invalid('moveTo: Choose another stage of this pipeline')
      // Both columns are locked like a board move would lock them: no drop lands in the stage being deleted,
      // nor takes the positions its deals are given in the target.
      await lockStage(tx, id)
      const [held] = await tx.select({ n: sql<number>`count(*)::int` }).from(deals).where(eq(deals.stageId, id))
      let movedDealIds: string[] = []
      if ((held?.n ?? 0) > 0) {
        if (!target) throw Invalid('moveTo: This stage holds deals: choose a stage to move them to', { code: 'stage_has_deals' })
        await lockStage(tx, target.id)
        const moved = await tx.execute(sql`
          update ${deals} d set stage_id = ${target.id}, updated_at = now(),
            position = m.base + ${POSITION_GAP} * m.rank
          from (
            select id, row_number() over (order by position, id) as rank,
              (select coalesce(max(position), 0) from ${deals} where stage_id = ${target.id}) as base
            from ${deals} where stage_id = ${id} and organization_id = ${organizationId}
          ) m
          where d.id = m.id and d.stage_id = ${id}
          returning d.id`)
        movedDealIds = (moved as unknown as { rows: { id: string }[] }).rows.map((r) => r.id)
        await writeActivities(tx, movedDealIds, 'stage_changed', auth.user.id, { from: current.name, to: target.name })
      }
      await tx.delete(pipelineStages).where(and(eq(pipelineStages.id, id), eq(pipelineStages.organizationId, organizationId)))
      return { movedDealIds }
    })
  }

  return { list, create, update, reorder, remove }
}

export type StageService = ReturnType<typeof createStageService>
