import {
  Booking,
  BookingList,
  BookingListQuery,
  BookingProfile,
  BookingSettings,
  CancelBooking,
  CreateEventType,
  CreateSchedule,
  DeclineBooking,
  ErrorBody,
  EventType,
  EventTypeList,
  IdParams,
  MarkNoShow,
  Ok,
  Schedule,
  ScheduleList,
  UpdateBookingProfile,
  UpdateEventType,
  UpdateSchedule,
} from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { actor } from '../../http/auth.ts'
import type { BookingModule } from './module.ts'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody }

/** The seller's side of booking: event types, availability, their bookings and their public page. */
export function bookingRoutes(app: FastifyInstance, { eventTypes, schedules, bookings, settings, profile }: BookingModule) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  {
    const tags = ['event types']
    r.get('/event-types', { schema: { tags, response: { 200: EventTypeList, ...errors } } }, async (req) => ({
      eventTypes: await eventTypes.list(actor(req)),
    }))
    r.post('/event-types', { schema: { tags, body: CreateEventType, response: { 201: EventType, ...errors } } }, async (req, reply) =>
      reply.code(201).send(await eventTypes.create(actor(req), req.body)),
    )
    r.get('/event-types/:id', { schema: { tags, params: IdParams, response: { 200: EventType, ...errors } } }, async (req) =>
      eventTypes.get(actor(req), req.params.id),
    )
    r.patch(
      '/event-types/:id',
      { schema: { tags, params: IdParams, body: UpdateEventType, response: { 200: EventType, ...errors } } },
      async (req) => eventTypes.update(actor(req), req.params.id, req.body),
    )
    r.delete('/event-types/:id', { schema: { tags, params: IdParams, response: { 200: Ok, ...errors } } }, async (req) => {
      await eventTypes.remove(actor(req), req.params.id)
      return { ok: true as const }
    })
  }

  {
    const tags = ['schedules']
    r.get('/schedules', { schema: { tags, response: { 200: ScheduleList, ...errors } } }, async (req) => ({
      schedules: await schedules.list(actor(req)),
    }))
    r.post('/schedules', { schema: { tags, body: CreateSchedule, response: { 201: Schedule, ...errors } } }, async (req, reply) =>
      reply.code(201).send(await schedules.create(actor(req), req.body)),
    )
    r.patch(
      '/schedules/:id',
      { schema: { tags, params: IdParams, body: UpdateSchedule, response: { 200: Schedule, ...errors } } },
      async (req) => schedules.update(actor(req), req.params.id, req.body),
    )
    r.delete('/schedules/:id', { schema: { tags, params: IdParams, response: { 200: Ok, ...errors } } }, async (req) => {
      await schedules.remove(actor(req), req.params.id)
      return { ok: true as const }
    })
  }

  {
    const tags = ['bookings']
    r.get('/bookings', { schema: { tags, querystring: BookingListQuery, response: { 200: BookingList, ...errors } } }, async (req) => ({
      bookings: await bookings.list(actor(req), req.query),
    }))
    r.get('/bookings/:id', { schema: { tags, params: IdParams, response: { 200: Booking, ...errors } } }, async (req) =>
      bookings.get(actor(req), req.params.id),
    )
    r.post('/bookings/:id/confirm', { schema: { tags, params: IdParams, response: { 200: Booking, ...errors } } }, async (req) =>
      bookings.confirm(actor(req), req.params.id),
    )
    r.post(
      '/bookings/:id/decline',
      { schema: { tags, params: IdParams, body: DeclineBooking, response: { 200: Booking, ...errors } } },
      async (req) => bookings.decline(actor(req), req.params.id, req.body ?? {}),
    )
    r.post(
      '/bookings/:id/no-show',
      { schema: { tags, params: IdParams, body: MarkNoShow, response: { 200: Booking, ...errors } } },
      async (req) => bookings.markNoShow(actor(req), req.params.id, req.body.noShow),
    )
    r.post(
      '/bookings/:id/cancel',
      { schema: { tags, params: IdParams, body: CancelBooking, response: { 200: Booking, ...errors } } },
      async (req) => bookings.cancelByHost(actor(req), req.params.id, req.body ?? {}),
    )
  }

  {
    const tags = ['booking settings']
    r.get('/booking-profile', { schema: { tags, response: { 200: BookingProfile, ...errors } } }, async (req) => profile.get(actor(req)))
    r.patch(
      '/booking-profile',
      { schema: { tags, body: UpdateBookingProfile, response: { 200: BookingProfile, ...errors } } },
      async (req) => profile.rename(actor(req), req.body.handle),
    )
    r.get('/booking-settings', { schema: { tags, response: { 200: BookingSettings, ...errors } } }, async (req) => settings.get(actor(req)))
    r.put('/booking-settings', { schema: { tags, body: BookingSettings, response: { 200: BookingSettings, ...errors } } }, async (req) =>
      settings.update(actor(req), req.body),
    )
  }
}
