import {
  BookingUidParams,
  CancelBooking,
  CreateBooking,
  ErrorBody,
  IdParams,
  PublicBooking,
  PublicHandleParams,
  PublicProfile,
  RescheduleBooking,
  Slots,
  SlotsQuery,
} from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { RateLimitGuards } from '../../http/rate-limits.ts'
import type { BookingModule } from './module.ts'

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody }
const tags = ['public booking']

/** The buyer's side, without an account: a page's event types, free times, and their own booking by its uid. */
export function publicBookingRoutes(
  app: FastifyInstance,
  {
    pages,
    bookings,
    limits,
    roomCookie,
  }: BookingModule & {
    limits: RateLimitGuards
    /** The cookie holding a sales room's pass: sales rooms name it, and sit above booking (they offer its pages). */
    roomCookie: (salesroomId: string) => string
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const reads = { preHandler: limits.publicReads }
  const writes = { preHandler: limits.publicWrites }

  r.get(
    '/public/users/:id',
    {
      ...reads,
      schema: {
        tags,
        description: "A seller's or team's booking page: profile and visible event types.",
        params: PublicHandleParams,
        response: { 200: PublicProfile, ...errors },
      },
    },
    async (req) => pages.profile(req.params.id),
  )

  r.get(
    '/public/event-types/:id/slots',
    {
      ...reads,
      schema: {
        tags,
        description: 'Free start times, grouped by date in the given time zone.',
        params: IdParams,
        querystring: SlotsQuery,
        response: { 200: Slots, ...errors },
      },
    },
    async (req) => pages.slots(await bookings.publicEventType(req.params.id), req.query),
  )

  r.post(
    '/public/bookings',
    { ...writes, schema: { tags, body: CreateBooking, response: { 201: PublicBooking, ...errors } } },
    async (req, reply) => {
      // Booked from a private sales room: its pass cookie says the buyer may be there.
      const pass = req.body.salesroomId ? req.cookies[roomCookie(req.body.salesroomId)] : undefined
      return reply.code(201).send(await bookings.create(req.body, pass))
    },
  )

  r.get(
    '/public/bookings/:uid',
    { ...reads, schema: { tags, params: BookingUidParams, response: { 200: PublicBooking, ...errors } } },
    async (req) => bookings.getPublic(req.params.uid),
  )

  r.post(
    '/public/bookings/:uid/reschedule',
    { ...writes, schema: { tags, params: BookingUidParams, body: RescheduleBooking, response: { 200: PublicBooking, ...errors } } },
    async (req) => bookings.reschedule(req.params.uid, req.body),
  )

  r.post(
    '/public/bookings/:uid/cancel',
    { ...writes, schema: { tags, params: BookingUidParams, body: CancelBooking, response: { 200: PublicBooking, ...errors } } },
    async (req) => bookings.cancelByAttendee(req.params.uid, req.body),
  )
}
