import { ErrorBody, IdParams, Message, MessageList, MessageParams, Ok, PostMessage, ThreadPageQuery } from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { actor } from '../../http/auth.ts'
import type { MessagesModule } from './module.ts'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody }

/** A deal's internal chat and a client's thread: the same four calls under each parent. */
export function messageRoutes(app: FastifyInstance, { dealThread, clientThread }: MessagesModule) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const threads = [
    { base: '/deals/:id/messages', thread: dealThread, tags: ['deal messages'] },
    { base: '/clients/:id/messages', thread: clientThread, tags: ['client messages'] },
  ]

  for (const { base, thread, tags } of threads) {
    r.get(
      base,
      { schema: { tags, params: IdParams, querystring: ThreadPageQuery, response: { 200: MessageList, ...errors } } },
      async (req) => thread.list(actor(req), req.params.id, req.query),
    )
    r.post(base, { schema: { tags, params: IdParams, body: PostMessage, response: { 201: Message, ...errors } } }, async (req, reply) =>
      reply.code(201).send(await thread.post(actor(req), req.params.id, req.body.body)),
    )
    r.patch(
      `${base}/:messageId`,
      { schema: { tags, params: MessageParams, body: PostMessage, response: { 200: Message, ...errors } } },
      async (req) => thread.edit(actor(req), req.params.id, req.params.messageId, req.body.body),
    )
    r.delete(`${base}/:messageId`, { schema: { tags, params: MessageParams, response: { 200: Ok, ...errors } } }, async (req) => {
      await thread.remove(actor(req), req.params.id, req.params.messageId)
      return { ok: true as const }
    })
  }
}
