import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pgliteTemplate } from '../db/client.ts'
import { PGLITE_TEMPLATE } from './database.ts'

/**
 * Once per test run: an in-memory PGlite database with every migration run, dumped to a file that each test
 * file's database starts from (testing/database.ts). The variable is set before Vitest starts its workers,
 * which inherit it. Nothing to do when the tests run on PostgreSQL.
 */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL || process.env[PGLITE_TEMPLATE]) return
  const directory = mkdtempSync(join(tmpdir(), 'closeroom-template-'))
  const file = join(directory, 'pglite.tar')
  writeFileSync(file, Buffer.from(await (await pgliteTemplate()).arrayBuffer()))
  process.env[PGLITE_TEMPLATE] = file
  return () => rmSync(directory, { recursive: true, force: true })
}
