import type { AutomationTrigger } from '@closeroom/shared'
import { and, eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import { automationRules } from '../../db/schema/index.ts'
import type { Jobs } from '../../jobs/queue.ts'
import type { ClientsModule } from '../clients/module.ts'
import type { DealsModule } from '../deals/module.ts'
import type { Mailer } from '../mail/module.ts'
import type { Notifications } from '../notifications/module.ts'
import { createActions } from './actions.ts'
import { createRuleService } from './rules.ts'
import { createRunService } from './runs.ts'

export { seedAutomations } from './demo.ts'

/** What happened, for a product's rules to react to. */
export type AutomationEvent = {
  organizationId: string
  productId: string
  trigger: AutomationTrigger
  /** Who and what: the buyer's name, email and company, the client, deal or booking concerned. */
  event: { name?: string; email?: string; company?: string; clientId?: string; dealId?: string; bookingUid?: string }
}

type Deps = {
  db: Db
  jobs: Jobs
  mailer: Mailer
  notifications: Pick<Notifications, 'send'>
  deals: Pick<DealsModule, 'stage' | 'open' | 'moveToStage' | 'assignOwner'>
  clients: Pick<ClientsModule, 'has' | 'findOrCreateByEmail'>
  log: FastifyBaseLogger
}

/** Product automations: rules, their runs on the job queue, and fire() for the events that set them off. */
export async function createAutomationsModule({ db, jobs, mailer, notifications, deals, clients, log }: Deps) {
  const rules = createRuleService({ db })
  const runs = await createRunService({ db, jobs, actions: createActions({ db, mailer, notifications, deals, clients }), log })

  return {
    rules,
    runs,
    /** Queues a run of every active rule of the product for this trigger; never throws at the caller. */
    async fire({ organizationId, productId, trigger, event }: AutomationEvent): Promise<void> {
      try {
        const matching = await db
          .select({ id: automationRules.id, organizationId: automationRules.organizationId, trigger: automationRules.trigger })
          .from(automationRules)
          .where(
            and(
              eq(automationRules.organizationId, organizationId),
              eq(automationRules.productId, productId),
              eq(automationRules.trigger, trigger),
              eq(automationRules.active, true),
            ),
          )
        const stored = Object.fromEntries(Object.entries(event).filter(([, value]) => value !== undefined && value !== ''))
        for (const rule of matching) await runs.queue(rule, stored)
      } catch (error) {
        // What set the rule off (a form sent, a booking made) has happened already and must not fail for it.
        log.error({ err: error, productId, trigger }, 'automation runs could not be queued')
      }
    },
  }
}

export type AutomationsModule = Awaited<ReturnType<typeof createAutomationsModule>>

declare module 'fastify' {
  interface FastifyInstance {
    automations: AutomationsModule
  }
}
