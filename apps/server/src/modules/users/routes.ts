import { ErrorBody, IdParams, InviteUser, OnlineUsers, UpdateUser, User, UserList } from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { actor } from '../../http/auth.ts'
import { presentUser } from '../auth/module.ts'
import type { UserService } from './service.ts'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody }
const tags = ['users']

export function userRoutes(app: FastifyInstance, { users }: { users: UserService }) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get('/users', { schema: { tags, response: { 200: UserList, ...errors } } }, async (req) => ({
    users: (await users.list(actor(req))).map(presentUser),
  }))

  r.get('/users/online', { schema: { tags, response: { 200: OnlineUsers, ...errors } } }, async (req) => ({
    online: await users.online(actor(req)),
  }))

  r.post(
    '/users',
    { schema: { tags, description: 'Invites a person by email.', body: InviteUser, response: { 201: User, ...errors } } },
    async (req, reply) => reply.code(201).send(presentUser(await users.invite(actor(req), req.body))),
  )

  r.get('/users/:id', { schema: { tags, params: IdParams, response: { 200: User, ...errors } } }, async (req) =>
    presentUser(await users.get(actor(req), req.params.id)),
  )

  r.patch('/users/:id', { schema: { tags, params: IdParams, body: UpdateUser, response: { 200: User, ...errors } } }, async (req) =>
    presentUser(await users.update(actor(req), req.params.id, req.body)),
  )

  r.delete(
    '/users/:id',
    { schema: { tags, description: 'Deactivates the user.', params: IdParams, response: { 200: User, ...errors } } },
    async (req) => presentUser(await users.deactivate(actor(req), req.params.id)),
  )
}
