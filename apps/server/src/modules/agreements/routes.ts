import {
  Agreement,
  AgreementList,
  AgreementListQuery,
  AuditLog,
  CreateAgreement,
  DownloadQuery,
  ErrorBody,
  IdParams,
  Ok,
  SaveAsTemplate,
  UpdateAgreement,
  UploadAgreement,
  VoidAgreement,
} from '@closeroom/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { actor } from '../../http/auth.ts'
import { Invalid } from '../../http/errors.ts'
import { incoming, sendFile, uploadRoutes } from '../files/module.ts'
import type { Origin } from './audit.ts'
import type { AgreementsModule } from './module.ts'

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody }
const tags = ['agreements']

/** Where the request came from, for the audit log. */
export const originOf = (req: FastifyRequest): Origin => ({ ip: req.ip, userAgent: req.headers['user-agent'] ?? null })

/** The zod check, except that a body no JSON parser produced (a multipart upload, read by the handler) passes. */
const jsonOrMultipart: typeof validatorCompiler = (route) => {
  const validate = validatorCompiler(route)
  return route.httpPart === 'body' ? (data: unknown) => (data == null ? { value: undefined } : validate(data)) : validate
}

/** The organization's agreements: /api/agreements. */
export function agreementRoutes(app: FastifyInstance, { drafts, lifecycle, files, audit }: AgreementsModule) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get('/agreements', { schema: { tags, querystring: AgreementListQuery, response: { 200: AgreementList, ...errors } } }, async (req) =>
    drafts.list(actor(req), req.query),
  )
  // One address takes both bodies: JSON (checked by the schema) and multipart (checked as it streams).
  uploadRoutes(app, (scoped) => {
    scoped.setValidatorCompiler(jsonOrMultipart)
    scoped.withTypeProvider<ZodTypeProvider>().post(
      '/agreements',
      {
        schema: {
          tags,
          description:
            "JSON `{ title, dealId, from: 'order-form' | templateId }`, or multipart/form-data with `file` (a PDF), `title` and an optional `dealId`.",
          body: CreateAgreement,
          response: { 201: Agreement, ...errors, 413: ErrorBody },
        },
      },
      async (req, reply) => {
        const auth = actor(req)
        if (req.isMultipart())
          return reply.code(201).send(await drafts.upload(auth, incoming(req, files, 'agreement', UploadAgreement), originOf(req)))
        const body: CreateAgreement | undefined = req.body ?? undefined
        if (body === undefined) throw Invalid('body: Send a PDF as multipart/form-data, or JSON { title, dealId, from }')
        return reply.code(201).send(await drafts.create(auth, body, originOf(req)))
      },
    )
  })
  r.get('/agreements/:id', { schema: { tags, params: IdParams, response: { 200: Agreement, ...errors } } }, async (req) =>
    drafts.get(actor(req), req.params.id),
  )
  r.patch(
    '/agreements/:id',
    { schema: { tags, params: IdParams, body: UpdateAgreement, response: { 200: Agreement, ...errors } } },
    async (req) => drafts.update(actor(req), req.params.id, req.body),
  )
  r.delete('/agreements/:id', { schema: { tags, params: IdParams, response: { 200: Ok, ...errors } } }, async (req) => {
    await drafts.remove(actor(req), req.params.id)
    return { ok: true as const }
  })
  r.post(
    '/agreements/:id/template',
    { schema: { tags, params: IdParams, body: SaveAsTemplate, response: { 201: Agreement, ...errors } } },
    async (req, reply) => reply.code(201).send(await drafts.saveAsTemplate(actor(req), req.params.id, req.body, originOf(req))),
  )
  r.post('/agreements/:id/send', { schema: { tags, params: IdParams, response: { 200: Agreement, ...errors } } }, async (req) =>
    lifecycle.send(actor(req), req.params.id, originOf(req)),
  )
  r.post(
    '/agreements/:id/void',
    {
      schema: {
        tags,
        description: 'The body may be left out (a bare POST, no content type): the agreement is voided without a reason.',
        params: IdParams,
        body: VoidAgreement.nullish(),
        response: { 200: Agreement, ...errors },
      },
    },
    async (req) => lifecycle.void(actor(req), req.params.id, req.body?.reason ?? '', originOf(req)),
  )
  r.get('/agreements/:id/audit', { schema: { tags, params: IdParams, response: { 200: AuditLog, ...errors } } }, async (req) => ({
    entries: await audit(actor(req), req.params.id),
  }))
  r.get(
    '/agreements/:id/document',
    {
      schema: {
        tags,
        description:
          'The PDF: the sealed one once the agreement is completed and sealed, the original before. `download=1` saves it (Content-Disposition: attachment) and is recorded in the audit log as downloaded; without it the PDF is shown inline and nothing is recorded.',
        params: IdParams,
        querystring: DownloadQuery,
      },
    },
    async (req, reply) => {
      const saved = req.query.download === '1'
      const file = await drafts.document(actor(req), req.params.id, originOf(req), saved)
      return sendFile(reply, files, file, saved ? 'attachment' : 'inline')
    },
  )
}
