import { IncomingMessage, type OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

const options: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // emotion (MUI) injects <style> elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      mediaSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
}

/** Helmet's headers for these options, which depend on nothing in the request. */
function computeHeaders(): OutgoingHttpHeaders {
  const request = new IncomingMessage(new Socket())
  const response = new ServerResponse(request)
  helmet(options)(request, response, (error) => {
    if (error) throw error
  })
  return response.getHeaders()
}

/**
 * Helmet's security headers on every answer. @fastify/helmet built helmet's middleware anew for each request,
 * which cost more than the rest of a plain route (bench/README.md); the headers are the same every time, so
 * they are computed once.
 * A route that needs its own policy (the API viewer at /api/docs) sets the header itself, over this one.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const headers = computeHeaders()
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers)
    done()
  })
}
