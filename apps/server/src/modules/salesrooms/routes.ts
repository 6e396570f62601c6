import {
  ActionStep,
  CreateActionStep,
  CreateSalesroomLink,
  DocumentViewsOverview,
  Engagement,
  ErrorBody,
  Id,
  IdParams,
  Ok,
  PostMessage,
  RenameRoomDocument,
  RoomDocument,
  RoomDocumentList,
  RoomDocumentParams,
  RoomDocumentReadings,
  RoomMessage,
  RoomMessageList,
  Salesroom,
  SalesroomLink,
  SalesroomSettings,
  ShareLibraryDocument,
  ThreadPageQuery,
  UpdateActionStep,
  UpdateSalesroomLink,
  UploadRoomDocument,
} from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { actor } from '../../http/auth.ts'
import { incoming, uploadRoutes } from '../files/module.ts'
import type { SalesroomModule } from './module.ts'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody }
const tags = ['sales rooms']
const LinkParams = IdParams.extend({ linkId: Id })
const StepParams = IdParams.extend({ stepId: Id })

/** The seller's side of a deal's sales room, under the deal: /api/deals/:id/salesroom. */
export function salesroomRoutes(app: FastifyInstance, { rooms, plan, chat, documents, reading, files }: SalesroomModule) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const base = '/deals/:id/salesroom'

  r.get(base, { schema: { tags, params: IdParams, response: { 200: Salesroom, ...errors } } }, async (req) =>
    rooms.get(actor(req), req.params.id),
  )
  r.put(base, { schema: { tags, params: IdParams, body: SalesroomSettings, response: { 200: Salesroom, ...errors } } }, async (req) =>
    rooms.save(actor(req), req.params.id, req.body),
  )
  r.post(
    `${base}/rotate`,
    {
      schema: {
        tags,
        description: 'A new address for the room: the old link stops working.',
        params: IdParams,
        response: { 200: Salesroom, ...errors },
      },
    },
    async (req) => rooms.rotate(actor(req), req.params.id),
  )
  r.get(`${base}/engagement`, { schema: { tags, params: IdParams, response: { 200: Engagement, ...errors } } }, async (req) =>
    rooms.engagement(actor(req), req.params.id),
  )

  r.post(
    `${base}/links`,
    { schema: { tags, params: IdParams, body: CreateSalesroomLink, response: { 201: SalesroomLink, ...errors } } },
    async (req, reply) => reply.code(201).send(await plan.addLink(actor(req), req.params.id, req.body)),
  )
  r.patch(
    `${base}/links/:linkId`,
    { schema: { tags, params: LinkParams, body: UpdateSalesroomLink, response: { 200: SalesroomLink, ...errors } } },
    async (req) => plan.updateLink(actor(req), req.params.id, req.params.linkId, req.body),
  )
  r.delete(`${base}/links/:linkId`, { schema: { tags, params: LinkParams, response: { 200: Ok, ...errors } } }, async (req) => {
    await plan.removeLink(actor(req), req.params.id, req.params.linkId)
    return { ok: true as const }
  })

  r.post(
    `${base}/steps`,
    { schema: { tags, params: IdParams, body: CreateActionStep, response: { 201: ActionStep, ...errors } } },
    async (req, reply) => reply.code(201).send(await plan.addStep(actor(req), req.params.id, req.body)),
  )
  r.patch(
    `${base}/steps/:stepId`,
    { schema: { tags, params: StepParams, body: UpdateActionStep, response: { 200: ActionStep, ...errors } } },
    async (req) => plan.updateStep(actor(req), req.params.id, req.params.stepId, req.body),
  )
  r.delete(`${base}/steps/:stepId`, { schema: { tags, params: StepParams, response: { 200: Ok, ...errors } } }, async (req) => {
    await plan.removeStep(actor(req), req.params.id, req.params.stepId)
    return { ok: true as const }
  })

  r.get(`${base}/documents`, { schema: { tags, params: IdParams, response: { 200: RoomDocumentList, ...errors } } }, async (req) => ({
    documents: await documents.list(actor(req), req.params.id),
  }))
  uploadRoutes(app, (scoped) =>
    scoped.withTypeProvider<ZodTypeProvider>().post(
      `${base}/documents`,
      {
        schema: {
          tags,
          description: 'multipart/form-data: `file`, and `title` (the file name without its extension by default).',
          consumes: ['multipart/form-data'],
          params: IdParams,
          response: { 201: RoomDocument, ...errors, 413: ErrorBody },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await documents.add(actor(req), req.params.id, incoming(req, files, 'document', UploadRoomDocument))),
    ),
  )
  r.post(
    `${base}/documents/library`,
    {
      schema: {
        tags,
        description: 'Shows a file of the library in the room, by reference: its new versions show here too.',
        params: IdParams,
        body: ShareLibraryDocument,
        response: { 201: RoomDocument, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await documents.addFromLibrary(actor(req), req.params.id, req.body)),
  )
  r.get(
    `${base}/documents/reading`,
    {
      schema: {
        tags,
        description: "How the room's buyers read each document: openings and time per page, per visitor.",
        params: IdParams,
        response: { 200: RoomDocumentReadings, ...errors },
      },
    },
    async (req) => ({ documents: await reading.ofRoom(actor(req), req.params.id) }),
  )
  r.get(
    '/salesrooms/document-views',
    {
      schema: {
        tags,
        description: 'Document reading across every room of the organization.',
        response: { 200: DocumentViewsOverview, ...errors },
      },
    },
    async (req) => reading.overview(actor(req)),
  )
  r.patch(
    `${base}/documents/:documentId`,
    { schema: { tags, params: RoomDocumentParams, body: RenameRoomDocument, response: { 200: RoomDocument, ...errors } } },
    async (req) => documents.rename(actor(req), req.params.id, req.params.documentId, req.body.title),
  )
  r.delete(
    `${base}/documents/:documentId`,
    { schema: { tags, params: RoomDocumentParams, response: { 200: Ok, ...errors } } },
    async (req) => {
      await documents.remove(actor(req), req.params.id, req.params.documentId)
      return { ok: true as const }
    },
  )

  r.get(
    `${base}/messages`,
    { schema: { tags, params: IdParams, querystring: ThreadPageQuery, response: { 200: RoomMessageList, ...errors } } },
    async (req) => {
      await rooms.roomOf(actor(req), req.params.id)
      return chat.list(req.params.id, req.query)
    },
  )
  r.post(
    `${base}/messages`,
    { schema: { tags, params: IdParams, body: PostMessage, response: { 201: RoomMessage, ...errors } } },
    async (req, reply) => {
      const auth = actor(req)
      await rooms.roomOf(auth, req.params.id)
      return reply
        .code(201)
        .send(await chat.post(req.params.id, { side: 'seller', authorName: auth.user.name, authorId: auth.user.id, body: req.body.body }))
    },
  )
}
