import { fileURLToPath } from 'node:url'
import { seedDemo } from '../modules/demo/module.ts'
import { buildTestApp } from './app.ts'

const defaultWebDist = fileURLToPath(new URL('../../../web/dist', import.meta.url))

/** The real server listening on a free port, serving the built SPA: what a browser test talks to. */
export async function startTestServer(options: { webDist?: string; env?: Record<string, string>; seedDemo?: boolean } = {}) {
  const app = await buildTestApp({ env: { WEB_DIST: options.webDist ?? defaultWebDist, ...options.env } })
  // The demo organization as a fresh start has it (/u/demo, /u/enterprise), for journeys that begin there.
  if (options.seedDemo) await seedDemo(app.database.db)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('server has no port')
  return {
    url: `http://127.0.0.1:${address.port}`,
    app,
    outbox: (to: string) => app.outbox(to),
    close: () => app.close(),
  }
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>
