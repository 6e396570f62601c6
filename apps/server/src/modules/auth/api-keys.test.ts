import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiKeys } from '../../db/schema/index.ts'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildMember, buildOwner, type Client, PASSWORD, request } from '../../testing/factories.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

async function createKey(client: Client, body: object = {}, on: TestApp = app) {
  const res = await on.inject({
    method: 'POST',
    url: '/api/auth/api-keys',
    headers: { cookie: client.cookie },
    payload: { name: 'Zapier', expiresInDays: 90, scope: 'write', ...body },
  })
  expect(res.statusCode).toBe(201)
  return res.json() as {
    key: { id: string; prefix: string; scope: string; expiresAt: string | null; lastUsedAt: string | null }
    secret: string
  }
}

const withKey = (secret: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, on: TestApp = app) =>
  on.inject({ method, url, headers: { authorization: `Bearer ${secret}` }, payload })

describe('creating and listing keys', () => {
  it('shows the key once, keeps only its SHA-256 and lists it by its prefix', async () => {
    const owner = await buildOwner(app)
    const { key, secret } = await createKey(owner, { name: 'CRM sync', expiresInDays: 30, scope: 'read' })
    expect(secret).toMatch(/^cr_live_[\w-]{43}$/)
    expect(key.prefix).toBe(secret.slice(0, 16))
    expect(key.scope).toBe('read')
    const days = (new Date(key.expiresAt ?? 0).getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(29.9)
    expect(days).toBeLessThanOrEqual(30)

    const [row] = await app.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id))
    expect(row?.keyHash).toBe(createHash('sha256').update(secret).digest('hex'))
    expect(JSON.stringify(row)).not.toContain(secret)

    const list = await request(app, owner, 'GET', '/api/auth/api-keys')
    expect(list.statusCode).toBe(200)
    expect(list.json().keys).toEqual([{ ...key, name: 'CRM sync' }])
    expect(list.body).not.toContain(secret)
  })

  it('creates a key that never expires', async () => {
    const owner = await buildOwner(app)
    const { key } = await createKey(owner, { expiresInDays: null })
    expect(key.expiresAt).toBeNull()
  })

  it('refuses a key without a name or with another expiry, with a clear message', async () => {
    const owner = await buildOwner(app)
    const noName = await request(app, owner, 'POST', '/api/auth/api-keys', { name: ' ', expiresInDays: 30, scope: 'read' })
    expect(noName.statusCode).toBe(400)
    expect(noName.json()).toMatchObject({ field: 'name', message: 'name: Name is required' })
    const oddExpiry = await request(app, owner, 'POST', '/api/auth/api-keys', { name: 'x', expiresInDays: 7, scope: 'read' })
    expect(oddExpiry.statusCode).toBe(400)
    expect(oddExpiry.json().field).toBe('expiresInDays')
  })

  it("lists only the member's own keys, and a member cannot revoke another's", async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner)
    const { key } = await createKey(owner)
    expect((await request(app, member, 'GET', '/api/auth/api-keys')).json().keys).toEqual([])
    const res = await request(app, member, 'DELETE', `/api/auth/api-keys/${key.id}`)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ message: 'API key not found', code: 'not_found' })
  })
})

describe('calling the API with a key', () => {
  it('answers the same routes as the session, as the member', async () => {
    const owner = await buildOwner(app)
    const { secret } = await createKey(owner)
    const me = await withKey(secret, 'GET', '/api/auth/me')
    expect(me.statusCode).toBe(200)
    expect(me.json().user.id).toBe(owner.user.id)
    const team = await withKey(secret, 'POST', '/api/teams', { name: 'Made with a key' })
    expect(team.statusCode).toBe(201)
    const teams = await withKey(secret, 'GET', '/api/teams')
    expect(teams.json().teams.map((t: { name: string }) => t.name)).toContain('Made with a key')
  })

  it("keeps the member's permissions: a member's key cannot do what the member cannot", async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner)
    const { secret } = await createKey(member)
    const res = await withKey(secret, 'DELETE', `/api/users/${owner.user.id}`)
    expect(res.statusCode).toBe(403)
  })

  it('refuses writes with a read-only key, with a message saying why', async () => {
    const owner = await buildOwner(app)
    const { secret } = await createKey(owner, { scope: 'read' })
    expect((await withKey(secret, 'GET', '/api/teams')).statusCode).toBe(200)
    const res = await withKey(secret, 'POST', '/api/teams', { name: 'Not allowed' })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({ message: 'This API key is read-only: it may only make GET and HEAD requests', code: 'forbidden' })
  })

  it('refuses keys on the routes that act on the session: keys, password, signing out', async () => {
    const owner = await buildOwner(app)
    const { secret } = await createKey(owner)
    const attempts = [
      await withKey(secret, 'GET', '/api/auth/api-keys'),
      await withKey(secret, 'POST', '/api/auth/api-keys', { name: 'Another', expiresInDays: 30, scope: 'write' }),
      await withKey(secret, 'POST', '/api/user/password', { oldPassword: PASSWORD, newPassword: 'a brand new password' }),
      await withKey(secret, 'DELETE', '/api/auth/sessions'),
      await withKey(secret, 'DELETE', '/api/auth/logout'),
    ]
    for (const res of attempts) {
      expect(res.statusCode).toBe(403)
      expect(res.json().message).toBe('API keys cannot be used here: sign in to the app instead')
    }
    // The session is untouched.
    expect((await request(app, owner, 'GET', '/api/auth/me')).statusCode).toBe(200)
  })

  it('answers 401 to an unknown key, even with a valid session cookie beside it', async () => {
    const owner = await buildOwner(app)
    const res = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: 'Bearer cr_live_not-a-real-key', cookie: owner.cookie },
    })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ message: 'This API key is not valid: it may have expired or been revoked', code: 'unauthorized' })
  })

  it('answers 401 once a key has expired', async () => {
    const owner = await buildOwner(app)
    const { key, secret } = await createKey(owner, { expiresInDays: 30 })
    await app.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, key.id))
    expect((await withKey(secret, 'GET', '/api/auth/me')).statusCode).toBe(401)
    expect((await request(app, owner, 'GET', '/api/auth/api-keys')).json().keys).toEqual([])
  })

  it('answers 401 at once after the key is revoked, though it was just used', async () => {
    const owner = await buildOwner(app)
    const { key, secret } = await createKey(owner)
    expect((await withKey(secret, 'GET', '/api/auth/me')).statusCode).toBe(200)
    const revoked = await request(app, owner, 'DELETE', `/api/auth/api-keys/${key.id}`)
    expect(revoked.json()).toEqual({ ok: true })
    expect((await withKey(secret, 'GET', '/api/auth/me')).statusCode).toBe(401)
    expect((await request(app, owner, 'GET', '/api/auth/api-keys')).json().keys).toEqual([])
    expect((await request(app, owner, 'DELETE', `/api/auth/api-keys/${key.id}`)).statusCode).toBe(404)
  })

  it("answers 401 at once to a deactivated member's key", async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner)
    const { secret } = await createKey(member)
    expect((await withKey(secret, 'GET', '/api/auth/me')).statusCode).toBe(200)
    expect((await request(app, owner, 'DELETE', `/api/users/${member.user.id}`)).statusCode).toBe(200)
    expect((await withKey(secret, 'GET', '/api/auth/me')).statusCode).toBe(401)
  })

  it('is not held to the cross-site check: a key carries no cookie', async () => {
    const owner = await buildOwner(app)
    const { secret } = await createKey(owner)
    const res = await app.inject({
      method: 'POST',
      url: '/api/teams',
      headers: { authorization: `Bearer ${secret}`, origin: 'https://integrations.example' },
      payload: { name: 'From elsewhere' },
    })
    expect(res.statusCode).toBe(201)
  })

  it('records when the key was last used, writing it at most once a minute', async () => {
    const owner = await buildOwner(app)
    const { key, secret } = await createKey(owner)
    expect(key.lastUsedAt).toBeNull()
    const before = Date.now()
    await withKey(secret, 'GET', '/api/auth/me')
    const [first] = (await request(app, owner, 'GET', '/api/auth/api-keys')).json().keys
    const firstUse = new Date(first.lastUsedAt).getTime()
    expect(firstUse).toBeGreaterThanOrEqual(before - 1000)
    await withKey(secret, 'GET', '/api/auth/me')
    const [second] = (await request(app, owner, 'GET', '/api/auth/api-keys')).json().keys
    expect(second.lastUsedAt).toBe(first.lastUsedAt)

    // A minute later (as far as the row says), the next use writes it again.
    const aMinuteAgo = new Date(Date.now() - 61_000)
    await app.database.db.update(apiKeys).set({ lastUsedAt: aMinuteAgo }).where(eq(apiKeys.id, key.id))
    const fresh = await buildTestApp({ database: app.database })
    try {
      await withKey(secret, 'GET', '/api/auth/me', undefined, fresh)
      const [third] = (await request(app, owner, 'GET', '/api/auth/api-keys')).json().keys
      expect(new Date(third.lastUsedAt).getTime()).toBeGreaterThan(aMinuteAgo.getTime() + 30_000)
    } finally {
      await fresh.close()
    }
  })
})

describe('rate limits per key', () => {
  it('answers 429 once one key has made too many requests, without holding back another key', async () => {
    const limited = await buildTestApp({
      database: app.database,
      limits: { perIp: { max: 1000, windowMs: 60_000 }, perEmail: { max: 1000, windowMs: 60_000 }, apiKey: { max: 3, windowMs: 60_000 } },
    })
    try {
      const owner = await buildOwner(limited)
      const busy = await createKey(owner, {}, limited)
      const calm = await createKey(owner, {}, limited)
      const statuses: number[] = []
      for (let i = 0; i < 4; i++) statuses.push((await withKey(busy.secret, 'GET', '/api/teams', undefined, limited)).statusCode)
      expect(statuses).toEqual([200, 200, 200, 429])
      const last = await withKey(busy.secret, 'GET', '/api/teams', undefined, limited)
      expect(last.headers['retry-after']).toBeDefined()
      expect(last.json()).toMatchObject({
        code: 'rate_limited',
        message: expect.stringMatching(/^Too many requests with this API key\. Try again in \d+ seconds\.$/),
      })
      expect((await withKey(calm.secret, 'GET', '/api/teams', undefined, limited)).statusCode).toBe(200)
      // The session is not counted against the keys.
      expect((await request(limited, owner, 'GET', '/api/teams')).statusCode).toBe(200)
    } finally {
      await limited.close()
    }
  })
})
