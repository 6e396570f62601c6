import { ErrorBody, Organization, UpdateOrganization } from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { actor } from '../../http/auth.ts'
import type { OrganizationService } from './service.ts'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody }
const tags = ['organization']

export function organizationRoutes(app: FastifyInstance, { organizations }: { organizations: OrganizationService }) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get('/organization', { schema: { tags, response: { 200: Organization, ...errors } } }, async (req) => organizations.get(actor(req)))

  r.patch('/organization', { schema: { tags, body: UpdateOrganization, response: { 200: Organization, ...errors } } }, async (req) =>
    organizations.update(actor(req), req.body),
  )
}
