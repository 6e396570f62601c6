import type { Db } from '../../db/client.ts'
import type { ClientsModule } from '../clients/module.ts'
import type { DealsModule } from '../deals/module.ts'
import { createAssigner } from './assign.ts'
import { createOutcomeChecks } from './checks.ts'
import { createRoutedDeals } from './deal.ts'
import { createRoutingForms } from './forms.ts'
import { type BookingHandles, createNextSteps } from './next.ts'
import { createRoutingOutcomes } from './outcomes.ts'
import { createRoutingResponses } from './responses.ts'
import { createRoutingSubmissions } from './submit.ts'

export { createEvaluator } from './evaluate.ts'

type Deps = {
  db: Db
  deals: Pick<DealsModule, 'stage' | 'newestOpenDealOf' | 'open' | 'moveToStage' | 'assignOwner' | 'recordActivity'>
  clients: Pick<ClientsModule, 'findByEmail' | 'findOrCreateByEmail'>
  /** The booking pages' handles (the booking module sits apart from routing, which it asks about responses). */
  handles: BookingHandles
}

/**
 * Routing forms, assembled: forms and their ordered outcomes, buyers' submissions routed to a booking, a
 * message or a URL (and a deal), who a routed buyer goes to, and the responses with their report.
 */
export function createRoutingModule({ db, deals, clients, handles }: Deps) {
  const checks = createOutcomeChecks({ db, stage: deals.stage })
  const forms = createRoutingForms({ db })
  const outcomes = createRoutingOutcomes({ db, forms, checks })
  const assigner = createAssigner({ db, deals, clients })
  const submissions = createRoutingSubmissions({
    db,
    forms,
    assigner,
    steps: createNextSteps({ db, handles }),
    deals: createRoutedDeals({ deals, clients }),
  })
  const responses = createRoutingResponses({ db, forms })
  return { forms, outcomes, assigner, submissions, responses }
}

export type RoutingModule = ReturnType<typeof createRoutingModule>
