import { CreateTeam, ErrorBody, IdParams, Ok, Team, TeamList, UpdateTeam } from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { actor } from '../../http/auth.ts'
import type { TeamService } from './service.ts'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody }
const tags = ['teams']

export function teamRoutes(app: FastifyInstance, { teams }: { teams: TeamService }) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get('/teams', { schema: { tags, response: { 200: TeamList, ...errors } } }, async (req) => ({ teams: await teams.list(actor(req)) }))

  r.post('/teams', { schema: { tags, body: CreateTeam, response: { 201: Team, ...errors } } }, async (req, reply) =>
    reply.code(201).send(await teams.create(actor(req), req.body)),
  )

  r.get('/teams/:id', { schema: { tags, params: IdParams, response: { 200: Team, ...errors } } }, async (req) =>
    teams.get(actor(req), req.params.id),
  )

  r.patch('/teams/:id', { schema: { tags, params: IdParams, body: UpdateTeam, response: { 200: Team, ...errors } } }, async (req) =>
    teams.update(actor(req), req.params.id, req.body),
  )

  r.delete('/teams/:id', { schema: { tags, params: IdParams, response: { 200: Ok, ...errors } } }, async (req) => {
    await teams.remove(actor(req), req.params.id)
    return { ok: true as const }
  })
}
