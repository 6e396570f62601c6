import {
  CreateWebhookEndpoint,
  ErrorBody,
  IdParams,
  Ok,
  UpdateWebhookEndpoint,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookDeliveryParams,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEndpointWithSecret,
} from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { actor } from '../../http/auth.ts'
import type { WebhooksModule } from './module.ts'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody }
const tags = ['webhooks']

export function webhookRoutes(app: FastifyInstance, { endpoints, deliveries }: WebhooksModule) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get('/webhooks/endpoints', { schema: { tags, response: { 200: WebhookEndpointList, ...errors } } }, async (req) => ({
    endpoints: await endpoints.list(actor(req)),
  }))

  r.post(
    '/webhooks/endpoints',
    { schema: { tags, body: CreateWebhookEndpoint, response: { 201: WebhookEndpointWithSecret, ...errors } } },
    async (req, reply) => reply.code(201).send(await endpoints.create(actor(req), req.body)),
  )

  r.get('/webhooks/endpoints/:id', { schema: { tags, params: IdParams, response: { 200: WebhookEndpoint, ...errors } } }, async (req) =>
    endpoints.get(actor(req), req.params.id),
  )

  r.patch(
    '/webhooks/endpoints/:id',
    { schema: { tags, params: IdParams, body: UpdateWebhookEndpoint, response: { 200: WebhookEndpoint, ...errors } } },
    async (req) => endpoints.update(actor(req), req.params.id, req.body),
  )

  r.delete('/webhooks/endpoints/:id', { schema: { tags, params: IdParams, response: { 200: Ok, ...errors } } }, async (req) => {
    await endpoints.remove(actor(req), req.params.id)
    return { ok: true as const }
  })

  r.post(
    '/webhooks/endpoints/:id/roll-secret',
    { schema: { tags, params: IdParams, response: { 200: WebhookEndpointWithSecret, ...errors } } },
    async (req) => endpoints.rollSecret(actor(req), req.params.id),
  )

  r.post(
    '/webhooks/endpoints/:id/test',
    { schema: { tags, params: IdParams, response: { 202: WebhookDelivery, ...errors } } },
    async (req, reply) => reply.code(202).send(await deliveries.ping(actor(req), req.params.id)),
  )

  r.get(
    '/webhooks/endpoints/:id/deliveries',
    { schema: { tags, params: IdParams, response: { 200: WebhookDeliveryList, ...errors } } },
    async (req) => ({ deliveries: await deliveries.list(actor(req), req.params.id) }),
  )

  r.post(
    '/webhooks/endpoints/:id/deliveries/:deliveryId/redeliver',
    { schema: { tags, params: WebhookDeliveryParams, response: { 202: WebhookDelivery, 409: ErrorBody, ...errors } } },
    async (req, reply) => reply.code(202).send(await deliveries.redeliver(actor(req), req.params.id, req.params.deliveryId)),
  )
}
