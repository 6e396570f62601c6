import { fileURLToPath } from 'node:url'
import { seedDemo } from '../modules/demo/module.ts'
import { buildTestApp, listenOnFreePort } from './app.ts'

const defaultWebDist = fileURLToPath(new URL('../../../web/dist', import.meta.url))

/** The real server listening on a free port, serving the built SPA: what a browser test talks to. */
export async function startTestServer(options: { webDist?: string; env?: Record<string, string>; seedDemo?: boolean } = {}) {
  const app = await buildTestApp({ env: { WEB_DIST: options.webDist ?? defaultWebDist, ...options.env } })
  // The demo organization as a fresh start has it (/u/demo, /u/enterprise), for journeys that begin there.
  if (options.seedDemo) await seedDemo(app.database.db, app.fileStore)
  const url = await listenOnFreePort(app)
  return {
    url,
    app,
    outbox: (to: string) => app.outbox(to),
    close: () => app.close(),
  }
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>
