import { randomBytes } from 'node:crypto'
import { WEBHOOK_PING, type WebhookDelivery, type WebhookErrorKind, type WebhookEventType } from '@closeroom/shared'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { Webhook } from 'standardwebhooks'
import type { Db } from '../../db/client.ts'
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts'
import { Conflict, NotFound } from '../../http/errors.ts'
import type { Jobs } from '../../jobs/queue.ts'
import type { Encryption } from '../../lib/encryption.ts'
import { type Outbound, OutboundRefused } from '../../lib/outbound.ts'
import { authorize } from '../../permissions.ts'
import type { AuthContext } from '../auth/module.ts'
import type { Notifications } from '../notifications/module.ts'
import type { EndpointService } from './endpoints.ts'

const QUEUE = 'webhook-deliver'
const RESPONSE_KEPT = 2048
const LOG_PAGE = 50
/** Deliveries written per statement (6 parameters each, well under PostgreSQL's 65,535). */
const EMIT_CHUNK = 1000
export const DELIVERY_NOT_FOUND = 'Webhook delivery not found'
export const SETTINGS_PATH = '/admin-settings/crm-integrations'

/** A delivery's job: `retry` counts the automatic retries before it; a manual send is tried once. */
type Job = { deliveryId: string; retry: number; manual?: boolean }

export type DeliveryTiming = {
  /** The wait before each retry; its length is the number of retries. */
  retryDelaysMs: number[]
  /** An endpoint failing every attempt for this long is paused and its creator told. */
  failureWindowMs: number
  timeoutMs: number
}

type Deps = DeliveryTiming & {
  db: Db
  jobs: Jobs
  encryption: Encryption
  outbound: Outbound
  endpoints: EndpointService
  notifications: Pick<Notifications, 'send'>
  log: FastifyBaseLogger
}

const newDeliveryId = () => `msg_${randomBytes(16).toString('base64url')}`

/** The response's first bytes; the rest is not read, so a huge or endless body costs nothing. */
async function firstBytes(res: Response, limit: number): Promise<string> {
  if (!res.body) return ''
  const reader = res.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    while (size < limit) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
      size += value.byteLength
    }
  } finally {
    await reader.cancel().catch(() => {})
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8')
}

function readableWindow(ms: number) {
  const hours = ms / 3_600_000
  return hours >= 1 ? `${Math.round(hours)} h` : `${Math.round(ms / 60_000)} min`
}

/**
 * Deliveries: one per event and endpoint, posted by the job queue (so they survive a restart), signed per the
 * Standard Webhooks specification, retried on the configured schedule, and logged attempt by attempt.
 */
export async function createDeliveryService({ db, jobs, encryption, outbound, endpoints, notifications, log, ...timing }: Deps) {
  async function queue(deliveryId: string, job: Omit<Job, 'deliveryId'>, at: Date) {
    await jobs.send(QUEUE, { deliveryId, ...job }, { startAfter: at, retryLimit: 2 })
  }

  const newDelivery = (organizationId: string, endpointId: string, type: string, data: Record<string, unknown>) => ({
    id: newDeliveryId(),
    organizationId,
    endpointId,
    type,
    payload: JSON.stringify({ type, timestamp: new Date().toISOString(), data }),
    nextAttemptAt: new Date(),
  })

  async function insertDelivery(organizationId: string, endpointId: string, type: string, data: Record<string, unknown>) {
    const row = newDelivery(organizationId, endpointId, type, data)
    await db.insert(webhookDeliveries).values(row)
    return row.id
  }

  /**
   * Queues a delivery of each event (one per item of `data`, in order) to every active endpoint of the
   * organization that chose the type: the endpoints looked up once, the deliveries and their jobs written in
   * batches, so an import of thousands of rows costs a few statements, not thousands.
   */
  async function emit(organizationId: string, type: WebhookEventType, data: Record<string, unknown>[]) {
    if (data.length === 0) return
    const targets = await db
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.organizationId, organizationId),
          eq(webhookEndpoints.active, true),
          sql`${type} = any(${webhookEndpoints.events})`,
        ),
      )
    if (targets.length === 0) return
    const rows = data.flatMap((item) => targets.map((target) => newDelivery(organizationId, target.id, type, item)))
    for (let at = 0; at < rows.length; at += EMIT_CHUNK) {
      const chunk = rows.slice(at, at + EMIT_CHUNK)
      await db.insert(webhookDeliveries).values(chunk)
      await jobs.insert(
        QUEUE,
        chunk.map((row) => ({ data: { deliveryId: row.id, retry: 0 } satisfies Job, startAfter: row.nextAttemptAt, retryLimit: 2 })),
      )
    }
  }

  /** Posts the delivery once and records the attempt; what happens next depends on the answer. */
  async function attempt({ deliveryId, retry, manual }: Job) {
    const [found] = await db
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, deliveryId))
    if (found?.delivery.status !== 'pending') return
    const { delivery, endpoint } = found
    if (!endpoint.active && !manual) {
      await db.update(webhookDeliveries).set({ status: 'failed', nextAttemptAt: null }).where(eq(webhookDeliveries.id, deliveryId))
      return
    }

    const sentAt = new Date()
    const signature = new Webhook(encryption.decrypt(endpoint.secret)).sign(delivery.id, sentAt, delivery.payload)
    const started = performance.now()
    let statusCode: number | null = null
    let error: string | null = null
    let errorKind: WebhookErrorKind | null = null
    let responseBody = ''
    try {
      const res = await outbound.fetch(endpoint.url, {
        method: 'POST',
        // A redirect could lead the signed body anywhere, past the check of the address: it counts as a failure.
        redirect: 'manual',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Closeroom-Webhooks/1.0',
          'webhook-id': delivery.id,
          'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
          'webhook-signature': signature,
        },
        body: delivery.payload,
        signal: AbortSignal.timeout(timing.timeoutMs),
      })
      statusCode = res.status
      responseBody = await firstBytes(res, RESPONSE_KEPT)
      if (res.status >= 300 && res.status < 400) [errorKind, error] = ['redirect', 'Redirects are not followed']
      else if (res.status >= 400) [errorKind, error] = ['http_status', `The endpoint answered ${res.status}`]
    } catch (caught) {
      const name = (caught as Error).name
      ;[errorKind, error] =
        caught instanceof OutboundRefused
          ? ['refused', caught.message]
          : name === 'TimeoutError' || name === 'AbortError'
            ? ['timeout', `No answer within ${timing.timeoutMs / 1000} s`]
            : ['network', `Could not connect: ${((caught as { cause?: Error }).cause ?? (caught as Error)).message}`]
    }
    const durationMs = Math.round(performance.now() - started)
    await db.insert(webhookAttempts).values({ deliveryId, statusCode, error, errorKind, durationMs, responseBody })

    if (error === null) {
      await db.update(webhookDeliveries).set({ status: 'succeeded', nextAttemptAt: null }).where(eq(webhookDeliveries.id, deliveryId))
      await db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id))
      return
    }
    if (manual) {
      await db.update(webhookDeliveries).set({ status: 'failed', nextAttemptAt: null }).where(eq(webhookDeliveries.id, deliveryId))
      return
    }
    await failed(deliveryId, endpoint.id, retry)
  }

  async function failed(deliveryId: string, endpointId: string, retry: number) {
    // How long it has been failing, reckoned by the database's clock alone: the start was written by it, and a
    // reading of Node's clock taken around the statement could put the start a moment in the future.
    const [marked] = await db
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())` })
      .where(eq(webhookEndpoints.id, endpointId))
      .returning({ failingForMs: sql<number>`extract(epoch from now() - ${webhookEndpoints.failingSince}) * 1000` })
    if (!marked) return
    const now = Date.now()
    if (Number(marked.failingForMs) >= timing.failureWindowMs) {
      await db.update(webhookDeliveries).set({ status: 'failed', nextAttemptAt: null }).where(eq(webhookDeliveries.id, deliveryId))
      await pause(endpointId)
      return
    }
    const delay = timing.retryDelaysMs[retry]
    if (delay === undefined) {
      await db.update(webhookDeliveries).set({ status: 'failed', nextAttemptAt: null }).where(eq(webhookDeliveries.id, deliveryId))
      return
    }
    const at = new Date(now + delay)
    await db.update(webhookDeliveries).set({ nextAttemptAt: at }).where(eq(webhookDeliveries.id, deliveryId))
    await queue(deliveryId, { retry: retry + 1 }, at)
  }

  /** Pauses an endpoint that kept failing (once, whatever the deliveries in flight) and tells who added it. */
  async function pause(endpointId: string) {
    const [paused] = await db
      .update(webhookEndpoints)
      .set({ active: false, pausedForFailures: true, updatedAt: sql`now()` })
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.active, true)))
      .returning()
    if (!paused) return
    log.warn({ endpointId, organizationId: paused.organizationId }, 'webhook endpoint paused after failing for the whole window')
    if (paused.createdById)
      await notifications.send({
        userId: paused.createdById,
        kind: 'webhook-paused',
        data: { url: paused.url, window: readableWindow(timing.failureWindowMs) },
        url: SETTINGS_PATH,
      })
  }

  async function present(rows: (typeof webhookDeliveries.$inferSelect)[]): Promise<WebhookDelivery[]> {
    const attempts =
      rows.length === 0
        ? []
        : await db
            .select()
            .from(webhookAttempts)
            .where(
              inArray(
                webhookAttempts.deliveryId,
                rows.map((r) => r.id),
              ),
            )
            .orderBy(desc(webhookAttempts.createdAt))
    return rows.map((row) => ({
      id: row.id,
      type: row.type,
      status: row.status,
      payload: row.payload,
      nextAttemptAt: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
      createdAt: row.createdAt.toISOString(),
      attempts: attempts
        .filter((a) => a.deliveryId === row.id)
        .map((a) => ({
          id: a.id,
          statusCode: a.statusCode,
          error: a.error,
          errorKind: a.errorKind,
          durationMs: a.durationMs,
          responseBody: a.responseBody,
          createdAt: a.createdAt.toISOString(),
        })),
    }))
  }

  /** The endpoint's newest deliveries, each with its attempts, newest first. */
  async function list(auth: AuthContext, endpointId: string): Promise<WebhookDelivery[]> {
    await endpoints.get(auth, endpointId)
    const rows = await db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.organizationId, auth.user.organizationId)))
      .orderBy(desc(webhookDeliveries.createdAt))
      .limit(LOG_PAGE)
    return present(rows)
  }

  async function one(organizationId: string, id: string) {
    const [row] = await db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.organizationId, organizationId)))
    if (!row) throw NotFound(DELIVERY_NOT_FOUND)
    return row
  }

  /** Sends a `ping` to the endpoint now, once, whether it is active or paused: an admin checking it works. */
  async function ping(auth: AuthContext, endpointId: string): Promise<WebhookDelivery> {
    const endpoint = await endpoints.get(auth, endpointId)
    const id = await insertDelivery(auth.user.organizationId, endpoint.id, WEBHOOK_PING, {
      endpointId: endpoint.id,
      message: 'A test event sent from Closeroom',
    })
    await queue(id, { retry: 0, manual: true }, new Date())
    return (await present([await one(auth.user.organizationId, id)]))[0] as WebhookDelivery
  }

  /** Sends a delivery again, with the same id and body: on an active endpoint, with its retries. */
  async function redeliver(auth: AuthContext, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
    authorize(auth.user, 'webhooks.manage')
    const endpoint = await endpoints.get(auth, endpointId)
    const row = await one(auth.user.organizationId, deliveryId)
    if (row.endpointId !== endpoint.id) throw NotFound(DELIVERY_NOT_FOUND)
    // A second job would post it twice: the one under way sends it, and its retries.
    if (row.status === 'pending') throw Conflict('This delivery is still being sent; redeliver it once it has succeeded or failed')
    const [updated] = await db
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: new Date() })
      .where(eq(webhookDeliveries.id, row.id))
      .returning()
    await queue(row.id, { retry: 0, manual: !endpoint.active }, new Date())
    return (await present(updated ? [updated] : []))[0] as WebhookDelivery
  }

  await jobs.createQueue(QUEUE)
  // Several at once, each bounded by the timeout: a slow endpoint holds one slot for at most that long.
  await jobs.work<Job>(QUEUE, { pollingIntervalSeconds: 0.5, localConcurrency: 4 }, async ([job]) => {
    if (job) await attempt(job.data)
  })

  return { emit, list, ping, redeliver }
}

export type DeliveryService = Awaited<ReturnType<typeof createDeliveryService>>
