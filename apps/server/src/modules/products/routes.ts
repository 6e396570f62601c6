import {
  CreateProduct,
  ErrorBody,
  IdParams,
  Ok,
  Product,
  ProductList,
  ProductRoom,
  ProductRoomSettings,
  UpdateProduct,
} from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { actor } from '../../http/auth.ts'
import type { ProductRoomService } from './room.ts'
import type { ProductService } from './service.ts'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody }

/** The product catalogue that deals' lines are made of, and each product's public room. */
export function productRoutes(app: FastifyInstance, { products, rooms }: { products: ProductService; rooms: ProductRoomService }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['products']
  r.get('/products', { schema: { tags, response: { 200: ProductList, ...errors } } }, async (req) => ({
    products: await products.list(actor(req)),
  }))
  r.post('/products', { schema: { tags, body: CreateProduct, response: { 201: Product, ...errors } } }, async (req, reply) =>
    reply.code(201).send(await products.create(actor(req), req.body)),
  )
  r.get('/products/:id', { schema: { tags, params: IdParams, response: { 200: Product, ...errors } } }, async (req) =>
    products.get(actor(req), req.params.id),
  )
  r.patch(
    '/products/:id',
    { schema: { tags, params: IdParams, body: UpdateProduct, response: { 200: Product, ...errors } } },
    async (req) => products.update(actor(req), req.params.id, req.body),
  )
  r.delete('/products/:id', { schema: { tags, params: IdParams, response: { 200: Ok, ...errors } } }, async (req) => {
    await products.remove(actor(req), req.params.id)
    return { ok: true as const }
  })

  r.get('/products/:id/room', { schema: { tags, params: IdParams, response: { 200: ProductRoom, ...errors } } }, async (req) =>
    rooms.get(actor(req), req.params.id),
  )
  r.put(
    '/products/:id/room',
    { schema: { tags, params: IdParams, body: ProductRoomSettings, response: { 200: ProductRoom, ...errors } } },
    async (req) => rooms.save(actor(req), req.params.id, req.body),
  )
  r.post(
    '/products/:id/room/rotate',
    {
      schema: {
        tags,
        description: 'A new address for the room: the old link stops working.',
        params: IdParams,
        response: { 200: ProductRoom, ...errors },
      },
    },
    async (req) => rooms.rotate(actor(req), req.params.id),
  )
}
