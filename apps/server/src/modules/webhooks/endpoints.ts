import { randomBytes } from 'node:crypto'
import { isIP } from 'node:net'
import type {
  CreateWebhookEndpoint,
  UpdateWebhookEndpoint,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  WebhookEventType,
} from '@closeroom/shared'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { users, webhookEndpoints } from '../../db/schema/index.ts'
import { Invalid, NotFound } from '../../http/errors.ts'
import type { Encryption } from '../../lib/encryption.ts'
import { type Outbound, OutboundRefused } from '../../lib/outbound.ts'
import { authorize } from '../../permissions.ts'
import type { AuthContext } from '../auth/module.ts'

export const ENDPOINT_NOT_FOUND = 'Webhook endpoint not found'

type Row = typeof webhookEndpoints.$inferSelect
type CreateInput = z.output<typeof CreateWebhookEndpoint>
type UpdateInput = z.output<typeof UpdateWebhookEndpoint>

/** A Standard Webhooks secret: `whsec_` then 24 random bytes in base64, as the `standardwebhooks` package reads it. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`

export type EndpointDeps = {
  db: Db
  encryption: Encryption
  outbound: Outbound
  /** Plain http targets are accepted only where the operator allowed private targets (tests, a LAN). */
  allowHttp: boolean
}

/** Webhook endpoints of the caller's organization: owners and admins add, change, pause and remove them. */
export function createEndpointService({ db, encryption, outbound, allowHttp }: EndpointDeps) {
  async function present(rows: Row[]): Promise<WebhookEndpoint[]> {
    const creatorIds = [...new Set(rows.map((r) => r.createdById).filter((id): id is string => !!id))]
    const creators =
      creatorIds.length === 0
        ? []
        : await db.select({ id: users.id, name: users.name }).from(users).where(sql`${users.id} in ${creatorIds}`)
    return rows.map((row) => ({
      id: row.id,
      url: row.url,
      description: row.description,
      events: row.events as WebhookEventType[],
      active: row.active,
      pausedForFailures: row.pausedForFailures,
      failingSince: row.failingSince?.toISOString() ?? null,
      createdBy: creators.find((c) => c.id === row.createdById) ?? null,
      createdAt: row.createdAt.toISOString(),
    }))
  }

  const one = async (row: Row) => (await present([row]))[0] as WebhookEndpoint

  async function row(organizationId: string, id: string): Promise<Row> {
    const [found] = await db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organizationId, organizationId)))
    if (!found) throw NotFound(ENDPOINT_NOT_FOUND)
    return found
  }

  /**
   * Refuses, at once and with a reason, a target the deliveries could never reach: plain http where it is not
   * allowed, or a name or address that is private or local. The delivery checks again where it connects.
   */
  async function checkTarget(url: string) {
    const target = new URL(url)
    if (target.protocol !== 'https:' && !allowHttp) throw Invalid('url: Webhook addresses must start with https://')
    if (target.username || target.password)
      throw Invalid('url: Put no user name or password in the address; the signature proves who sends')
    const host = target.hostname.replace(/^\[|\]$/g, '')
    try {
      await outbound.resolve(host)
    } catch (error) {
      if (error instanceof OutboundRefused)
        throw Invalid(
          `url: ${isIP(host) ? host : `${host} (${error.address})`} is a private or local address, which webhooks are not sent to`,
        )
      throw Invalid(`url: ${host} could not be found`)
    }
  }

  async function list({ user }: AuthContext): Promise<WebhookEndpoint[]> {
    authorize(user, 'webhooks.manage')
    const rows = await db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.organizationId, user.organizationId))
      .orderBy(desc(webhookEndpoints.createdAt))
    return present(rows)
  }

  async function get({ user }: AuthContext, id: string): Promise<WebhookEndpoint> {
    authorize(user, 'webhooks.manage')
    return one(await row(user.organizationId, id))
  }

  async function create({ user }: AuthContext, input: CreateInput): Promise<WebhookEndpointWithSecret> {
    authorize(user, 'webhooks.manage')
    await checkTarget(input.url)
    const secret = newWebhookSecret()
    const [created] = await db
      .insert(webhookEndpoints)
      .values({
        organizationId: user.organizationId,
        createdById: user.id,
        url: input.url,
        description: input.description,
        events: input.events,
        active: input.active,
        secret: encryption.encrypt(secret),
      })
      .returning()
    if (!created) throw new Error('webhook endpoint insert returned nothing')
    return { endpoint: await one(created), secret }
  }

  async function update({ user }: AuthContext, id: string, input: UpdateInput): Promise<WebhookEndpoint> {
    authorize(user, 'webhooks.manage')
    const current = await row(user.organizationId, id)
    if (input.url !== undefined && input.url !== current.url) await checkTarget(input.url)
    const changes: Partial<typeof webhookEndpoints.$inferInsert> = {}
    if (input.url !== undefined) changes.url = input.url
    if (input.description !== undefined) changes.description = input.description
    if (input.events !== undefined) changes.events = input.events
    if (input.active !== undefined) {
      changes.active = input.active
      // Resumed by hand: it starts a new failure window.
      if (input.active) Object.assign(changes, { pausedForFailures: false, failingSince: null })
    }
    const [updated] = await db
      .update(webhookEndpoints)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organizationId, user.organizationId)))
      .returning()
    if (!updated) throw NotFound(ENDPOINT_NOT_FOUND)
    return one(updated)
  }

  /** A new secret replaces the old one at once; the answer is the only place it is shown. */
  async function rollSecret({ user }: AuthContext, id: string): Promise<WebhookEndpointWithSecret> {
    authorize(user, 'webhooks.manage')
    await row(user.organizationId, id)
    const secret = newWebhookSecret()
    const [updated] = await db
      .update(webhookEndpoints)
      .set({ secret: encryption.encrypt(secret), updatedAt: sql`now()` })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organizationId, user.organizationId)))
      .returning()
    if (!updated) throw NotFound(ENDPOINT_NOT_FOUND)
    return { endpoint: await one(updated), secret }
  }

  async function remove({ user }: AuthContext, id: string): Promise<void> {
    authorize(user, 'webhooks.manage')
    const deleted = await db
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organizationId, user.organizationId)))
      .returning({ id: webhookEndpoints.id })
    if (deleted.length === 0) throw NotFound(ENDPOINT_NOT_FOUND)
  }

  return { list, get, create, update, rollSecret, remove, row }
}

export type EndpointService = ReturnType<typeof createEndpointService>
