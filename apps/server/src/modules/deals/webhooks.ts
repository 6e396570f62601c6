import type { DealSummary } from '@closeroom/shared'
import { eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { pipelineStages } from '../../db/schema/index.ts'
import type { WebhookEmit, WebhookEmitMany } from '../webhooks/module.ts'
import type { DealEvents } from './deals.ts'

type Stage = { id: string; name: string; kind: 'open' | 'won' | 'lost' }
const stageColumns = { id: pipelineStages.id, name: pipelineStages.name, kind: pipelineStages.kind }
const shape = (deal: DealSummary, stage: Stage) => ({
  id: deal.id,
  name: deal.name,
  company: deal.company,
  amount: deal.amount,
  currency: deal.currency,
  stage,
  ownerId: deal.owner.id,
})
const unknownStage = (id: string): Stage => ({ id, name: '', kind: 'open' })

/**
 * A deal's events as webhooks: created, moved to another stage, and won or lost when that stage says so; and
 * many deals created at once (an import), their stages read once and their events queued together.
 */
export function dealWebhooks(
  db: Db,
  emit: WebhookEmit,
  emitMany: WebhookEmitMany,
): Pick<DealEvents, 'created' | 'stageChanged'> & { createdMany(organizationId: string, deals: DealSummary[]): Promise<void> } {
  async function stage(id: string): Promise<Stage> {
    const [found] = await db.select(stageColumns).from(pipelineStages).where(eq(pipelineStages.id, id))
    return found ?? unknownStage(id)
  }
  const data = async (deal: DealSummary) => shape(deal, await stage(deal.stageId))

  return {
    created: async (organizationId, deal) => emit(organizationId, 'deal.created', await data(deal)),
    async createdMany(organizationId, deals) {
      if (deals.length === 0) return
      const ids = [...new Set(deals.map((deal) => deal.stageId))]
      const stages = new Map(
        (await db.select(stageColumns).from(pipelineStages).where(inArray(pipelineStages.id, ids))).map((s) => [s.id, s]),
      )
      await emitMany(
        organizationId,
        'deal.created',
        deals.map((deal) => shape(deal, stages.get(deal.stageId) ?? unknownStage(deal.stageId))),
      )
    },
    async stageChanged(organizationId, deal, fromStageId) {
      const now = await data(deal)
      const { kind: _, ...previousStage } = await stage(fromStageId)
      await emit(organizationId, 'deal.stage_changed', { ...now, previousStage })
      if (now.stage.kind === 'won') await emit(organizationId, 'deal.won', now)
      if (now.stage.kind === 'lost') await emit(organizationId, 'deal.lost', { ...now, lostReason: deal.lostReason })
    },
  }
}
