import { ErrorBody, Overview } from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { actor } from '../../http/auth.ts'
import type { OverviewService } from './service.ts'

export function overviewRoutes(app: FastifyInstance, { overview }: { overview: OverviewService }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/overview', { schema: { tags: ['overview'], response: { 200: Overview, 401: ErrorBody } } }, async (req) =>
      overview.get(actor(req)),
    )
}
