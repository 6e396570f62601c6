import { desc, eq } from 'drizzle-orm'
import { type AppDeps, buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import type { Database } from '../db/client.ts'
import { outboxEmails } from '../db/schema/index.ts'
import { openTestDatabase } from './database.ts'

/** The real app on a test database of its own, with the outbox as the mailbox. */
export async function buildTestApp(overrides: Partial<Omit<AppDeps, 'database'>> & { env?: Record<string, string> } = {}) {
  const database = await openTestDatabase()
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ...overrides.env })
  // Suites register many users from one address; the rate-limit tests pass the real limits explicitly.
  const generous = { max: 10_000, windowMs: 60_000 }
  const limits = overrides.limits ?? { perIp: generous, perEmail: generous, publicReads: generous, publicWrites: generous }
  const app = await buildApp({ config, database, ...overrides, limits })
  app.addHook('onClose', async () => database.close())

  /** The emails sent to an address, newest first. */
  async function outbox(to: string) {
    return database.db.select().from(outboxEmails).where(eq(outboxEmails.to, to)).orderBy(desc(outboxEmails.createdAt))
  }

  app.decorate('database', database)
  app.decorate('outbox', outbox)
  return app as typeof app & { database: Database; outbox: typeof outbox }
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>
