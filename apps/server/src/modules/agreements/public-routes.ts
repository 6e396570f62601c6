import { DeclineAgreement, DownloadQuery, ErrorBody, PublicSigning, SignAgreement, SigningParams } from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { RateLimitGuards } from '../../http/rate-limits.ts'
import { sendFile } from '../files/module.ts'
import type { AgreementsModule } from './module.ts'
import { originOf } from './routes.ts'

const errors = { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody }
const tags = ['signing']
// Drawn signatures travel as PNG data URLs, several per request.
const SIGNING_BODY_LIMIT = 8 * 1024 * 1024

/** A recipient's side, by the token of their link: /api/public/signing/:token. */
export function publicSigningRoutes(app: FastifyInstance, { signing, files, limits }: AgreementsModule & { limits: RateLimitGuards }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const base = '/public/signing/:token'

  r.get(
    base,
    { preHandler: limits.publicReads, schema: { tags, params: SigningParams, response: { 200: PublicSigning, ...errors } } },
    async (req) => signing.view(req.params.token, originOf(req)),
  )
  r.post(
    base,
    {
      bodyLimit: SIGNING_BODY_LIMIT,
      preHandler: limits.publicWrites,
      schema: { tags, params: SigningParams, body: SignAgreement, response: { 200: PublicSigning, ...errors } },
    },
    async (req) => signing.sign(req.params.token, req.body, originOf(req)),
  )
  r.post(
    `${base}/decline`,
    {
      preHandler: limits.publicWrites,
      schema: { tags, params: SigningParams, body: DeclineAgreement, response: { 200: PublicSigning, ...errors } },
    },
    async (req) => signing.decline(req.params.token, req.body.reason, originOf(req)),
  )
  r.get(
    `${base}/document`,
    {
      preHandler: limits.publicReads,
      schema: {
        tags,
        description:
          'The PDF they sign, or the sealed one once completed. `download=1` saves it (attachment) and is recorded in the audit log as downloaded; shown inline, nothing is recorded.',
        params: SigningParams,
        querystring: DownloadQuery,
      },
    },
    async (req, reply) => {
      const saved = req.query.download === '1'
      const file = await signing.document(req.params.token, originOf(req), saved)
      return sendFile(reply, files, file, saved ? 'attachment' : 'inline')
    },
  )
}
