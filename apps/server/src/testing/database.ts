import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import pg from 'pg'
import { type Database, openDatabase, openPglite } from '../db/client.ts'

/** Where the test run's migrated PGlite database lies (testing/global-setup.ts writes it), if it does. */
export const PGLITE_TEMPLATE = 'CLOSEROOM_PGLITE_TEMPLATE'

/**
 * A database of its own for one test file: PGlite in memory by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (the CI variant), dropped again on close. PGlite starts from the
 * run's migrated template when there is one: creating a database and running every migration costs each test
 * file more than a second, loading the template a fraction of it (the migrations still check it is current).
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (serverUrl) return openThrowawayDatabase(serverUrl)
  const template = process.env[PGLITE_TEMPLATE]
  if (template && existsSync(template)) return openPglite('memory://', new Blob([readFileSync(template)]))
  return openDatabase({ dataDir: 'memory://' })
}

/** A new database on a PostgreSQL server, migrated, and dropped again on close (tests and benchmarks). */
export async function openThrowawayDatabase(serverUrl: string): Promise<Database> {
  const name = `closeroom_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ url: url.toString() })
  return {
    ...database,
    async close() {
      await database.close()
      const cleanup = new pg.Client({ connectionString: serverUrl })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}
