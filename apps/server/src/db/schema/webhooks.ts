import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { organizations, users } from './accounts.ts'

const organizationId = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' })
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** Where an organization's events are POSTed, signed with the endpoint's secret (Standard Webhooks). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: organizationId(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    url: text().notNull(),
    description: text().notNull().default(''),
    events: text().array().notNull(),
    active: boolean().notNull().default(true),
    /** Set when the server paused it after failing for the whole failure window; cleared when resumed. */
    pausedForFailures: boolean('paused_for_failures').notNull().default(false),
    /** The signing secret (`whsec_…`), encrypted (lib/encryption.ts): the server must read it back to sign. */
    secret: text().notNull(),
    /** The first failed attempt since the last success. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_org_idx').on(t.organizationId, t.createdAt)],
)

/** One event for one endpoint: its id is the `webhook-id` of every attempt, retries and redeliveries alike. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text().primaryKey(),
    organizationId: organizationId(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    /** The JSON body as sent and signed, kept as text so that every attempt sends the same bytes. */
    payload: text().notNull(),
    status: text({ enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
)

/** One POST of a delivery, for the delivery log. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid().primaryKey().defaultRandom(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    statusCode: integer('status_code'),
    error: text(),
    /** Why it failed, for the log to tell failures apart; null when it succeeded. */
    errorKind: text('error_kind', { enum: ['timeout', 'network', 'refused', 'redirect', 'http_status'] }),
    durationMs: integer('duration_ms').notNull(),
    /** The response body's first 2 KB. */
    responseBody: text('response_body').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_attempts_delivery_idx').on(t.deliveryId, t.createdAt),
    check('webhook_attempts_error_kind_check', sql`${t.errorKind} in ('timeout', 'network', 'refused', 'redirect', 'http_status')`),
  ],
)
