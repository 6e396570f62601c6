import { ErrorBody, IdParams, OrganizationExport, OrganizationExportList } from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { actor } from '../../http/auth.ts'
import { sendFile } from '../files/module.ts'
import type { ExportsModule } from './module.ts'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody }
const tags = ['exports']

export function exportRoutes(app: FastifyInstance, { exports, files }: ExportsModule) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get('/exports', { schema: { tags, response: { 200: OrganizationExportList, ...errors } } }, async (req) => ({
    exports: await exports.list(actor(req)),
  }))

  r.post(
    '/exports',
    {
      schema: {
        tags,
        description: 'Starts an export of everything the organization owns, built by a job; 409 while another is being prepared.',
        response: { 202: OrganizationExport, 409: ErrorBody, ...errors },
      },
    },
    async (req, reply) => reply.code(202).send(await exports.request(actor(req))),
  )

  r.get('/exports/:id', { schema: { tags, params: IdParams, response: { 200: OrganizationExport, ...errors } } }, async (req) =>
    exports.get(actor(req), req.params.id),
  )

  r.get(
    '/exports/:id/download',
    {
      schema: {
        tags,
        description: 'The archive, a zip (manifest.json, a .csv and a .json per kind, agreements/<id>.pdf); 410 once expired.',
        params: IdParams,
        response: { 409: ErrorBody, 410: ErrorBody, ...errors },
      },
    },
    async (req, reply) => {
      const archive = await exports.archive(actor(req), req.params.id)
      return sendFile(reply, files, { ...archive, contentType: 'application/zip' }, 'attachment')
    },
  )
}
