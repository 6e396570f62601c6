import { ApiKeyList, CreateApiKey, CreatedApiKey, ErrorBody, IdParams, Ok } from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { actor } from '../../http/auth.ts'
import type { ApiKeys } from './api-keys.ts'

const tags = ['auth']
/** Keys are managed from a signed-in session only: a key cannot mint or revoke keys. */
const config = { sessionOnly: true }

export function apiKeyRoutes(app: FastifyInstance, { apiKeys }: { apiKeys: ApiKeys }) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(
    '/auth/api-keys',
    { config, schema: { tags, summary: 'List your API keys', response: { 200: ApiKeyList, 401: ErrorBody, 403: ErrorBody } } },
    async (req) => ({ keys: await apiKeys.list(actor(req)) }),
  )

  r.post(
    '/auth/api-keys',
    {
      config,
      schema: {
        tags,
        summary: 'Create an API key',
        description: 'The answer holds the key itself (`secret`): it is shown this once and only its hash is kept.',
        body: CreateApiKey,
        response: { 201: CreatedApiKey, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (req, reply) => reply.code(201).send(await apiKeys.create(actor(req), req.body)),
  )

  r.delete(
    '/auth/api-keys/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Revoke an API key',
        description: 'The key stops working at once, on every server process.',
        params: IdParams,
        response: { 200: Ok, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => {
      await apiKeys.revoke(actor(req), req.params.id)
      return { ok: true as const }
    },
  )
}
