import {
  ActionStep,
  DocumentPageReport,
  ErrorBody,
  Ok,
  PostRoomMessage,
  PublicDocumentQuery,
  PublicRoomDocumentParams,
  PublicRoomRecordingParams,
  PublicSalesroom,
  RequestRoomCode,
  RoomEvent,
  RoomMessage,
  RoomMessageList,
  RoomStepParams,
  RoomVisit,
  SalesroomParams,
  ThreadPageQuery,
  ToggleStep,
  VerifyRoomCode,
} from '@closeroom/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { RateLimitGuards } from '../../http/rate-limits.ts'
import { sendFile } from '../files/module.ts'
import type { RecordingsModule } from '../recordings/module.ts'
import { sendPlayable } from '../recordings/module.ts'
import { roomCookie } from './access.ts'
import type { SalesroomModule } from './module.ts'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody }
const tags = ['public sales rooms']

/** The buyer's side of /d/:id: everything goes through the room's public id and, for private rooms, its pass cookie. */
export function publicSalesroomRoutes(
  app: FastifyInstance,
  {
    visitors,
    chat,
    documents,
    reading,
    files,
    recordings,
    limits,
  }: SalesroomModule & {
    recordings: Pick<RecordingsModule, 'shared'>
    limits: RateLimitGuards
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const reads = { preHandler: limits.publicReads }
  const writes = { preHandler: limits.publicWrites }
  const base = '/public/salesrooms/:id'
  const visitorOf = (req: FastifyRequest<{ Params: { id: string } }>) =>
    visitors.visitor(req.params.id, req.cookies[roomCookie(req.params.id)])

  r.get(base, { ...reads, schema: { tags, params: SalesroomParams, response: { 200: PublicSalesroom, ...errors } } }, async (req) =>
    visitors.read(await visitorOf(req)),
  )

  r.post(
    `${base}/access`,
    {
      ...writes,
      schema: {
        tags,
        description: 'Emails a one-time code to an invited address (answers the same for any address).',
        params: SalesroomParams,
        body: RequestRoomCode,
        response: { 202: Ok, ...errors },
      },
    },
    async (req, reply) => {
      await visitors.requestCode(req.params.id, req.body.email)
      return reply.code(202).send({ ok: true as const })
    },
  )

  r.post(
    `${base}/verify`,
    { ...writes, schema: { tags, params: SalesroomParams, body: VerifyRoomCode, response: { 200: PublicSalesroom, ...errors } } },
    async (req, reply) => {
      const pass = await visitors.verifyCode(req.params.id, req.body.email, req.body.code)
      reply.setCookie(roomCookie(req.params.id), pass.token, {
        httpOnly: true,
        sameSite: 'lax',
        secure: req.protocol === 'https',
        path: '/',
        expires: pass.expiresAt,
      })
      return visitors.read(await visitors.visitor(req.params.id, pass.token))
    },
  )

  r.post(
    `${base}/events`,
    { ...reads, schema: { tags, params: SalesroomParams, body: RoomEvent, response: { 200: RoomVisit, ...errors } } },
    async (req) => visitors.event(await visitorOf(req), req.body),
  )

  r.get(
    `${base}/documents/:documentId`,
    {
      ...reads,
      schema: {
        tags,
        description: 'The document itself, shown in the browser (recorded as opened) or, with `?download=1`, saved (downloaded).',
        params: PublicRoomDocumentParams,
        querystring: PublicDocumentQuery,
        response: errors,
      },
    },
    async (req, reply) => {
      const how = req.query.download === '1' ? 'downloaded' : 'opened'
      const file = await documents.open(await visitorOf(req), req.params.documentId, how, req.query.visit)
      return sendFile(reply, files, file, how === 'downloaded' ? 'attachment' : 'inline')
    },
  )

  r.post(
    `${base}/documents/:documentId/pages`,
    {
      ...reads,
      schema: {
        tags,
        description:
          "The viewer's time on each page since its last report, for a visit of this room (sent with keepalive as the tab hides or closes).",
        params: PublicRoomDocumentParams,
        body: DocumentPageReport,
        response: { 200: Ok, ...errors },
      },
    },
    async (req) => {
      await reading.report(await visitorOf(req), req.params.documentId, req.body)
      return { ok: true as const }
    },
  )

  r.get(
    `${base}/recordings/:recordingId/file`,
    {
      ...reads,
      schema: {
        tags,
        description: 'A call recording the seller shared in the room (WebM, byte ranges for seeking).',
        params: PublicRoomRecordingParams,
        response: { ...errors, 416: ErrorBody },
      },
    },
    async (req, reply) => {
      const { room } = await visitorOf(req)
      return sendPlayable(req, reply, await recordings.shared(room.dealId, req.params.recordingId))
    },
  )

  r.patch(
    `${base}/steps/:stepId`,
    { ...writes, schema: { tags, params: RoomStepParams, body: ToggleStep, response: { 200: ActionStep, ...errors } } },
    async (req) => visitors.toggleStep(await visitorOf(req), req.params.stepId, req.body.done),
  )

  r.get(
    `${base}/messages`,
    { ...reads, schema: { tags, params: SalesroomParams, querystring: ThreadPageQuery, response: { 200: RoomMessageList, ...errors } } },
    async (req) => chat.list((await visitorOf(req)).room.dealId, req.query),
  )
  r.post(
    `${base}/messages`,
    { ...writes, schema: { tags, params: SalesroomParams, body: PostRoomMessage, response: { 201: RoomMessage, ...errors } } },
    async (req, reply) => reply.code(201).send(await visitors.postMessage(await visitorOf(req), req.body.body, req.body.name)),
  )
}
