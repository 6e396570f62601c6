import {
  CreateRoutingForm,
  CreateRoutingOutcome,
  ErrorBody,
  Id,
  IdParams,
  Ok,
  PublicRoutingForm,
  RoutingAnswers,
  RoutingDecision,
  RoutingForm,
  RoutingFormList,
  RoutingOutcome,
  RoutingOutcomeOrder,
  RoutingReport,
  RoutingResponseList,
  RoutingResponsesQuery,
  RoutingSubmitted,
  UpdateRoutingForm,
  UpdateRoutingOutcome,
} from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { actor } from '../../http/auth.ts'
import type { RateLimitGuards } from '../../http/rate-limits.ts'
import type { RoutingModule } from './module.ts'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody }
const OutcomeParams = z.object({ id: Id, outcomeId: Id })

/** The form editor's calls, signed in. */
export function routingRoutes(app: FastifyInstance, { forms, outcomes, submissions, responses }: RoutingModule) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['routing']
  r.get('/routings', { schema: { tags, response: { 200: RoutingFormList, ...errors } } }, async (req) => ({
    routings: await forms.list(actor(req)),
  }))
  r.post(
    '/routings',
    {
      schema: {
        tags,
        description: 'Creates a form with its fallback outcome (a thank-you message); the slug is chosen from the name when left out.',
        body: CreateRoutingForm,
        response: { 201: RoutingForm, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await forms.create(actor(req), req.body)),
  )
  r.get('/routings/:id', { schema: { tags, params: IdParams, response: { 200: RoutingForm, ...errors } } }, async (req) =>
    forms.get(actor(req), req.params.id),
  )
  r.patch(
    '/routings/:id',
    {
      schema: {
        tags,
        description: 'Changing the questions is refused while an outcome tests a question or choice the change removes.',
        params: IdParams,
        body: UpdateRoutingForm,
        response: { 200: RoutingForm, ...errors },
      },
    },
    async (req) => forms.update(actor(req), req.params.id, req.body),
  )
  r.delete('/routings/:id', { schema: { tags, params: IdParams, response: { 200: Ok, ...errors } } }, async (req) => {
    await forms.remove(actor(req), req.params.id)
    return { ok: true as const }
  })

  r.post(
    '/routings/:id/outcomes',
    { schema: { tags, params: IdParams, body: CreateRoutingOutcome, response: { 201: RoutingOutcome, ...errors } } },
    async (req, reply) => reply.code(201).send(await outcomes.create(actor(req), req.params.id, req.body)),
  )
  r.put(
    '/routings/:id/outcomes/order',
    {
      schema: {
        tags,
        description: 'Every outcome but the fallback, each once, in their new order; answers the outcomes in order.',
        params: IdParams,
        body: RoutingOutcomeOrder,
        response: { 200: z.object({ outcomes: z.array(RoutingOutcome) }), ...errors },
      },
    },
    async (req) => ({ outcomes: await outcomes.reorder(actor(req), req.params.id, req.body.outcomeIds) }),
  )
  r.patch(
    '/routings/:id/outcomes/:outcomeId',
    {
      schema: {
        tags,
        description: "The fallback's conditions cannot be set (409).",
        params: OutcomeParams,
        body: UpdateRoutingOutcome,
        response: { 200: RoutingOutcome, ...errors },
      },
    },
    async (req) => outcomes.update(actor(req), req.params.id, req.params.outcomeId, req.body),
  )
  r.delete(
    '/routings/:id/outcomes/:outcomeId',
    { schema: { tags, description: 'The fallback cannot be deleted (409).', params: OutcomeParams, response: { 200: Ok, ...errors } } },
    async (req) => {
      await outcomes.remove(actor(req), req.params.id, req.params.outcomeId)
      return { ok: true as const }
    },
  )

  r.post(
    '/routings/:id/test',
    {
      schema: {
        tags,
        description:
          "The test panel: where these answers would go and why, stored nowhere. Answers are checked like a buyer's, but required questions may be left out.",
        params: IdParams,
        body: RoutingAnswers,
        response: { 200: RoutingDecision, ...errors },
      },
    },
    async (req) => submissions.test(actor(req), req.params.id, req.body.answers),
  )
  r.get(
    '/routings/:id/responses',
    {
      schema: {
        tags,
        description: 'Responses, newest first, 50 a page; dates are whole UTC days, both included.',
        params: IdParams,
        querystring: RoutingResponsesQuery,
        response: { 200: RoutingResponseList, ...errors },
      },
    },
    async (req) => responses.list(actor(req), req.params.id, req.query),
  )
  r.get(
    '/routings/:id/responses.csv',
    {
      schema: {
        tags,
        description: 'The same responses as CSV (page ignored): one column per question, then outcome, routed to, reason, booked, deal.',
        params: IdParams,
        querystring: RoutingResponsesQuery,
        response: { 200: z.string(), ...errors },
      },
    },
    async (req, reply) => {
      const { name, body } = await responses.csv(actor(req), req.params.id, req.query)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(body)
    },
  )
  r.get(
    '/routings/:id/report',
    {
      schema: {
        tags,
        params: IdParams,
        querystring: RoutingResponsesQuery.pick({ from: true, to: true }),
        response: { 200: RoutingReport, ...errors },
      },
    },
    async (req) => responses.report(actor(req), req.params.id, req.query),
  )
}

const PublicFormParams = z.object({ id: z.string().min(1).max(100) })

/** A buyer's side: the form by its id or slug, and their answers. */
export function publicRoutingRoutes(app: FastifyInstance, { submissions, limits }: RoutingModule & { limits: RateLimitGuards }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['public routing forms']
  r.get(
    '/public/routings/:id',
    {
      preHandler: limits.publicReads,
      schema: { tags, params: PublicFormParams, response: { 200: PublicRoutingForm, 404: ErrorBody, 429: ErrorBody } },
    },
    async (req) => submissions.publicForm(req.params.id),
  )
  r.post(
    '/public/routings/:id/responses',
    {
      preHandler: limits.publicWrites,
      schema: {
        tags,
        description:
          'Routes the answers: the booking address with the answers filled in, the message, or the URL. The same answers again within a minute answer the same response.',
        params: PublicFormParams,
        body: RoutingAnswers,
        response: { 200: RoutingSubmitted, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (req) => submissions.submit(req.params.id, req.body.answers),
  )
}
