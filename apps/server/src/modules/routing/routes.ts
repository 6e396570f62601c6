import {
  CreateRoutingForm,
  CreateRoutingOutcome,
  ErrorBody,
  Id,
  IdParams,
  Ok,
  RoutingForm,
  RoutingFormList,
  RoutingOutcome,
  RoutingOutcomeOrder,
  UpdateRoutingForm,
  UpdateRoutingOutcome,
} from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { actor } from '../../http/auth.ts'
import type { RoutingModule } from './module.ts'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody }
const OutcomeParams = z.object({ id: Id, outcomeId: Id })

/** The form editor's calls, signed in. */
export function routingRoutes(app: FastifyInstance, { forms, outcomes }: RoutingModule) {
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
}
