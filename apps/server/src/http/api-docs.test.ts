import { spawnSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import createClient from 'openapi-fetch'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { paths } from '../../../web/src/lib/api-schema.ts'
import { buildTestApp, listenOnFreePort, type TestApp } from '../testing/app.ts'
import { buildOwner } from '../testing/factories.ts'

type Operation = { operationId?: string; summary?: string; security?: Record<string, string[]>[] }
type Document = {
  servers: { url: string }[]
  components: { securitySchemes: Record<string, { type: string; scheme?: string; in?: string }> }
  paths: Record<string, Record<string, Operation>>
}

const root = fileURLToPath(new URL('../../../..', import.meta.url))
let app: TestApp
let document: Document
beforeAll(async () => {
  app = await buildTestApp()
  document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json()
})
afterAll(() => app.close())

const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })))

describe('the OpenAPI document at /api/docs', () => {
  it('describes the bearer scheme for API keys beside the session cookie, and where the server is', () => {
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(document.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie' })
    expect(document.servers[0]?.url).toMatch(/^https?:\/\//)
  })

  it('gives every operation a unique operationId, a summary and its security', () => {
    const ids = new Set<string>()
    for (const { op } of operations()) {
      expect(op.operationId).toMatch(/^[a-z][A-Za-z0-9]+$/)
      expect(ids.has(op.operationId ?? '')).toBe(false)
      ids.add(op.operationId ?? '')
      expect(op.summary).toBeTruthy()
      expect(Array.isArray(op.security)).toBe(true)
    }
    const security = (path: string, method: string) => document.paths[path]?.[method]?.security
    expect(security('/api/deals', 'get')).toEqual([{ session: [] }, { apiKey: [] }])
    expect(security('/api/public/bookings', 'post')).toEqual([])
    expect(security('/api/auth/login', 'post')).toEqual([])
    expect(security('/api/auth/api-keys', 'post')).toEqual([{ session: [] }])
    expect(document.paths['/api/auth/api-keys']?.post?.summary).toBe('Create an API key')
  })

  it("passes Redocly's recommended rules (the lint step of npm run lint, offline)", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'closeroom-redocly-'))
    try {
      const file = join(dir, 'openapi.json')
      await writeFile(file, JSON.stringify(document))
      const result = spawnSync(
        join(root, 'node_modules/.bin/redocly'),
        ['lint', file, '--config', join(root, 'redocly.yaml'), '--format', 'summary'],
        {
          encoding: 'utf8',
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        },
      )
      expect(result.stdout + result.stderr).toContain('Your API description is valid')
      expect(result.status).toBe(0)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('a client generated from the document', () => {
  it('calls the API with an API key, reading and writing as its member', async () => {
    const owner = await buildOwner(app)
    const created = await app.inject({
      method: 'POST',
      url: '/api/auth/api-keys',
      headers: { cookie: owner.cookie },
      payload: { name: 'Generated client', expiresInDays: null, scope: 'write' },
    })
    const { secret } = created.json() as { secret: string }
    const url = await listenOnFreePort(app)
    // The web app's own typed client (openapi-fetch with the types generated from /api/docs), with a key and no cookie.
    const client = createClient<paths>({ baseUrl: `${url}/api`, headers: { authorization: `Bearer ${secret}` } })

    const made = await client.POST('/teams', { body: { name: 'Made by a generated client' } })
    expect(made.response.status).toBe(201)
    expect(made.data?.name).toBe('Made by a generated client')
    const me = await client.GET('/auth/me')
    expect(me.data?.user.email).toBe(owner.user.email)
    const teams = await client.GET('/teams')
    expect(teams.data?.teams.map((team) => team.name)).toContain('Made by a generated client')

    const refused = await createClient<paths>({
      baseUrl: `${url}/api`,
      headers: { authorization: 'Bearer cr_live_wrong' },
    }).GET('/teams')
    expect(refused.response.status).toBe(401)
    expect(refused.error?.message).toBe('This API key is not valid: it may have expired or been revoked')
  })
})
