import type { DealSummary } from '@closeroom/shared'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { pipelineStages } from '../../db/schema/index.ts'
import type { WebhookEmit } from '../webhooks/module.ts'
import type { DealEvents } from './deals.ts'

/** A deal's events as webhooks: created, moved to another stage, and won or lost when that stage says so. */
export function dealWebhooks(db: Db, emit: WebhookEmit): Pick<DealEvents, 'created' | 'stageChanged'> {
  async function stage(id: string) {
    const [found] = await db
      .select({ id: pipelineStages.id, name: pipelineStages.name, kind: pipelineStages.kind })
      .from(pipelineStages)
      .where(eq(pipelineStages.id, id))
    return found ?? { id, name: '', kind: 'open' as const }
  }
  const data = async (deal: DealSummary) => ({
    id: deal.id,
    name: deal.name,
    company: deal.company,
    amount: deal.amount,
    currency: deal.currency,
    stage: await stage(deal.stageId),
    ownerId: deal.owner.id,
  })

  return {
    created: async (organizationId, deal) => emit(organizationId, 'deal.created', await data(deal)),
    async stageChanged(organizationId, deal, fromStageId) {
      const now = await data(deal)
      const { kind: _, ...previousStage } = await stage(fromStageId)
      await emit(organizationId, 'deal.stage_changed', { ...now, previousStage })
      if (now.stage.kind === 'won') await emit(organizationId, 'deal.won', now)
      if (now.stage.kind === 'lost') await emit(organizationId, 'deal.lost', { ...now, lostReason: deal.lostReason })
    },
  }
}
