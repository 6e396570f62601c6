import { DealSummary, type MoveDeal, ProductSocketEvents } from '@closeroom/shared'
import { inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { deals as dealsTable } from '../../db/schema/index.ts'
import type { Realtime } from '../../realtime/server.ts'
import type { AuthContext } from '../auth/module.ts'
import type { WebhookEmit, WebhookEmitMany } from '../webhooks/module.ts'
import { createActivityService } from './activities.ts'
import { createBoardService } from './board.ts'
import { createDealCommands } from './commands.ts'
import { createDealService, type DealEvents } from './deals.ts'
import { createDealImport } from './import.ts'
import { createDealListService } from './list.ts'
import { nextInColumn } from './placement.ts'
import { presentSummary, selectSummaries } from './present.ts'
import { createStageService } from './stages.ts'
import { dealWebhooks } from './webhooks.ts'

export { seedPipeline } from './demo.ts'

/**
 * The pipeline, assembled: stages, deals, their list, the board and the timeline, with live updates to the
 * organization, and the commands other modules write deals with (open, moveToStage, assignOwner,
 * recordActivity). Only this module writes the deal tables and sends `deals-changed`.
 */
export function createDealsModule({
  db,
  realtime,
  emit,
  emitMany,
}: {
  db: Db
  realtime: Pick<Realtime, 'toOrganization'>
  emit: WebhookEmit
  emitMany: WebhookEmitMany
}) {
  const { createdMany, ...hooks } = dealWebhooks(db, emit, emitMany)
  const events: DealEvents = {
    // Teammates get what a board card shows, never the notes, contacts or lines of a detail.
    changed: async (organizationId, deal) =>
      realtime.toOrganization(organizationId, ProductSocketEvents.dealsChanged, {
        deal: DealSummary.parse(deal),
        beforeId: await nextInColumn(db, deal.id),
      }),
    deleted: (organizationId, id) => realtime.toOrganization(organizationId, ProductSocketEvents.dealsChanged, { deletedId: id }),
    ...hooks,
  }
  const stages = createStageService({ db })
  const deals = createDealService({ db, events })
  const list = createDealListService({ db })
  const commands = createDealCommands({ db, events })
  const board = {
    ...createBoardService({ db }),
    /** Drops a deal into a stage, before `beforeId` or at the end of the column. */
    move: (auth: AuthContext, id: string, input: z.output<typeof MoveDeal>) =>
      commands.moveToStage({ organizationId: auth.user.organizationId, dealId: id, ...input, actorId: auth.user.id }),
  }
  const activities = createActivityService({ db })
  const importDeals = createDealImport({
    db,
    // The boards read again once; each deal is a deal created for the organization's webhooks, all of them
    // read in one query and queued together.
    async onImported(auth, ids) {
      const { organizationId } = auth.user
      realtime.toOrganization(organizationId, ProductSocketEvents.dealsChanged, { imported: ids.length })
      if (ids.length === 0) return
      const byId = new Map(
        (await selectSummaries(db, organizationId, inArray(dealsTable.id, ids))).map((row) => [row.id, presentSummary(row)]),
      )
      await createdMany(
        organizationId,
        ids.flatMap((id) => byId.get(id) ?? []),
      )
    },
  })

  /** Deleting a stage moves its deals: each reaches the board like any other change. */
  async function removeStage(...args: Parameters<typeof stages.remove>) {
    const [auth] = args
    const { movedDealIds } = await stages.remove(...args)
    for (const id of movedDealIds) await events.changed(auth.user.organizationId, await deals.summary(auth, id))
  }

  return { stages: { ...stages, remove: removeStage }, deals, list, board, activities, importDeals, ...commands }
}

export type DealsModule = ReturnType<typeof createDealsModule>
