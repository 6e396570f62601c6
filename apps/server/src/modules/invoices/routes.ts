import {
  CreateInvoice,
  ErrorBody,
  IdParams,
  Invoice,
  InvoiceFromDealQuery,
  InvoiceList,
  InvoiceListQuery,
  InvoicePdfQuery,
  InvoicePrefill,
  InvoicePublicParams,
  InvoiceSettings,
  Ok,
  UpdateInvoice,
} from '@closeroom/shared'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { actor } from '../../http/auth.ts'
import type { RateLimitGuards } from '../../http/rate-limits.ts'
import type { InvoicesModule } from './module.ts'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody }
const tags = ['invoices']

/** A generated PDF: shown inline, or saved with ?download=1. Invoice numbers are plain ASCII (the prefix's rule). */
function sendPdf(reply: FastifyReply, { name, bytes }: { name: string; bytes: Uint8Array }, download: boolean) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${name.replace(/[^\w.-]/g, '_')}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-cache')
    .send(Buffer.from(bytes))
}

/** The organization's invoices: /api/invoices. */
export function invoiceRoutes(app: FastifyInstance, { drafts, lifecycle, pdf, settings }: InvoicesModule) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get('/invoices', { schema: { tags, querystring: InvoiceListQuery, response: { 200: InvoiceList, ...errors } } }, async (req) =>
    drafts.list(actor(req), req.query),
  )
  r.post('/invoices', { schema: { tags, body: CreateInvoice, response: { 201: Invoice, ...errors } } }, async (req, reply) =>
    reply.code(201).send(await drafts.create(actor(req), req.body)),
  )
  r.get(
    '/invoices/from-deal',
    {
      schema: {
        tags,
        description:
          'What a won deal puts on a new invoice (its lines, prices, currency and buyer), to start the form from; nothing is saved.',
        querystring: InvoiceFromDealQuery,
        response: { 200: InvoicePrefill, ...errors },
      },
    },
    async (req) => drafts.fromDeal(actor(req), req.query.dealId),
  )
  r.get('/invoices/settings', { schema: { tags, response: { 200: InvoiceSettings, ...errors } } }, async (req) => settings.get(actor(req)))
  r.put('/invoices/settings', { schema: { tags, body: InvoiceSettings, response: { 200: InvoiceSettings, ...errors } } }, async (req) =>
    settings.update(actor(req), req.body),
  )
  r.get('/invoices/:id', { schema: { tags, params: IdParams, response: { 200: Invoice, ...errors } } }, async (req) =>
    drafts.get(actor(req), req.params.id),
  )
  r.put(
    '/invoices/:id',
    {
      schema: {
        tags,
        description: "A draft's whole content; a sent invoice answers 409.",
        params: IdParams,
        body: UpdateInvoice,
        response: { 200: Invoice, ...errors },
      },
    },
    async (req) => drafts.update(actor(req), req.params.id, req.body),
  )
  r.delete('/invoices/:id', { schema: { tags, params: IdParams, response: { 200: Ok, ...errors } } }, async (req) => {
    await drafts.remove(actor(req), req.params.id)
    return { ok: true as const }
  })
  r.post(
    '/invoices/:id/send',
    {
      schema: {
        tags,
        description: "Gives the draft the organization's next number and emails it, its PDF attached, to the buyer.",
        params: IdParams,
        response: { 200: Invoice, ...errors },
      },
    },
    async (req) => lifecycle.send(actor(req), req.params.id),
  )
  r.post('/invoices/:id/paid', { schema: { tags, params: IdParams, response: { 200: Invoice, ...errors } } }, async (req) =>
    lifecycle.markPaid(actor(req), req.params.id),
  )
  r.post('/invoices/:id/void', { schema: { tags, params: IdParams, response: { 200: Invoice, ...errors } } }, async (req) =>
    lifecycle.void(actor(req), req.params.id),
  )
  r.get('/invoices/:id/pdf', { schema: { tags, params: IdParams, querystring: InvoicePdfQuery } }, async (req, reply) =>
    sendPdf(reply, await pdf(actor(req), req.params.id), req.query.download === '1'),
  )
}

/** The buyer's PDF by the unguessable token of a sent or paid invoice: /api/public/invoices/:token/pdf. */
export function publicInvoiceRoutes(app: FastifyInstance, { publicPdf, limits }: InvoicesModule & { limits: RateLimitGuards }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/public/invoices/:token/pdf',
      { preHandler: limits.publicReads, schema: { tags, params: InvoicePublicParams, querystring: InvoicePdfQuery } },
      async (req, reply) => sendPdf(reply, await publicPdf(req.params.token), req.query.download === '1'),
    )
}
