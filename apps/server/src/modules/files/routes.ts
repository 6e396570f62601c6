import {
  CreateLibraryFolder,
  DeleteLibraryFolderQuery,
  DownloadQuery,
  ErrorBody,
  FileParams,
  IdParams,
  LibraryFile,
  LibraryFileParams,
  LibraryFolder,
  LibraryFolderContents,
  LibraryFolderParams,
  LibraryListing,
  LibraryQuery,
  Ok,
  ProductFile,
  ProductFileList,
  ProductFileParams,
  PublicProductFileParams,
  ReorderProductImages,
  ShareLibraryProductFile,
  UpdateLibraryFile,
  UpdateLibraryFolder,
  UploadLibraryFile,
  UploadProductFile,
} from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { actor } from '../../http/auth.ts'
import type { RateLimitGuards } from '../../http/rate-limits.ts'
import type { FilesModule } from './module.ts'
import { sendFile } from './send.ts'
import { incoming, uploadRoutes } from './upload.ts'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody }
const tags = ['files']
const served = 'The file itself, with its sniffed type; `?download=1` saves it instead of showing it.'

/** Files of the organization, and a product's media (GET /api/products/:id/files …). */
export function fileRoutes(app: FastifyInstance, { store, products, library }: FilesModule) {
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

  const lib = ['library']
  r.get(
    '/library',
    {
      schema: {
        tags: lib,
        description: "A folder's folders and files (the top without `folderId`); with `q`, files of every folder by name.",
        querystring: LibraryQuery,
        response: { 200: LibraryListing, ...errors },
      },
    },
    async (req) => library.listing(actor(req), req.query),
  )
  r.post(
    '/library/folders',
    { schema: { tags: lib, body: CreateLibraryFolder, response: { 201: LibraryFolder, ...errors } } },
    async (req, reply) => reply.code(201).send(await library.createFolder(actor(req), req.body)),
  )
  r.patch(
    '/library/folders/:folderId',
    {
      schema: {
        tags: lib,
        description: 'Renames and/or moves a folder with what it holds; not into itself or a folder inside it (400).',
        params: LibraryFolderParams,
        body: UpdateLibraryFolder,
        response: { 200: LibraryFolder, ...errors },
      },
    },
    async (req) => library.updateFolder(actor(req), req.params.folderId, req.body),
  )
  r.get(
    '/library/folders/:folderId/contents',
    {
      schema: {
        tags: lib,
        description: 'What deleting the folder would take: its folders and files at any depth, and the files inside in use.',
        params: LibraryFolderParams,
        response: { 200: LibraryFolderContents, ...errors },
      },
    },
    async (req) => library.folderContents(actor(req), req.params.folderId),
  )
  r.delete(
    '/library/folders/:folderId',
    {
      schema: {
        tags: lib,
        description:
          'Deletes an empty folder; `withContents=1` deletes it with all it holds in one transaction, refused as a whole (409, naming them) while a file inside is in use.',
        params: LibraryFolderParams,
        querystring: DeleteLibraryFolderQuery,
        response: { 200: Ok, ...errors },
      },
    },
    async (req) => {
      await library.removeFolder(actor(req), req.params.folderId, { withContents: req.query.withContents === '1' })
      return { ok: true as const }
    },
  )
  r.patch(
    '/library/files/:fileId',
    {
      schema: {
        tags: lib,
        description: 'Renames and/or moves a file.',
        params: LibraryFileParams,
        body: UpdateLibraryFile,
        response: { 200: LibraryFile, ...errors },
      },
    },
    async (req) => library.update(actor(req), req.params.fileId, req.body),
  )
  r.delete(
    '/library/files/:fileId',
    {
      schema: {
        tags: lib,
        description: 'Refused (409, naming them) while a sales room, product or agreement shows the file.',
        params: LibraryFileParams,
        response: { 200: Ok, ...errors },
      },
    },
    async (req) => {
      await library.remove(actor(req), req.params.fileId)
      return { ok: true as const }
    },
  )
  r.post(
    '/products/:id/files/library',
    {
      schema: {
        tags,
        description: 'Shows a library file with the product (by reference).',
        params: IdParams,
        body: ShareLibraryProductFile,
        response: { 201: ProductFile, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await products.addFromLibrary(actor(req), req.params.id, req.body)),
  )
  uploadRoutes(app, (scoped) => {
    const u = scoped.withTypeProvider<ZodTypeProvider>()
    u.post(
      '/library/files',
      {
        schema: {
          tags: lib,
          description: 'multipart/form-data: `file`, and `folderId` (the top without it). Its bytes say what it is.',
          consumes: ['multipart/form-data'],
          response: { 201: LibraryFile, ...errors },
        },
      },
      async (req, reply) => reply.code(201).send(await library.upload(actor(req), incoming(req, store, 'library', UploadLibraryFile))),
    )
    u.put(
      '/library/files/:fileId/content',
      {
        schema: {
          tags: lib,
          description: 'multipart/form-data: `file`, a new version of the same type; every room and product showing the file shows it.',
          consumes: ['multipart/form-data'],
          params: LibraryFileParams,
          response: { 200: LibraryFile, ...errors },
        },
      },
      async (req) => library.replace(actor(req), req.params.fileId, incoming(req, store, 'library', z.object({}))),
    )
  })

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
