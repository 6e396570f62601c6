import { ErrorBody, Ok, ProductInquiry, ProductRoomParams, PublicProduct } from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { RateLimitGuards } from '../../http/rate-limits.ts'
import type { InquiryService } from './inquiries.ts'
import type { ProductRoomService } from './room.ts'

const errors = { 400: ErrorBody, 404: ErrorBody, 429: ErrorBody }
const tags = ['public product rooms']

/** The buyer's side of /p/:id, through the room's public id only. */
export function publicProductRoutes(
  app: FastifyInstance,
  { rooms, inquiries, limits }: { rooms: ProductRoomService; inquiries: InquiryService; limits: RateLimitGuards },
) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(
    '/public/products/:roomId',
    { preHandler: limits.publicReads, schema: { tags, params: ProductRoomParams, response: { 200: PublicProduct, ...errors } } },
    async (req) => rooms.read(req.params.roomId),
  )

  r.post(
    '/public/products/:roomId/inquiries',
    {
      preHandler: limits.publicWrites,
      schema: {
        tags,
        description: 'The "talk to sales" form: makes the visitor a client on a new deal for the product. Answers a thank-you only.',
        params: ProductRoomParams,
        body: ProductInquiry,
        response: { 201: Ok, ...errors },
      },
    },
    async (req, reply) => {
      await inquiries.submit(req.params.roomId, req.body)
      return reply.code(201).send({ ok: true as const })
    },
  )
}
