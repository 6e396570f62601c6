import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { errorBody } from './errors.ts'

/** What the web build's server renderer (apps/web/src/entry-server.tsx, built into dist/ssr) offers. */
type PublicPageRenderer = {
  INLINE_SCRIPT_SOURCES: string[]
  renderPublicPage(
    template: string,
    request: {
      url: string
      cookie(name: string): string | undefined
      prefersDark: boolean | undefined
      fetchPublic(path: string): Promise<{ status: number; body: unknown }>
    },
  ): Promise<string | null>
}

/** The buyer's public pages, which the web build renders on the server; every other page stays the SPA. */
const PUBLIC_PAGE = /^\/((u|d|p|l|m|f)\/[^/]+|l\/[^/]+\/posts\/[^/]+)$/

/**
 * Serves the built SPA. Unknown /api paths get a JSON 404; any other GET that wants HTML gets index.html
 * so the client router can take it (it shows its own 404 page for paths it does not know). A buyer's public
 * page comes rendered with its data when the web build has a server renderer (dist/ssr), so it paints before
 * its scripts run; when it cannot be (no renderer, data not found, an error), index.html as before.
 */
export async function registerWeb(app: FastifyInstance, webDist: string) {
  const indexPath = join(webDist, 'index.html')
  const built = existsSync(indexPath)
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each script and stylesheet (apps/web/vite.config.ts precompress).
      preCompressed: true,
      // The server renderer is code for the server, not the browser.
      allowedPath: (pathname) => !pathname.startsWith('/ssr/'),
      // Vite fingerprints everything under /assets, so those may be cached for good.
      setHeaders: (res, path) => {
        if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable')
      },
    })
  }
  const index = built ? readFileSync(indexPath, 'utf8') : null
  // The pages the server renders load the public pages' lean entry (public.html, apps/web/src/main-public.tsx) when
  // the build has it, the whole app's otherwise.
  const publicPath = join(webDist, 'public.html')
  const publicIndex = built && existsSync(publicPath) ? readFileSync(publicPath, 'utf8') : index
  const renderPage = publicIndex ? publicPages(app, webDist, publicIndex) : undefined

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/') && (request.headers.accept ?? '').includes('text/html')
    if (wantsPage && index) {
      const page = renderPage && PUBLIC_PAGE.test(request.url.split('?')[0] ?? '') ? await renderPage(request, reply) : null
      return reply
        .type('text/html')
        .header('cache-control', 'no-cache')
        .send(page ?? index)
    }
    if (wantsPage) return reply.code(404).send(errorBody(404, 'The web app is not built: run `npm run build`'))
    return reply.code(404).send(errorBody(404, `Route ${request.method} ${request.url.split('?')[0]} not found`))
  })
}

/** The public pages' renderer, loaded on the first public page asked for (the signed-in app never needs it). */
function publicPages(app: FastifyInstance, webDist: string, index: string) {
  const entry = join(webDist, 'ssr', 'entry-server.js')
  if (!existsSync(entry)) return undefined
  // The app's stylesheet (the fonts' @font-face rules, a few kilobytes) inline: one render-blocking request fewer.
  const template = index.replace(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g, (link, href: string) => {
    const file = join(webDist, href)
    return existsSync(file) ? `<style>${readFileSync(file, 'utf8')}</style>` : link
  })
  const { template: page, source: loaderSource } = loadAfterPaint(template)
  let renderer: Promise<PublicPageRenderer> | undefined

  return async (request: FastifyRequest, reply: FastifyReply): Promise<string | null> => {
    try {
      renderer ??= import(pathToFileURL(entry).href) as Promise<PublicPageRenderer>
      const { renderPublicPage, INLINE_SCRIPT_SOURCES } = await renderer
      const hint = request.headers['sec-ch-prefers-color-scheme']
      const rendered = await renderPublicPage(page, {
        url: request.url,
        cookie: (name) => request.cookies[name],
        prefersDark: typeof hint === 'string' ? hint.includes('dark') : undefined,
        // Through the whole API as the buyer's own request would go, rate limit by their address included.
        fetchPublic: async (path) => {
          const answer = await app.inject({
            method: 'GET',
            url: `/api${path}`,
            remoteAddress: request.ip,
            headers: { accept: 'application/json' },
          })
          return { status: answer.statusCode, body: answer.statusCode === 200 ? answer.json() : undefined }
        },
      })
      if (rendered) {
        // Chromium sends the system's scheme from the next page on, so a dark system gets a dark page.
        reply.header('accept-ch', 'Sec-CH-Prefers-Color-Scheme').header('vary', 'Cookie, Sec-CH-Prefers-Color-Scheme')
        const policy = reply.getHeader('content-security-policy')
        if (typeof policy === 'string') {
          reply.header(
            'content-security-policy',
            policy.replace("script-src 'self'", `script-src 'self' ${[...INLINE_SCRIPT_SOURCES, loaderSource].join(' ')}`),
          )
        }
      }
      return rendered
    } catch (error) {
      request.log.error({ err: error }, 'a public page could not be rendered on the server')
      return null
    }
  }
}

/**
 * A server-rendered page is painted from its HTML; the app's script only makes it interactive. Left in the head,
 * the entry module (140 KB compressed) is fetched at once and, on a fast connection, evaluated before the first
 * paint, which it then delays (and Lighthouse counts its download before the largest paint). Instead a small
 * inline script adds it once the document is parsed (so it hydrates the whole page) and its first contentful paint
 * is reported (a PerformanceObserver; the next frame where paint timing is not supported), so the paint is never
 * held for it. A page hidden by the stale guard (entry-server.tsx, `data-stale` as named in preloaded.ts) paints
 * nothing until the app renders it: the script is added at once there.
 * Answers the template without the entry's tags, with that script, and the CSP source that allows it.
 */
export function loadAfterPaint(template: string): { template: string; source: string } {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(template)?.[1]
  if (!entry) return { template, source: '' }
  const preloads = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1])
  const add = [...preloads.map((href) => ['link', 'rel', 'modulepreload', 'href', href]), ['script', 'type', 'module', 'src', entry]]
  const script = `(function(){var d=document,done=0;function go(){if(done++)return;${JSON.stringify(add)}.forEach(function(a){var e=d.createElement(a[0]);e.setAttribute(a[1],a[2]);e.setAttribute(a[3],a[4]);e.crossOrigin='anonymous';d.head.appendChild(e)})}function frame(){requestAnimationFrame(function(){setTimeout(go,0)})}function after(){if(d.documentElement.hasAttribute('data-stale'))return go();try{if(PerformanceObserver.supportedEntryTypes.indexOf('paint')>=0)return new PerformanceObserver(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(go,0)}}).observe({type:'paint',buffered:true})}catch(e){}frame()}if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',after);else after()})()`
  const stripped = template
    .replace(/<script type="module" crossorigin src="[^"]+"><\/script>/, `<script>${script}</script>`)
    .replace(/<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
  return { template: stripped, source: `'sha256-${createHash('sha256').update(script).digest('base64')}'` }
}
