import type { Db } from '../../db/client.ts'
import type { Jobs } from '../../jobs/queue.ts'
import type { Broadcast } from '../../lib/broadcast.ts'
import type { ClientsModule } from '../clients/module.ts'
import type { DealsModule } from '../deals/module.ts'
import type { Notifications } from '../notifications/module.ts'
import type { WebhookEmit } from '../webhooks/module.ts'
import { createAssigner } from './assign.ts'
import { createOutcomeChecks } from './checks.ts'
import { createRoutedDeals } from './deal.ts'
import { createRoutingEvaluators } from './evaluators.ts'
import { createRoutingForms, readOutcomes } from './forms.ts'
import { type BookingHandles, createNextSteps } from './next.ts'
import { createNoBookingFollowUp } from './no-booking.ts'
import { createRoutingOutcomes } from './outcomes.ts'
import { createRoutingResponses } from './responses.ts'
import { createRoutingSubmissions } from './submit.ts'

export { seedRoutingForm } from './demo.ts'
export { createEvaluator } from './evaluate.ts'

type Deps = {
  db: Db
  deals: Pick<DealsModule, 'stage' | 'newestOpenDealOf' | 'clientOwnerOf' | 'open' | 'moveToStage' | 'assignOwner' | 'recordActivity'>
  clients: Pick<ClientsModule, 'findByEmail' | 'findOrCreateByEmail'>
  /** The booking pages' handles (the booking module sits apart from routing, which it asks about responses). */
  handles: BookingHandles
  jobs: Jobs
  notifications: Pick<Notifications, 'send'>
  /** Tells the other server processes that a form changed, so none routes by its old outcomes. */
  broadcast: Broadcast
  emit: WebhookEmit
}

/**
 * Routing forms, assembled: forms and their ordered outcomes, buyers' submissions routed to a booking, a
 * message or a URL (and a deal), who a routed buyer goes to, and the responses with their report.
 */
export function createRoutingModule({ db, deals, clients, handles, jobs, notifications, broadcast, emit }: Deps) {
  const checks = createOutcomeChecks({ db, stage: deals.stage })
  const evaluators = createRoutingEvaluators({ broadcast, read: (formId) => readOutcomes(db, formId) })
  const forms = createRoutingForms({ db, changed: evaluators.changed })
  const outcomes = createRoutingOutcomes({ db, forms, checks })
  const assigner = createAssigner({ db, deals, clients })
  const noBooking = createNoBookingFollowUp({ db, jobs, notifications })
  const submissions = createRoutingSubmissions({
    db,
    forms,
    evaluators,
    assigner,
    steps: createNextSteps({ db, handles }),
    deals: createRoutedDeals({ deals, clients }),
    noBooking,
    emit,
  })
  const responses = createRoutingResponses({ db, forms })
  return { forms, outcomes, assigner, submissions, responses, noBooking }
}

export type RoutingModule = ReturnType<typeof createRoutingModule>

declare module 'fastify' {
  interface FastifyInstance {
    routingModule: RoutingModule
  }
}
