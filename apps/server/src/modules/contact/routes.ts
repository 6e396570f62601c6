import { ContactMessage, ErrorBody, Ok } from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { RateLimitGuards } from '../../http/rate-limits.ts'
import type { ContactService } from './service.ts'

export function contactRoutes(app: FastifyInstance, { contact, limits }: { contact: ContactService; limits: RateLimitGuards }) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  // Public, so guarded like sign-in: per address and per sender, enough for a person, too few for a spammer.
  r.post(
    '/public/contact',
    {
      preHandler: limits.credentials,
      schema: {
        tags: ['public'],
        description: 'A message, purchase request or notify-me from the public pages, emailed to the operator (CONTACT_EMAIL).',
        body: ContactMessage,
        response: { 202: Ok, 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (req, reply) => {
      await contact.send(req.body)
      return reply.code(202).send({ ok: true as const })
    },
  )
}
