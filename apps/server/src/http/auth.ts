import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import { type ApiKeys, type AuthContext, SESSION_COOKIE, type Sessions } from '../modules/auth/module.ts'
import { Forbidden, Unauthorized } from './errors.ts'

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null
  }
  interface FastifyContextConfig {
    /** Acts on the session itself (signing out, the password, API keys): an API key is refused. */
    sessionOnly?: boolean
  }
}

const READ_METHODS = new Set(['GET', 'HEAD'])

/** The key of an `Authorization: Bearer <key>` header, or undefined when the request carries none. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (!header) return undefined
  const [scheme, token] = header.trim().split(/\s+/, 2)
  return scheme?.toLowerCase() === 'bearer' ? (token ?? '') : undefined
}

/**
 * Resolves the caller once per request to an API route registered after it, from an API key in an
 * `Authorization: Bearer` header or else the session cookie; routes ask for the result with `actor(request)`.
 * A request with a key is judged by the key alone (its cookie, if any, is ignored): an unknown, expired or
 * revoked key is 401 even on a public route, a read-only key may only read, and session-only routes refuse
 * keys. Each key is rate-limited on its own (`keyLimit`). The SPA's pages and files never pay for any of it.
 */
export function registerAuth(
  app: FastifyInstance,
  {
    sessions,
    apiKeys,
    keyLimit,
  }: { sessions: Sessions; apiKeys: ApiKeys; keyLimit: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> },
) {
  app.decorateRequest('auth', null)
  const resolveCaller: onRequestAsyncHookHandler = async (request, reply) => {
    const key = bearerToken(request)
    if (key === undefined) {
      request.auth = await sessions.resolve(request.cookies[SESSION_COOKIE])
      return
    }
    const auth = await apiKeys.resolve(key)
    if (!auth) throw Unauthorized('This API key is not valid: it may have expired or been revoked', { code: 'unauthorized' })
    if (request.routeOptions.config.sessionOnly) throw Forbidden('API keys cannot be used here: sign in to the app instead')
    if (auth.apiKey?.scope === 'read' && !READ_METHODS.has(request.method)) {
      throw Forbidden('This API key is read-only: it may only make GET and HEAD requests')
    }
    request.auth = auth
    await keyLimit(request, reply)
  }
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return
    route.onRequest = [...(route.onRequest === undefined ? [] : [route.onRequest].flat()), resolveCaller]
  })
}

/** The signed-in caller, or 401. */
export function actor(request: FastifyRequest): AuthContext {
  if (!request.auth) throw Unauthorized()
  return request.auth
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: { token: string; expiresAt: Date }) {
  reply.setCookie(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    // request.protocol honours X-Forwarded-Proto when TRUST_PROXY is on, so a TLS proxy gets Secure cookies.
    secure: request.protocol === 'https',
    path: '/',
    expires: session.expiresAt,
  })
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' })
}
