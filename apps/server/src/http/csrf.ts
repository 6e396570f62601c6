import type { FastifyInstance } from 'fastify'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses state-changing requests that a browser sent from another site. Browsers always send Origin
 * (and Sec-Fetch-Site) on cross-origin writes, so checking them is enough; SameSite=Lax cookies are the
 * second wall. Requests without either header come from non-browser clients that carry no ambient cookies.
 */
export function registerCsrfProtection(app: FastifyInstance, trustedOrigins: string[]) {
  const trusted = new Set(trustedOrigins.map((o) => new URL(o).origin))
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return
    const origin = request.headers.origin
    const site = request.headers['sec-fetch-site']
    if (origin && origin !== 'null') {
      if (trusted.has(origin) || sameHost(origin, request.host)) return
    } else if (site !== 'cross-site' && origin !== 'null') {
      return
    }
    return reply.code(403).send({ message: 'Cross-site request refused' })
  })
}

function sameHost(origin: string, host: string): boolean {
  try {
    return new URL(origin).host === host
  } catch {
    return false
  }
}
