import { spawnSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { openApiDocument } from '../../apps/server/src/openapi.ts'

// Lints the server's OpenAPI document, as /api/docs/json serves it, with Redocly's recommended rules
// (redocly.yaml): errors fail `npm run lint`. Offline: the document is built here, the rules ship with the
// CLI, and its telemetry and update check are turned off.

const root = fileURLToPath(new URL('../..', import.meta.url))
const dir = await mkdtemp(join(tmpdir(), 'closeroom-api-lint-'))
try {
  const file = join(dir, 'openapi.json')
  await writeFile(file, JSON.stringify(await openApiDocument()))
  const result = spawnSync(
    join(root, 'node_modules/.bin/redocly'),
    ['lint', file, '--config', join(root, 'redocly.yaml'), '--format', 'summary'],
    {
      stdio: 'inherit',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  )
  process.exitCode = result.status ?? 1
} finally {
  await rm(dir, { recursive: true, force: true })
}
