import { ErrorBody, HEALTH_CHECK_TIMEOUT_MS, Health, OutboxList } from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Database } from '../../db/client.ts'
import { actor } from '../../http/auth.ts'
import { errorBody } from '../../http/errors.ts'
import { authorize } from '../../permissions.ts'
import { listOutbox } from '../mail/module.ts'

export function systemRoutes(app: FastifyInstance, { database }: { database: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  // The web app gives up after HEALTH_CHECK_TIMEOUT_MS; answer 503 before that rather than hang.
  r.get(
    '/health',
    {
      config: { public: true },
      schema: { tags: ['system'], summary: 'Check that the server and its database answer', response: { 200: Health, 503: ErrorBody } },
    },
    async (_req, reply) => {
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(resolve, HEALTH_CHECK_TIMEOUT_MS - 500, 'timeout').unref())
      const result = await Promise.race([
        database.ping().then(
          () => 'ok' as const,
          () => 'down' as const,
        ),
        timeout,
      ])
      if (result !== 'ok') return reply.code(503).send(errorBody(503, 'The database is not answering'))
      return { status: 'ok' as const }
    },
  )

  // Every email Closeroom sent for the organization, newest first (kept whichever transport sent it).
  r.get('/outbox', { schema: { tags: ['system'], response: { 200: OutboxList, 401: ErrorBody, 403: ErrorBody } } }, async (req) => {
    const { user } = actor(req)
    authorize(user, 'outbox.read')
    return { emails: await listOutbox(database.db, user.organizationId, 100) }
  })
}
