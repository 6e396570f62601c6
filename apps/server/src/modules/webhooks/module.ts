import type { WebhookEventType } from '@closeroom/shared'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import type { Jobs } from '../../jobs/queue.ts'
import { createEncryption } from '../../lib/encryption.ts'
import type { Outbound } from '../../lib/outbound.ts'
import type { Notifications } from '../notifications/module.ts'
import { createDeliveryService, type DeliveryTiming } from './deliveries.ts'
import { createEndpointService } from './endpoints.ts'

/** What another module's event becomes: `{ type, timestamp, data }` posted to every endpoint that chose `type`. */
export type WebhookEmit = (organizationId: string, type: WebhookEventType, data: Record<string, unknown>) => Promise<void>
/** Many events of one type at once (an import's rows): one event per item, queued in a few statements. */
export type WebhookEmitMany = (organizationId: string, type: WebhookEventType, data: Record<string, unknown>[]) => Promise<void>

type Deps = {
  db: Db
  jobs: Jobs
  outbound: Outbound
  notifications: Pick<Notifications, 'send'>
  /** The key the endpoints' secrets are encrypted with (a server secret). */
  secret: string
  allowHttp: boolean
  timing: DeliveryTiming
  log: FastifyBaseLogger
}

/**
 * Webhooks: the organization's endpoints, and emit() for every other module to tell what happened. Modules
 * that have events take `emit` as a port; this module knows none of them.
 */
export async function createWebhooksModule({ db, jobs, outbound, notifications, secret, allowHttp, timing, log }: Deps) {
  const encryption = createEncryption(secret)
  const endpoints = createEndpointService({ db, encryption, outbound, allowHttp })
  const deliveries = await createDeliveryService({ db, jobs, encryption, outbound, endpoints, notifications, log, ...timing })

  /** Never throws at the caller: what happened has happened, whether or not it can be told. */
  const emitMany: WebhookEmitMany = async (organizationId, type, data) => {
    try {
      await deliveries.emit(organizationId, type, data)
    } catch (error) {
      log.error({ err: error, organizationId, type, events: data.length }, 'webhook deliveries could not be queued')
    }
  }
  const emit: WebhookEmit = (organizationId, type, data) => emitMany(organizationId, type, [data])

  return { endpoints, deliveries, emit, emitMany }
}

export type WebhooksModule = Awaited<ReturnType<typeof createWebhooksModule>>
