import { DealSummary, ProductSocketEvents } from '@closeroom/shared'
import type { Db } from '../../db/client.ts'
import type { Realtime } from '../../realtime/server.ts'
import { createActivityService } from './activities.ts'
import { createBoardService } from './board.ts'
import { createDealService, type DealEvents } from './deals.ts'
import { createDealListService } from './list.ts'
import { createStageService } from './stages.ts'

/** The pipeline, assembled: stages, deals, their list, the board and the timeline, with live updates to the organization. */
export function createDealsModule({ db, realtime }: { db: Db; realtime: Pick<Realtime, 'toOrganization'> }) {
  const events: DealEvents = {
    // Teammates get what a board card shows, never the notes, contacts or lines of a detail.
    changed: (organizationId, deal) =>
      realtime.toOrganization(organizationId, ProductSocketEvents.dealsChanged, { deal: DealSummary.parse(deal) }),
    deleted: (organizationId, id) => realtime.toOrganization(organizationId, ProductSocketEvents.dealsChanged, { deletedId: id }),
  }
  const stages = createStageService({ db })
  const deals = createDealService({ db, events })
  const list = createDealListService({ db })
  const board = createBoardService({ db, events })
  const activities = createActivityService({ db })

  /** Deleting a stage moves its deals: each reaches the board like any other change. */
  async function removeStage(...args: Parameters<typeof stages.remove>) {
    const [auth] = args
    const { movedDealIds } = await stages.remove(...args)
    for (const id of movedDealIds) events.changed(auth.user.organizationId, await deals.summary(auth, id))
  }

  return { stages: { ...stages, remove: removeStage }, deals, list, board, activities }
}

export type DealsModule = ReturnType<typeof createDealsModule>
