import type { IncomingHttpHeaders } from 'node:http'
import type { FastifyInstance } from 'fastify'
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

export function registerCsrfProtection(app: FastifyInstance, allowed: ReturnType<typeof createOriginCheck>) {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || allowed(request.headers)) return
    return reply.code(403).send(errorBody(403, 'Cross-site request refused'))
  })
}

function sameHost(origin: string, host: string | undefined): boolean {
  try {
    return new URL(origin).host === host
  } catch {
    return false
  }
}
