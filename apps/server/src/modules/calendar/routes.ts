import {
  CalendarConnection,
  CalendarConnectionList,
  CalendarFeed,
  CalendarFeedParams,
  CreateCalendarConnection,
  ErrorBody,
  IdParams,
  Ok,
  UpdateCalendarConnection,
} from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { actor } from '../../http/auth.ts'
import type { RateLimitOptions } from '../../http/rate-limits.ts'
import type { CalendarService } from './service.ts'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody }
const tags = ['calendar']

/** Calendar apps poll a feed every few minutes; this leaves room for many subscribers behind one address. */
export const feedLimit: RateLimitOptions = { max: 120, windowMs: 60_000 }

export function calendarRoutes(
  app: FastifyInstance,
  { calendar, appUrl, limit = feedLimit }: { calendar: CalendarService; appUrl: string; limit?: RateLimitOptions },
) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get('/calendar/connections', { schema: { tags, response: { 200: CalendarConnectionList, ...errors } } }, async (req) => ({
    connections: await calendar.list(actor(req)),
  }))

  r.post(
    '/calendar/connections',
    {
      schema: {
        tags,
        description: 'Connects a CalDAV account: signs in, lists its calendars. Every calendar blocks slots; bookings go into the first.',
        body: CreateCalendarConnection,
        response: { 201: CalendarConnection, 409: ErrorBody, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await calendar.connect(actor(req), req.body)),
  )

  r.patch(
    '/calendar/connections/:id',
    { schema: { tags, params: IdParams, body: UpdateCalendarConnection, response: { 200: CalendarConnection, ...errors } } },
    async (req) => calendar.update(actor(req), req.params.id, req.body),
  )

  r.delete('/calendar/connections/:id', { schema: { tags, params: IdParams, response: { 200: Ok, ...errors } } }, async (req) => {
    await calendar.remove(actor(req), req.params.id)
    return { ok: true as const }
  })

  r.post(
    '/calendar/connections/:id/refresh',
    { schema: { tags, params: IdParams, response: { 200: CalendarConnection, ...errors } } },
    async (req) => calendar.refresh(actor(req), req.params.id),
  )

  r.get('/calendar/feed', { schema: { tags, response: { 200: CalendarFeed, ...errors } } }, async (req) => ({
    feedUrl: await calendar.feedUrl(actor(req).user.id, appUrl),
  }))

  r.post('/calendar/feed/rotate', { schema: { tags, response: { 200: CalendarFeed, ...errors } } }, async (req) => ({
    feedUrl: await calendar.rotateFeed(actor(req), appUrl),
  }))

  // Public: the secret token is the credential, so no session and no cookie.
  r.get(
    '/calendar/feed/:token',
    {
      config: { public: true, rateLimit: { max: limit.max, timeWindow: limit.windowMs } },
      schema: {
        tags: ['public'],
        description: "A user's bookings as an ICS calendar (text/calendar), for calendar apps to subscribe to.",
        params: CalendarFeedParams,
        response: { 200: z.string(), 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (req, reply) =>
      reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(await calendar.feed(req.params.token, appUrl)),
  )
}
