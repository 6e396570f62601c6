import {
  Client,
  ClientImportRequest,
  ClientList,
  ClientListQuery,
  CreateClient,
  ErrorBody,
  IdParams,
  ImportReport,
  Ok,
  UpdateClient,
} from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { actor } from '../../http/auth.ts'
import type { createClientImport } from './import.ts'
import type { ClientService } from './service.ts'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody }

/** Buyer contacts of the organization. */
export function clientRoutes(
  app: FastifyInstance,
  { clients, importClients }: { clients: ClientService; importClients: ReturnType<typeof createClientImport> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['clients']

  r.get('/clients', { schema: { tags, querystring: ClientListQuery, response: { 200: ClientList, ...errors } } }, async (req) => ({
    clients: await clients.list(actor(req), req.query),
  }))
  r.post('/clients', { schema: { tags, body: CreateClient, response: { 201: Client, ...errors } } }, async (req, reply) =>
    reply.code(201).send(await clients.create(actor(req), req.body)),
  )
  // A CSV file as JSON text: JSON's escaping can make 5 MB of CSV a little longer.
  r.post(
    '/clients/import',
    { bodyLimit: 6 * 1024 * 1024, schema: { tags, body: ClientImportRequest, response: { 200: ImportReport, ...errors } } },
    async (req) => importClients(actor(req), req.body),
  )
  r.get('/clients/:id', { schema: { tags, params: IdParams, response: { 200: Client, ...errors } } }, async (req) =>
    clients.get(actor(req), req.params.id),
  )
  r.patch('/clients/:id', { schema: { tags, params: IdParams, body: UpdateClient, response: { 200: Client, ...errors } } }, async (req) =>
    clients.update(actor(req), req.params.id, req.body),
  )
  r.delete('/clients/:id', { schema: { tags, params: IdParams, response: { 200: Ok, ...errors } } }, async (req) => {
    await clients.remove(actor(req), req.params.id)
    return { ok: true as const }
  })
}
