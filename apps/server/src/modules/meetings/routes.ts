import { ErrorBody, IdParams, MeetingLink, MeetingParams, PublicMeeting, UpdateMeeting } from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { actor } from '../../http/auth.ts'
import type { RateLimitGuards } from '../../http/rate-limits.ts'
import type { MeetingService } from './meetings.ts'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody }
const tags = ['meetings']

/** Opening a deal's meeting and switching its lobby (signed in), and the lobby's read of /m/:id (public). */
export function meetingRoutes(app: FastifyInstance, { meetings, limits }: { meetings: MeetingService; limits: RateLimitGuards }) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/deals/:id/meeting',
    {
      schema: {
        tags,
        description: "Opens the deal's meeting room (the same one on every call).",
        params: IdParams,
        response: { 200: MeetingLink, ...errors },
      },
    },
    async (req) => meetings.openForDeal(actor(req), req.params.id),
  )

  r.patch(
    '/meetings/:id',
    { schema: { tags, params: MeetingParams, body: UpdateMeeting, response: { 200: PublicMeeting, ...errors } } },
    async (req) => meetings.update(actor(req), req.params.id, req.body),
  )

  r.get(
    '/public/meetings/:id',
    { preHandler: limits.publicReads, schema: { tags, params: MeetingParams, response: { 200: PublicMeeting, ...errors } } },
    async (req) => meetings.readPublic(req.params.id, req.auth),
  )
}
