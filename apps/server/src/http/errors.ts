import type { ErrorBody, ErrorCode } from '@closeroom/shared'
import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'

/** The code an answer of this status carries when nothing more precise is said. */
export function codeOfStatus(status: number): ErrorCode {
  const codes: Record<number, ErrorCode> = {
    400: 'invalid',
    401: 'unauthorized',
    403: 'forbidden',
    404: 'not_found',
    409: 'conflict',
    413: 'too_large',
    415: 'unsupported_type',
    416: 'out_of_range',
    429: 'rate_limited',
    503: 'unavailable',
  }
  return codes[status] ?? (status >= 500 ? 'server_error' : 'invalid')
}

/**
 * The body of every error answer. A message that starts with an input's path ("start: This time is not
 * offered", the API's way of saying which input is wrong) also names it in `field`, so no client has to take the
 * sentence apart. A path may hold an id (values.<uuid>: a signer's field), hence the hyphen.
 */
export function errorBody(status: number, message: string, code: ErrorCode = codeOfStatus(status)): ErrorBody {
  const field = /^([\w.-]+): /.exec(message)?.[1]
  return field ? { message, code, field } : { message, code }
}

type ErrorOptions = { code?: ErrorCode }

/** An error a user can read. Services throw these; the error handler turns them into `4xx { message, code, field? }`. */
export class HttpError extends Error {
  readonly statusCode: number
  readonly code: ErrorCode
  constructor(statusCode: number, message: string, { code = codeOfStatus(statusCode) }: ErrorOptions = {}) {
    super(message)
    this.statusCode = statusCode
    this.code = code
  }
}

export const Invalid = (message: string, options?: ErrorOptions) => new HttpError(400, message, options)
export const Unauthorized = (message = 'You are not signed in', options?: ErrorOptions) => new HttpError(401, message, options)
export const Forbidden = (message = 'You are not allowed to do this', options?: ErrorOptions) => new HttpError(403, message, options)
export const NotFound = (message = 'Not found', options?: ErrorOptions) => new HttpError(404, message, options)
export const Conflict = (message: string, options?: ErrorOptions) => new HttpError(409, message, options)

type PgError = { code?: string; constraint?: string }

/** Drizzle wraps driver errors; the PostgreSQL error code is on the cause. */
export function pgErrorOf(error: unknown): PgError | undefined {
  let current = error as { cause?: unknown } & PgError
  for (let depth = 0; current && depth < 3; depth++) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current
    current = current.cause as typeof current
  }
  return undefined
}

/** A unique index refused the row (23505), optionally a named one. */
export const isUniqueViolation = (error: unknown, constraint?: string) =>
  pgErrorOf(error)?.code === '23505' && (!constraint || pgErrorOf(error)?.constraint === constraint)

/** An exclusion constraint refused the row (23P01): two bookings of one host would overlap. */
export const isExclusionViolation = (error: unknown) => pgErrorOf(error)?.code === '23P01'

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.statusCode).send(errorBody(error.statusCode, error.message, error.code))

    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0]
      const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.')
      const where = field || error.validationContext || 'request'
      const message = `${where}: ${issue?.message ?? 'is invalid'}`
      return reply.code(400).send(field ? { message, code: 'invalid', field } : { message, code: 'invalid' })
    }

    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema')
      return reply.code(500).send(errorBody(500, 'Something went wrong'))
    }

    // Races the services cannot see coming (two requests creating the same email) end at a constraint.
    const pg = pgErrorOf(error)
    if (pg?.code === '23505') return reply.code(409).send(errorBody(409, 'This already exists'))
    if (pg?.code === '23503') return reply.code(400).send(errorBody(400, 'A referenced record does not exist'))
    if (pg?.code === '22P02' || pg?.code === '22007' || pg?.code === '22008')
      return reply.code(400).send(errorBody(400, 'A value is malformed'))

    // Fastify's own client errors: malformed JSON, wrong content type, body too large, rate limits.
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) return reply.code(status).send(errorBody(status, error.message))

    request.log.error({ err: error }, 'unhandled error')
    return reply.code(500).send(errorBody(500, 'Something went wrong'))
  })
}
