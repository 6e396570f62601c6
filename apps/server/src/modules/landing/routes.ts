import {
  BookingLinkOptionList,
  CreateLandingPage,
  ErrorBody,
  IdParams,
  LandingPage,
  LandingPageList,
  LandingPageParams,
  Ok,
  PublicLandingPage,
  PublicPost,
  PublicPostParams,
  UpdateLandingPage,
} from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { actor } from '../../http/auth.ts'
import type { RateLimitGuards } from '../../http/rate-limits.ts'
import type { LandingModule } from './module.ts'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody }

/** The editor's calls, signed in. */
export function landingRoutes(app: FastifyInstance, { pages, bookingLinks }: LandingModule) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['landing pages']
  r.get('/landing-pages', { schema: { tags, response: { 200: LandingPageList, ...errors } } }, async (req) => ({
    landingPages: await pages.list(actor(req)),
  }))
  r.post('/landing-pages', { schema: { tags, body: CreateLandingPage, response: { 201: LandingPage, ...errors } } }, async (req, reply) =>
    reply.code(201).send(await pages.create(actor(req), req.body)),
  )
  r.get(
    '/landing-pages/booking-links',
    {
      schema: {
        tags,
        description: "The organization's people's and teams' booking pages a landing page can show.",
        response: { 200: BookingLinkOptionList, ...errors },
      },
    },
    async (req) => ({ bookingLinks: await bookingLinks.options(actor(req).user.organizationId) }),
  )
  r.get('/landing-pages/:id', { schema: { tags, params: IdParams, response: { 200: LandingPage, ...errors } } }, async (req) =>
    pages.get(actor(req), req.params.id),
  )
  r.patch(
    '/landing-pages/:id',
    {
      schema: {
        tags,
        description: 'Edits a page; `published` publishes or unpublishes it.',
        params: IdParams,
        body: UpdateLandingPage,
        response: { 200: LandingPage, ...errors },
      },
    },
    async (req) => pages.update(actor(req), req.params.id, req.body),
  )
  r.delete('/landing-pages/:id', { schema: { tags, params: IdParams, response: { 200: Ok, ...errors } } }, async (req) => {
    await pages.remove(actor(req), req.params.id)
    return { ok: true as const }
  })
}

/** GET /api/public/landing/:id and GET /api/public/landing/:id/posts/:slug */
export function publicLandingRoutes(app: FastifyInstance, { publicPage, publicPost, limits }: LandingModule & { limits: RateLimitGuards }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/public/landing/:id',
    {
      preHandler: limits.publicReads,
      schema: {
        tags: ['public landing pages'],
        params: LandingPageParams,
        response: { 200: PublicLandingPage, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (req) => publicPage(req.params.id),
  )
  r.get(
    '/public/landing/:id/posts/:slug',
    {
      preHandler: limits.publicReads,
      schema: {
        tags: ['public landing pages'],
        description: "A published post of the page's organization; a draft answers 404.",
        params: PublicPostParams,
        response: { 200: PublicPost, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (req) => publicPost(req.params.id, req.params.slug),
  )
}
