import {
  CreateRecordingComment,
  ErrorBody,
  IdParams,
  MeetingRecordingParams,
  Ok,
  RECORDING_CHUNK_MAX_BYTES,
  Recording,
  RecordingChunkParams,
  RecordingComment,
  RecordingCommentList,
  RecordingCommentParams,
  RecordingList,
  UpdateRecording,
} from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { actor } from '../../http/auth.ts'
import { HttpError } from '../../http/errors.ts'
import type { RecordingsModule } from './module.ts'
import { sendPlayable } from './range.ts'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody, 415: ErrorBody }
const tags = ['recordings']

/** Recording calls and playing them back: the browser uploads chunks as it records; the server assembles them. */
export function recordingRoutes(app: FastifyInstance, { capture, library, comments }: RecordingsModule) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/meetings/:id/recordings',
    {
      schema: {
        tags,
        description: 'Starts recording the meeting /m/{id}; one recording at a time (409).',
        params: MeetingRecordingParams,
        response: { 201: Recording, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await capture.start(actor(req), req.params.id)),
  )

  // Chunks arrive as raw bytes; the parser lives in this scope only, with the chunk's own size limit.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: RECORDING_CHUNK_MAX_BYTES },
      (_req, body, done) => done(null, body),
    )
    scope.withTypeProvider<ZodTypeProvider>().put(
      '/recordings/:id/chunks/:sequence',
      {
        schema: {
          tags,
          description: 'One MediaRecorder chunk (application/octet-stream), numbered from 0; sending a number again is harmless.',
          params: RecordingChunkParams,
          response: { 200: Ok, ...errors },
        },
      },
      async (req) => {
        if (!Buffer.isBuffer(req.body)) throw new HttpError(415, 'chunk: Send the bytes as application/octet-stream')
        await capture.receiveChunk(actor(req), req.params.id, req.params.sequence, req.body)
        return { ok: true as const }
      },
    )
  })

  r.post(
    '/recordings/:id/stop',
    {
      schema: {
        tags,
        description: 'Stops recording; the file is assembled in the background (status processing, then ready).',
        params: IdParams,
        response: { 200: Recording, ...errors },
      },
    },
    async (req) => capture.stop(actor(req), req.params.id),
  )

  r.get('/recordings', { schema: { tags, response: { 200: RecordingList, ...errors } } }, async (req) => ({
    recordings: await library.list(actor(req)),
  }))
  r.get('/recordings/:id', { schema: { tags, params: IdParams, response: { 200: Recording, ...errors } } }, async (req) =>
    library.get(actor(req), req.params.id),
  )
  r.patch(
    '/recordings/:id',
    { schema: { tags, params: IdParams, body: UpdateRecording, response: { 200: Recording, ...errors } } },
    async (req) => library.update(actor(req), req.params.id, req.body),
  )
  r.delete('/recordings/:id', { schema: { tags, params: IdParams, response: { 200: Ok, ...errors } } }, async (req) => {
    await library.remove(actor(req), req.params.id)
    return { ok: true as const }
  })
  r.get(
    '/recordings/:id/file',
    {
      schema: {
        tags,
        description: 'The WebM file; answers byte ranges (206) so players can seek.',
        params: IdParams,
        response: { ...errors, 416: ErrorBody },
      },
    },
    async (req, reply) => sendPlayable(req, reply, await library.file(actor(req), req.params.id)),
  )

  r.get(
    '/recordings/:id/comments',
    { schema: { tags, params: IdParams, response: { 200: RecordingCommentList, ...errors } } },
    async (req) => ({ comments: await comments.list(actor(req), req.params.id) }),
  )
  r.post(
    '/recordings/:id/comments',
    { schema: { tags, params: IdParams, body: CreateRecordingComment, response: { 201: RecordingComment, ...errors } } },
    async (req, reply) => reply.code(201).send(await comments.create(actor(req), req.params.id, req.body)),
  )
  r.delete(
    '/recordings/:id/comments/:commentId',
    { schema: { tags, params: RecordingCommentParams, response: { 200: Ok, ...errors } } },
    async (req) => {
      await comments.remove(actor(req), req.params.id, req.params.commentId)
      return { ok: true as const }
    },
  )
}
