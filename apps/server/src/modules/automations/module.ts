import type { AutomationTrigger } from '@closeroom/shared'
import type { Db } from '../../db/client.ts'
import type { Jobs } from '../../jobs/queue.ts'

/** What happened, for a product's rules to react to. */
export type AutomationEvent = {
  organizationId: string
  productId: string
  trigger: AutomationTrigger
  /** Who and what: the buyer's name, email and company, the client, deal or booking concerned. */
  event: { name?: string; email?: string; company?: string; clientId?: string; dealId?: string; bookingUid?: string }
}

/** Product automations: rules, their runs on the job queue, and fire() for the events that set them off. */
export async function createAutomationsModule(_deps: { db: Db; jobs: Jobs }) {
  return {
    /** Queues a run of every active rule of the product for this trigger; never throws at the caller. */
    async fire(_event: AutomationEvent): Promise<void> {},
  }
}

export type AutomationsModule = Awaited<ReturnType<typeof createAutomationsModule>>
