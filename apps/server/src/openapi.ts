import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp } from './app.ts'
import { loadConfig } from './config.ts'
import { openDatabase } from './db/client.ts'

/**
 * The API's OpenAPI document, as `/api/docs/json` serves it, from the app built on a throwaway in-memory
 * database: the web's typed client is generated from it (tools/api-types), so it must need no running server.
 */
export async function openApiDocument(): Promise<object> {
  const dataDir = await mkdtemp(join(tmpdir(), 'closeroom-openapi-'))
  const database = await openDatabase({ dataDir: 'memory://' })
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', DATA_DIR: dataDir, SEED_DEMO: 'false' }),
    database,
  })
  try {
    await app.ready()
    return app.swagger()
  } finally {
    await app.close()
    await database.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}
