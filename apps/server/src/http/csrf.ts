import type { IncomingHttpHeaders } from 'node:http'
import type { FastifyInstance, onRequestHookHandler } from 'fastify'
import { bearerToken } from './auth.ts'
import { errorBody } from './errors.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Whether a request may act with the user's cookies: not when a browser says it came from another site.
 * Browsers always send Origin (and Sec-Fetch-Site) on cross-origin writes and WebSocket handshakes, so
 * checking them is enough; SameSite=Lax cookies are the second wall. A request with neither header
 * comes from a non-browser client, which carries no ambient cookies to abuse.
 */
export function createOriginCheck(trustedOrigins: string[]) {
  const trusted = new Set(trustedOrigins.map((o) => new URL(o).origin))
  return (headers: IncomingHttpHeaders): boolean => {
    const origin = headers.origin
    if (origin === 'null') return false
    if (origin) return trusted.has(origin) || sameHost(origin, headers.host)
    return headers['sec-fetch-site'] !== 'cross-site'
  }
}

/**
 * Guards the routes registered after it that accept a state-changing method; reads pay nothing. A request
 * with an API key (Authorization: Bearer) is not checked: it is judged by its key alone, never by a cookie
 * (http/auth.ts), and a browser cannot make another site send that header without a CORS answer we never give.
 */
export function registerCsrfProtection(app: FastifyInstance, allowed: ReturnType<typeof createOriginCheck>) {
  const refuseCrossSite: onRequestHookHandler = (request, reply, done) => {
    if (SAFE_METHODS.has(request.method) || bearerToken(request) !== undefined || allowed(request.headers)) return done()
    reply.code(403).send(errorBody(403, 'Cross-site request refused'))
  }
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    if (methods.every((method) => SAFE_METHODS.has(method))) return
    route.onRequest = [refuseCrossSite, ...(route.onRequest === undefined ? [] : [route.onRequest].flat())]
  })
}

function sameHost(origin: string, host: string | undefined): boolean {
  try {
    return new URL(origin).host === host
  } catch {
    return false
  }
}
