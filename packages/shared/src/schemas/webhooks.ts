import { z } from 'zod'
import { MESSAGES } from '../messages.ts'
import { Booking } from './booking.ts'
import { Id } from './common.ts'
import { Client } from './deals.ts'
import { Invoice } from './invoices.ts'

/**
 * Every event an endpoint may subscribe to, one per thing that happened in an area of the product. Each is sent
 * as `{ type, timestamp, data }`; the shape of `data` per type is `WEBHOOK_PAYLOADS` below (and the OpenAPI
 * document's `WebhookEvent` component).
 */
export const WEBHOOK_EVENT_TYPES = [
  'booking.created',
  'booking.rescheduled',
  'booking.cancelled',
  'booking.no_show',
  'deal.created',
  'deal.stage_changed',
  'deal.won',
  'deal.lost',
  'client.created',
  'client.updated',
  'salesroom.visited',
  'salesroom.document_opened',
  'agreement.sent',
  'agreement.signed',
  'agreement.completed',
  'agreement.declined',
  'routing_form.submitted',
  'recording.ready',
  'invoice.sent',
  'invoice.paid',
] as const
export const WebhookEventType = z.enum(WEBHOOK_EVENT_TYPES)
export type WebhookEventType = z.infer<typeof WebhookEventType>

/** The test event an admin sends from the endpoint's page; no endpoint subscribes to it, every endpoint gets it. */
export const WEBHOOK_PING = 'ping'

/** The areas the events are grouped by on screen, in this order. */
export const webhookEventArea = (type: WebhookEventType) => type.slice(0, type.indexOf('.'))

const DealData = z.object({
  id: Id,
  name: z.string(),
  company: z.string(),
  amount: z.number().int().describe('Minor units of `currency`'),
  currency: z.string(),
  stage: z.object({ id: Id, name: z.string(), kind: z.enum(['open', 'won', 'lost']) }),
  ownerId: Id,
})
const Visit = { dealId: Id, visitId: Id, visitor: z.object({ email: z.string().nullable() }) }
const AgreementData = z.object({
  id: Id,
  title: z.string(),
  status: z.string(),
  dealId: Id.nullable(),
  /** Who took the step: the sender, a signer, or Closeroom for the completion. */
  by: z.object({ name: z.string() }),
})

/** What `data` holds for each type: documented here once, checked against real deliveries by the API tests. */
export const WEBHOOK_PAYLOADS = {
  'booking.created': Booking,
  'booking.rescheduled': Booking.extend({ previousStart: z.string() }),
  'booking.cancelled': Booking,
  'booking.no_show': Booking,
  'deal.created': DealData,
  'deal.stage_changed': DealData.extend({ previousStage: z.object({ id: Id, name: z.string() }) }),
  'deal.won': DealData,
  'deal.lost': DealData.extend({ lostReason: z.string().nullable() }),
  'client.created': Client,
  'client.updated': Client,
  'salesroom.visited': z.object({ ...Visit, first: z.boolean() }),
  'salesroom.document_opened': z.object({
    ...Visit,
    document: z.object({ id: Id, title: z.string(), how: z.enum(['opened', 'downloaded']) }),
  }),
  'agreement.sent': AgreementData,
  'agreement.signed': AgreementData,
  'agreement.completed': AgreementData,
  'agreement.declined': AgreementData,
  'routing_form.submitted': z.object({
    formId: Id,
    formName: z.string(),
    responseId: Id,
    email: z.string().nullable(),
    answers: z.record(z.string(), z.unknown()),
    outcome: z.object({ id: Id, name: z.string() }),
  }),
  'recording.ready': z.object({ id: Id, meetingId: Id, startedAt: z.string(), durationMs: z.number().int(), size: z.number().int() }),
  'invoice.sent': Invoice,
  'invoice.paid': Invoice,
} satisfies Record<WebhookEventType, z.ZodType>

/** The body of every delivery, as sent (and signed). */
export const WebhookEvent = z
  .object({
    type: z.union([WebhookEventType, z.literal(WEBHOOK_PING)]),
    timestamp: z.string().describe('When it happened, ISO 8601 in UTC'),
    data: z.record(z.string(), z.unknown()).describe('The thing concerned; its shape per type is in WEBHOOK_PAYLOADS'),
  })
  .meta({ id: 'WebhookEvent' })
export type WebhookEvent = z.infer<typeof WebhookEvent>

const Url = z
  .string()
  .trim()
  .max(2048)
  .pipe(z.url({ protocol: /^https?$/, message: MESSAGES.url }))
const Description = z.string().trim().max(500)
const Events = z
  .array(WebhookEventType)
  .min(1, { message: 'Choose at least one event' })
  .transform((events) => [...new Set(events)])

export const CreateWebhookEndpoint = z.object({
  url: Url,
  description: Description.default(''),
  events: Events,
  active: z.boolean().default(true),
})
export type CreateWebhookEndpoint = z.input<typeof CreateWebhookEndpoint>

export const UpdateWebhookEndpoint = z.object({ url: Url, description: Description, events: Events, active: z.boolean() }).partial()
export type UpdateWebhookEndpoint = z.input<typeof UpdateWebhookEndpoint>

export const WebhookEndpoint = z.object({
  id: Id,
  url: z.string(),
  description: z.string(),
  events: z.array(WebhookEventType),
  active: z.boolean(),
  /** Paused by the server after failing for the whole failure window (not by an admin). */
  pausedForFailures: z.boolean(),
  /** Since when every attempt failed; null while the last one succeeded. */
  failingSince: z.string().nullable(),
  createdBy: z.object({ id: Id, name: z.string() }).nullable(),
  createdAt: z.string(),
})
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>

export const WebhookEndpointList = z.object({ endpoints: z.array(WebhookEndpoint) })

/** The answer of a creation or of a roll: the only time the secret leaves the server. */
export const WebhookEndpointWithSecret = z.object({ endpoint: WebhookEndpoint, secret: z.string() })
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecret>

/**
 * Why an attempt failed, told apart by the server when it happened: no answer within the timeout, no connection
 * (DNS, refused, reset), a target the SSRF guard refused (a private or local address), a redirect (never
 * followed), or an answer with a failing HTTP status (4xx, 5xx).
 */
export const WEBHOOK_ERROR_KINDS = ['timeout', 'network', 'refused', 'redirect', 'http_status'] as const
export const WebhookErrorKind = z.enum(WEBHOOK_ERROR_KINDS)
export type WebhookErrorKind = z.infer<typeof WebhookErrorKind>

export const WebhookAttempt = z.object({
  id: Id,
  /** The HTTP status answered; null when no answer came (refused, timed out, unreachable). */
  statusCode: z.number().int().nullable(),
  /** Why no answer came, or why an answer was a failure, in English words for a reader. */
  error: z.string().nullable(),
  /** The kind of failure, for a program (and the delivery log) to tell them apart; null when it succeeded. */
  errorKind: WebhookErrorKind.nullable(),
  durationMs: z.number().int(),
  /** The first 2 KB of the response body. */
  responseBody: z.string(),
  createdAt: z.string(),
})
export type WebhookAttempt = z.infer<typeof WebhookAttempt>

export const WebhookDeliveryStatus = z.enum(['pending', 'succeeded', 'failed'])
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatus>

export const WebhookDelivery = z.object({
  id: z.string().describe('The `webhook-id` header: the same for every attempt and redelivery of this event'),
  type: z.string(),
  status: WebhookDeliveryStatus,
  payload: z.string().describe('The body sent'),
  nextAttemptAt: z.string().nullable(),
  attempts: z.array(WebhookAttempt),
  createdAt: z.string(),
})
export type WebhookDelivery = z.infer<typeof WebhookDelivery>

export const WebhookDeliveryList = z.object({ deliveries: z.array(WebhookDelivery) })

export const WebhookDeliveryParams = z.object({ id: Id, deliveryId: z.string().regex(/^msg_[\w-]+$/, 'Must be a delivery id') })
