import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { errorBody } from './errors.ts'

/**
 * Serves the built SPA. Unknown /api paths get a JSON 404; any other GET that wants HTML gets index.html
 * so the client router can take it (it shows its own 404 page for paths it does not know).
 */
export async function registerWeb(app: FastifyInstance, webDist: string) {
  const indexPath = join(webDist, 'index.html')
  const built = existsSync(indexPath)
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // Vite fingerprints everything under /assets, so those may be cached for good.
      setHeaders: (res, path) => {
        if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable')
      },
    })
  }
  const index = built ? readFileSync(indexPath, 'utf8') : null

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/') && (request.headers.accept ?? '').includes('text/html')
    if (wantsPage && index) return reply.type('text/html').header('cache-control', 'no-cache').send(index)
    if (wantsPage) return reply.code(404).send(errorBody(404, 'The web app is not built: run `npm run build`'))
    return reply.code(404).send(errorBody(404, `Route ${request.method} ${request.url.split('?')[0]} not found`))
  })
}
