import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import { type AuthContext, SESSION_COOKIE, type Sessions } from '../modules/auth/module.ts'
import { Unauthorized } from './errors.ts'

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null
  }
}

/**
 * Resolves the session cookie once per request to an API route registered after it; routes ask for the
 * result with `actor(request)`. The SPA's pages and files never pay for it.
 */
export function registerAuth(app: FastifyInstance, sessions: Sessions) {
  app.decorateRequest('auth', null)
  const resolveSession: onRequestAsyncHookHandler = async (request) => {
    request.auth = await sessions.resolve(request.cookies[SESSION_COOKIE])
  }
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return
    route.onRequest = [...(route.onRequest === undefined ? [] : [route.onRequest].flat()), resolveSession]
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
