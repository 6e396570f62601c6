import {
  BookingInsights,
  CreateQuota,
  CurrencySettings,
  ErrorBody,
  HomeInsights,
  HomeInsightsQuery,
  IdParams,
  InsightRecordList,
  InsightsQuery,
  InsightsRecordsQuery,
  Ok,
  PipelineInsights,
  ProductInsights,
  Quota,
  QuotaList,
  QuotaListQuery,
  RevenueInsights,
  SaveCurrencySettings,
  UpdateQuota,
} from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { actor } from '../../http/auth.ts'
import type { InsightsModule } from './module.ts'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody }

/** The dashboards, the records behind each figure, and the quotas and currency settings they measure against. */
export function insightsRoutes(app: FastifyInstance, { dashboards, records, quotas, currency }: InsightsModule) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  {
    const tags = ['insights']
    r.get('/insights/home', { schema: { tags, querystring: HomeInsightsQuery, response: { 200: HomeInsights, ...errors } } }, async (req) =>
      dashboards.home(actor(req), req.query),
    )
    r.get(
      '/insights/pipeline',
      { schema: { tags, querystring: InsightsQuery, response: { 200: PipelineInsights, ...errors } } },
      async (req) => dashboards.pipeline(actor(req), req.query),
    )
    r.get(
      '/insights/bookings',
      { schema: { tags, querystring: InsightsQuery, response: { 200: BookingInsights, ...errors } } },
      async (req) => dashboards.bookings(actor(req), req.query),
    )
    r.get(
      '/insights/products',
      { schema: { tags, querystring: InsightsQuery, response: { 200: ProductInsights, ...errors } } },
      async (req) => dashboards.products(actor(req), req.query),
    )
    r.get(
      '/insights/revenue',
      { schema: { tags, querystring: InsightsQuery, response: { 200: RevenueInsights, ...errors } } },
      async (req) => dashboards.revenue(actor(req), req.query),
    )
    r.get(
      '/insights/records',
      { schema: { tags, querystring: InsightsRecordsQuery, response: { 200: InsightRecordList, ...errors } } },
      async (req) => records.list(actor(req), req.query),
    )
  }

  {
    const tags = ['quotas']
    r.get('/insights/quotas', { schema: { tags, querystring: QuotaListQuery, response: { 200: QuotaList, ...errors } } }, async (req) => ({
      quotas: await quotas.list(actor(req), req.query),
    }))
    r.post('/insights/quotas', { schema: { tags, body: CreateQuota, response: { 201: Quota, ...errors } } }, async (req, reply) =>
      reply.code(201).send(await quotas.create(actor(req), req.body)),
    )
    r.patch(
      '/insights/quotas/:id',
      { schema: { tags, params: IdParams, body: UpdateQuota, response: { 200: Quota, ...errors } } },
      async (req) => quotas.update(actor(req), req.params.id, req.body),
    )
    r.delete('/insights/quotas/:id', { schema: { tags, params: IdParams, response: { 200: Ok, ...errors } } }, async (req) => {
      await quotas.remove(actor(req), req.params.id)
      return { ok: true as const }
    })
  }

  {
    const tags = ['reporting currency']
    r.get('/insights/currency', { schema: { tags, response: { 200: CurrencySettings, ...errors } } }, async (req) =>
      currency.get(actor(req)),
    )
    r.put(
      '/insights/currency',
      { schema: { tags, body: SaveCurrencySettings, response: { 200: CurrencySettings, ...errors } } },
      async (req) => currency.save(actor(req), req.body),
    )
  }
}
