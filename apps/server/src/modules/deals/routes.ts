import {
  Board,
  CreateDeal,
  CreatePipelineStage,
  Deal,
  DealActivityList,
  DealImportRequest,
  DealList,
  DealListQuery,
  DealSummary,
  DeletePipelineStageQuery,
  ErrorBody,
  IdParams,
  ImportReport,
  MoveDeal,
  Ok,
  PipelineStage,
  PipelineStageList,
  ReorderPipelineStages,
  UpdateDeal,
  UpdatePipelineStage,
} from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { actor } from '../../http/auth.ts'
import { sendJsonText } from '../../http/json-text.ts'
import type { DealsModule } from './module.ts'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody }

/** The pipeline: its stages, the deals (list, detail, board, moves) and each deal's timeline. */
export function dealRoutes(app: FastifyInstance, { stages, deals, list, board, activities, importDeals }: DealsModule) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  {
    const tags = ['pipeline stages']
    r.get('/pipeline-stages', { schema: { tags, response: { 200: PipelineStageList, ...errors } } }, async (req) => ({
      stages: await stages.list(actor(req)),
    }))
    r.post(
      '/pipeline-stages',
      { schema: { tags, body: CreatePipelineStage, response: { 201: PipelineStage, ...errors } } },
      async (req, reply) => reply.code(201).send(await stages.create(actor(req), req.body)),
    )
    r.put(
      '/pipeline-stages/order',
      { schema: { tags, body: ReorderPipelineStages, response: { 200: PipelineStageList, ...errors } } },
      async (req) => ({ stages: await stages.reorder(actor(req), req.body.ids) }),
    )
    r.patch(
      '/pipeline-stages/:id',
      { schema: { tags, params: IdParams, body: UpdatePipelineStage, response: { 200: PipelineStage, ...errors } } },
      async (req) => stages.update(actor(req), req.params.id, req.body),
    )
    r.delete(
      '/pipeline-stages/:id',
      { schema: { tags, params: IdParams, querystring: DeletePipelineStageQuery, response: { 200: Ok, ...errors } } },
      async (req) => {
        await stages.remove(actor(req), req.params.id, req.query.moveTo)
        return { ok: true as const }
      },
    )
  }

  {
    const tags = ['deals']
    r.get('/deals', { schema: { tags, querystring: DealListQuery, response: { 200: DealList, ...errors } } }, async (req) =>
      list.list(actor(req), req.query),
    )
    r.post('/deals', { schema: { tags, body: CreateDeal, response: { 201: Deal, ...errors } } }, async (req, reply) =>
      reply.code(201).send(await deals.create(actor(req), req.body)),
    )
    // A CSV file as JSON text: JSON's escaping can make 5 MB of CSV a little longer.
    r.post(
      '/deals/import',
      { bodyLimit: 6 * 1024 * 1024, schema: { tags, body: DealImportRequest, response: { 200: ImportReport, ...errors } } },
      async (req) => importDeals(actor(req), req.body),
    )
    // The board comes as JSON text (see readBoard): sent as it is, not through the Board schema's serializer.
    r.get('/deals/board', { schema: { tags, response: { 200: Board, ...errors } } }, async (req, reply) =>
      sendJsonText(reply, await board.board(actor(req))),
    )
    r.get('/deals/:id', { schema: { tags, params: IdParams, response: { 200: Deal, ...errors } } }, async (req) =>
      deals.get(actor(req), req.params.id),
    )
    r.patch('/deals/:id', { schema: { tags, params: IdParams, body: UpdateDeal, response: { 200: Deal, ...errors } } }, async (req) =>
      deals.update(actor(req), req.params.id, req.body),
    )
    r.delete('/deals/:id', { schema: { tags, params: IdParams, response: { 200: Ok, ...errors } } }, async (req) => {
      await deals.remove(actor(req), req.params.id)
      return { ok: true as const }
    })
    r.post(
      '/deals/:id/move',
      { schema: { tags, params: IdParams, body: MoveDeal, response: { 200: DealSummary, ...errors } } },
      async (req) => board.move(actor(req), req.params.id, req.body),
    )
    r.get('/deals/:id/activities', { schema: { tags, params: IdParams, response: { 200: DealActivityList, ...errors } } }, async (req) => ({
      activities: await activities.list(actor(req), req.params.id),
    }))
  }
}
