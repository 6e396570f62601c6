import type { FastifySchema, RouteOptions } from 'fastify'
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import { API_KEY_PREFIX, SESSION_COOKIE } from '../modules/auth/module.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answers without a session or key (sign-in, health, a token in the path). Routes under /api/public/ are so already. */
    public?: boolean
  }
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0]
type Security = { [scheme: string]: readonly string[] }[]

/** How a caller proves who they are, as the OpenAPI document names it: the app's cookie, or an API key. */
export const securitySchemes = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The session cookie the web app receives when a member signs in (POST /api/auth/login).',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    description: `An API key created in Settings › API keys, sent as \`Authorization: Bearer ${API_KEY_PREFIX}…\`. A read-only key may only make GET and HEAD requests; a key acts with its member's permissions.`,
  },
} as const

const VERBS: Record<string, string> = { GET: 'get', POST: 'create', PUT: 'replace', PATCH: 'update', DELETE: 'delete', HEAD: 'head' }

const words = (segment: string) => segment.split(/[-_.]/).filter(Boolean)
const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)
const singular = (word: string) => (/ies$/.test(word) ? word.replace(/ies$/, 'y') : /(ss|us)$/.test(word) ? word : word.replace(/s$/, ''))
const isParam = (segment: string) => segment.startsWith('{') || segment.startsWith(':')
const paramName = (segment: string) => segment.replace(/^[{:]|}$/g, '')

/** A stable, unique id from the method and path: GET /api/deals/{id}/activities → getDealsByIdActivities. */
export function operationIdOf(method: string, url: string): string {
  const parts = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (isParam(segment) ? ['by', ...words(paramName(segment))] : words(segment)))
  return method.toLowerCase() + parts.map(capitalize).join('')
}

/**
 * A short summary from the method and path, for the routes that declare none: GET /deals → "List deals",
 * GET /organization → "Get organization", GET /deals/{id} → "Get deal", POST /bookings/{id}/confirm →
 * "Confirm booking", POST /meetings/{id}/recordings → "Create meeting recording", DELETE /teams/{id} → "Delete team".
 */
export function summaryOf(method: string, url: string): string {
  const segments = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
  // Each name, singular when an id follows it: /deals/{id}/messages → deal messages.
  const names = segments.flatMap((segment, i) => {
    if (isParam(segment)) return []
    const parts = words(segment)
    const next = segments[i + 1]
    if (next !== undefined && isParam(next)) parts.push(singular(parts.pop() ?? ''))
    return parts
  })
  const last = segments.at(-1) ?? ''
  const lastWord = names.at(-1) ?? ''
  const sentence = (verb: string, nouns: string[]) => `${verb} ${nouns.join(' ')}`.trim()
  if (method === 'GET') return sentence(isParam(last) || !lastWord.endsWith('s') ? 'Get' : 'List', names)
  if (method !== 'POST') return sentence(capitalize(VERBS[method] ?? method.toLowerCase()), names)
  // POST /bookings/{id}/confirm: a one-word action on what comes before it; POST to a collection creates one.
  if (!isParam(last) && segments.length > 1 && words(last).length === 1 && !lastWord.endsWith('s')) {
    return sentence(capitalize(lastWord), names.slice(0, -1))
  }
  return sentence('Create', [...names.slice(0, -1), singular(lastWord)])
}

/**
 * Fills in what a third party's generated client needs of each operation, from the route itself: an
 * operationId and a summary (a route's own `summary` wins), and its security: none for public routes, the
 * session alone for session-only ones (http/auth.ts), otherwise the session or an API key.
 */
export function describeOperation(input: TransformInput) {
  const { schema, url } = jsonSchemaTransform(input) as { schema: FastifySchema; url: string }
  const route = input.route as RouteOptions
  const method = [route.method].flat()[0] ?? 'GET'
  const config = (route.config ?? {}) as { public?: boolean; sessionOnly?: boolean }
  const security: Security =
    url.startsWith('/api/public/') || config.public ? [] : config.sessionOnly ? [{ session: [] }] : [{ session: [] }, { apiKey: [] }]
  return {
    url,
    schema: {
      ...schema,
      operationId: schema.operationId ?? operationIdOf(method, url),
      summary: schema.summary ?? summaryOf(method, url),
      security: schema.security ?? security,
    },
  }
}

/**
 * The whole document, after the schemas are named: OpenAPI 3.0 gives `nullable` a meaning only beside a `type`,
 * so a nullable union (`anyOf` without a type, as zod writes `string | number | null`) becomes a union of
 * nullable branches, which says the same to a generated client and to a validator.
 */
export function describeDocument(input: Parameters<typeof jsonSchemaTransformObject>[0]) {
  const document = jsonSchemaTransformObject(input)
  nullableUnions(document)
  return document
}

function nullableUnions(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) nullableUnions(item)
    return
  }
  if (typeof node !== 'object' || node === null) return
  const schema = node as Record<string, unknown>
  const union = schema.anyOf ?? schema.oneOf
  if (schema.nullable === true && schema.type === undefined && Array.isArray(union)) {
    delete schema.nullable
    for (const branch of union)
      if (typeof branch === 'object' && branch !== null && !('$ref' in branch)) Object.assign(branch, { nullable: true })
  }
  for (const value of Object.values(schema)) nullableUnions(value)
}
