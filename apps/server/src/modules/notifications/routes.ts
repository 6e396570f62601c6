import {
  AllNotificationPreferences,
  ErrorBody,
  MarkNotificationsRead,
  NotificationList,
  NotificationPreferences,
  Ok,
  PushSubscriptionBody,
} from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { actor } from '../../http/auth.ts'
import { NotFound } from '../../http/errors.ts'
import type { Push } from './push.ts'
import type { Notifications } from './service.ts'

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody }

/** The notification centre, its preferences and the browser's push subscription (the spec's web-push calls). */
export function notificationRoutes(app: FastifyInstance, { notifications, push }: { notifications: Notifications; push: Push }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['notifications']

  r.get('/notifications', { schema: { tags, response: { 200: NotificationList, ...errors } } }, async (req) =>
    notifications.list(actor(req)),
  )
  r.post(
    '/notifications/read',
    { schema: { tags, body: MarkNotificationsRead, response: { 200: NotificationList, ...errors } } },
    async (req) => notifications.markRead(actor(req), req.body.ids),
  )
  r.get('/notifications/preferences', { schema: { tags, response: { 200: AllNotificationPreferences, ...errors } } }, async (req) =>
    notifications.preferences(actor(req)),
  )
  r.put(
    '/notifications/preferences',
    { schema: { tags, body: NotificationPreferences, response: { 200: AllNotificationPreferences, ...errors } } },
    async (req) => notifications.setPreferences(actor(req), req.body),
  )

  // The spec's web-push calls: the key as text, then subscribe and unsubscribe with the subscription itself.
  r.get(
    '/web-push/public-key',
    {
      config: { public: true },
      schema: { tags, description: 'The VAPID application server key, base64url, as text.', response: { 200: z.string() } },
    },
    async (_req, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .serializer((key: string) => key)
        .send(push.publicKey),
  )
  r.post('/web-push', { schema: { tags, body: PushSubscriptionBody, response: { 201: Ok, ...errors } } }, async (req, reply) => {
    await push.subscribe(actor(req), req.body)
    return reply.code(201).send({ ok: true as const })
  })
  r.delete(
    '/web-push',
    { schema: { tags, body: PushSubscriptionBody.pick({ endpoint: true }), response: { 200: Ok, ...errors } } },
    async (req) => {
      if (!(await push.unsubscribe(actor(req), req.body))) throw NotFound('No push subscription found')
      return { ok: true as const }
    },
  )
}
