import { ErrorBody, IdParams, InviteUser, OnlineUsers, RoutingAttributeList, UpdateUser, UserDetail, UserList } from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { actor } from '../../http/auth.ts'
import { presentUser, type UserRow } from '../auth/module.ts'
import type { UserService } from './service.ts'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody }
const tags = ['users']

/** The users screens show the attributes routing matches buyers on beside the rest. */
const presentDetail = (row: UserRow): UserDetail => ({ ...presentUser(row), attributes: row.attributes })

export function userRoutes(app: FastifyInstance, { users }: { users: UserService }) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get('/users', { schema: { tags, response: { 200: UserList, ...errors } } }, async (req) => ({
    users: (await users.list(actor(req))).map(presentDetail),
  }))

  r.get(
    '/users/attributes',
    {
      schema: {
        tags,
        description: "The routing attributes the organization's people hold: each key with its values.",
        response: { 200: RoutingAttributeList, ...errors },
      },
    },
    async (req) => ({ attributes: await users.attributes(actor(req)) }),
  )

  r.get('/users/online', { schema: { tags, response: { 200: OnlineUsers, ...errors } } }, async (req) => ({
    online: await users.online(actor(req)),
  }))

  r.post(
    '/users',
    { schema: { tags, description: 'Invites a person by email.', body: InviteUser, response: { 201: UserDetail, ...errors } } },
    async (req, reply) => reply.code(201).send(presentDetail(await users.invite(actor(req), req.body))),
  )

  r.get('/users/:id', { schema: { tags, params: IdParams, response: { 200: UserDetail, ...errors } } }, async (req) =>
    presentDetail(await users.get(actor(req), req.params.id)),
  )

  r.patch('/users/:id', { schema: { tags, params: IdParams, body: UpdateUser, response: { 200: UserDetail, ...errors } } }, async (req) =>
    presentDetail(await users.update(actor(req), req.params.id, req.body)),
  )

  r.delete(
    '/users/:id',
    { schema: { tags, description: 'Deactivates the user.', params: IdParams, response: { 200: UserDetail, ...errors } } },
    async (req) => presentDetail(await users.deactivate(actor(req), req.params.id)),
  )
}
