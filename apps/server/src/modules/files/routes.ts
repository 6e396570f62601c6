import {
  DownloadQuery,
  ErrorBody,
  FileParams,
  IdParams,
  Ok,
  ProductFile,
  ProductFileList,
  ProductFileParams,
  PublicProductFileParams,
  ReorderProductImages,
  UploadProductFile,
} from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { actor } from '../../http/auth.ts'
import type { RateLimitGuards } from '../../http/rate-limits.ts'
import type { FilesModule } from './module.ts'
import { sendFile } from './send.ts'
import { incoming, uploadRoutes } from './upload.ts'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 413: ErrorBody }
const tags = ['files']
const served = 'The file itself, with its sniffed type; `?download=1` saves it instead of showing it.'

/** Files of the organization, and a product's media (GET /api/products/:id/files …). */
export function fileRoutes(app: FastifyInstance, { store, products }: FilesModule) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(
    '/files/:fileId',
    { schema: { tags, description: served, params: FileParams, querystring: DownloadQuery, response: errors } },
    async (req, reply) =>
      sendFile(
        reply,
        store,
        await store.ofOrganization(actor(req), req.params.fileId),
        req.query.download === '1' ? 'attachment' : 'inline',
      ),
  )

  r.get('/products/:id/files', { schema: { tags, params: IdParams, response: { 200: ProductFileList, ...errors } } }, async (req) => ({
    files: await products.list(actor(req), req.params.id),
  }))
  uploadRoutes(app, (scoped) =>
    scoped.withTypeProvider<ZodTypeProvider>().post(
      '/products/:id/files',
      {
        schema: {
          tags,
          description: 'multipart/form-data: `file`, and `kind` (image or document, image by default).',
          consumes: ['multipart/form-data'],
          params: IdParams,
          response: { 201: ProductFile, ...errors },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await products.add(actor(req), req.params.id, incoming(req, store, 'document', UploadProductFile))),
    ),
  )
  r.put(
    '/products/:id/files/order',
    { schema: { tags, params: IdParams, body: ReorderProductImages, response: { 200: ProductFileList, ...errors } } },
    async (req) => ({ files: await products.reorderImages(actor(req), req.params.id, req.body.fileIds) }),
  )
  r.delete(
    '/products/:id/files/:fileId',
    { schema: { tags, params: ProductFileParams, response: { 200: Ok, ...errors } } },
    async (req) => {
      await products.remove(actor(req), req.params.id, req.params.fileId)
      return { ok: true as const }
    },
  )
}

/** A published product room's media, for its buyers: images shown, documents saved. */
export function publicFileRoutes(app: FastifyInstance, { store, products, limits }: FilesModule & { limits: RateLimitGuards }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/public/products/:roomId/files/:fileId',
      { preHandler: limits.publicReads, schema: { tags: ['public product rooms'], params: PublicProductFileParams, response: errors } },
      async (req, reply) => {
        const { file, kind } = await products.ofPublicRoom(req.params.roomId, req.params.fileId)
        return sendFile(reply, store, file, kind === 'image' ? 'inline' : 'attachment')
      },
    )
}
