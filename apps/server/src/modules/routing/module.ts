import type { Db } from '../../db/client.ts'
import type { DealsModule } from '../deals/module.ts'
import { createAssigner } from './assign.ts'
import { createOutcomeChecks } from './checks.ts'
import { createRoutingForms } from './forms.ts'
import { createRoutingOutcomes } from './outcomes.ts'

type Deps = {
  db: Db
  deals: Pick<DealsModule, 'stage'>
}

/** Routing forms, assembled: forms and their ordered outcomes, and who a routed buyer goes to. */
export function createRoutingModule({ db, deals }: Deps) {
  const checks = createOutcomeChecks({ db, stage: deals.stage })
  const forms = createRoutingForms({ db })
  const outcomes = createRoutingOutcomes({ db, forms, checks })
  const assigner = createAssigner({ db })
  return { forms, outcomes, assigner }
}

export type RoutingModule = ReturnType<typeof createRoutingModule>
