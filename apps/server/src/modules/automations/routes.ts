import {
  AutomationRule,
  AutomationRuleList,
  AutomationRuleParams,
  AutomationRunList,
  AutomationRunsQuery,
  ErrorBody,
  IdParams,
  Ok,
  SaveAutomationRule,
  UpdateAutomationRule,
} from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { actor } from '../../http/auth.ts'
import type { AutomationsModule } from './module.ts'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody }

/** Rules of /products/:id/automations and their runs. */
export function automationRoutes(app: FastifyInstance, { rules, runs }: AutomationsModule) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['automations']
  r.get(
    '/products/:id/automations',
    { schema: { tags, params: IdParams, response: { 200: AutomationRuleList, ...errors } } },
    async (req) => ({
      rules: await rules.list(actor(req), req.params.id),
    }),
  )
  r.post(
    '/products/:id/automations',
    { schema: { tags, params: IdParams, body: SaveAutomationRule, response: { 201: AutomationRule, ...errors } } },
    async (req, reply) => reply.code(201).send(await rules.create(actor(req), req.params.id, req.body)),
  )
  r.patch(
    '/products/:id/automations/:ruleId',
    { schema: { tags, params: AutomationRuleParams, body: UpdateAutomationRule, response: { 200: AutomationRule, ...errors } } },
    async (req) => rules.update(actor(req), req.params.id, req.params.ruleId, req.body),
  )
  r.delete(
    '/products/:id/automations/:ruleId',
    { schema: { tags, params: AutomationRuleParams, response: { 200: Ok, ...errors } } },
    async (req) => {
      await rules.remove(actor(req), req.params.id, req.params.ruleId)
      return { ok: true as const }
    },
  )
  r.get(
    '/products/:id/automations/runs',
    { schema: { tags, params: IdParams, querystring: AutomationRunsQuery, response: { 200: AutomationRunList, ...errors } } },
    async (req) => runs.list(actor(req), req.params.id, req.query),
  )
}
