import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { desc, eq } from 'drizzle-orm'
import { type AppDeps, buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import type { Database } from '../db/client.ts'
import { outboxEmails } from '../db/schema/index.ts'
import { openTestDatabase } from './database.ts'

/**
 * The real app on a test database of its own (or on another app's, given `database`, as a second server
 * process would be), with the outbox as the mailbox, and a data directory (uploaded files) of its own in the
 * system's temporary directory, removed on close.
 */
export async function buildTestApp(overrides: Partial<AppDeps> & { env?: Record<string, string> } = {}) {
  const database = overrides.database ?? (await openTestDatabase())
  const dataDir = await mkdtemp(join(tmpdir(), 'closeroom-test-'))
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', DATA_DIR: dataDir, ...overrides.env })
  // Suites register many users from one address; the rate-limit tests pass the real limits explicitly.
  const generous = { max: 10_000, windowMs: 60_000 }
  const limits = overrides.limits ?? { perIp: generous, perEmail: generous, publicReads: generous, publicWrites: generous }
  const app = await buildApp({ config, database, ...overrides, limits })
  app.addHook('onClose', async () => {
    if (!overrides.database) await database.close()
    // Jobs stop without waiting (app.ts), so one may still be writing a file here (a seal's retry): rm tries
    // again when a directory fills up under it (ENOTEMPTY) instead of failing the test that closed the app.
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5 })
  })

  /** The emails sent to an address, newest first. */
  async function outbox(to: string) {
    return database.db.select().from(outboxEmails).where(eq(outboxEmails.to, to)).orderBy(desc(outboxEmails.createdAt))
  }

  app.decorate('database', database)
  app.decorate('outbox', outbox)
  app.decorate('dataDir', config.dataDir)
  return app as typeof app & { database: Database; outbox: typeof outbox; dataDir: string }
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>

/** Starts a test app listening on a free local port and gives its address, for tests that speak HTTP or socket.io to it. */
export async function listenOnFreePort(app: Pick<TestApp, 'listen' | 'server'>): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('the test server has no port')
  return `http://127.0.0.1:${address.port}`
}
