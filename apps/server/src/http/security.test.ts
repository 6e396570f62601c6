import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../testing/app.ts'
import { buildOwner, PASSWORD, uniqueEmail } from '../testing/factories.ts'
import { freePort } from '../testing/process.ts'
import { defaultLimits } from './rate-limits.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp({ limits: defaultLimits, env: { APP_URL: 'https://app.closeroom.test' } })
})
afterAll(() => app.close())

describe('cross-site requests', () => {
  it('refuses a state-changing request from another origin with 403', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'a@example.com', password: PASSWORD },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({ message: 'Cross-site request refused', code: 'forbidden' })
  })

  it('refuses a request the browser marks as cross-site even without an Origin', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/api/auth/logout', headers: { 'sec-fetch-site': 'cross-site' } })
    expect(res.statusCode).toBe(403)
  })

  it('accepts requests from the app itself', async () => {
    const email = uniqueEmail()
    const res = await app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { origin: 'https://app.closeroom.test', 'sec-fetch-site': 'same-origin' },
      payload: { email, password: PASSWORD, name: 'Same Origin' },
    })
    expect(res.statusCode).toBe(201)
  })

  it('lets reads through from anywhere: they change nothing', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } })
    expect(res.statusCode).toBe(200)
  })
})

describe('headers and cookies', () => {
  it('sets security headers on every answer', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' })
    expect(res.headers['content-security-policy']).toContain("default-src 'self'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['strict-transport-security']).toBeDefined()
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
  })

  it('marks the session cookie Secure when the request came over HTTPS through a trusted proxy', async () => {
    const proxied = await buildTestApp({ env: { TRUST_PROXY: 'true' } })
    try {
      const res = await proxied.inject({
        method: 'POST',
        url: '/api/register',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { email: uniqueEmail(), password: PASSWORD, name: 'Behind TLS' },
      })
      expect(res.statusCode).toBe(201)
      expect(res.headers['set-cookie']).toMatch(/; Secure/)
      expect(res.headers['set-cookie']).toMatch(/HttpOnly/)
    } finally {
      await proxied.close()
    }
  })
})

describe('rate limits', () => {
  it('answers 429 with a message after too many tries for one email, from any address', async () => {
    const email = uniqueEmail('target')
    const tries = []
    for (let i = 0; i < defaultLimits.perEmail.max + 1; i++) {
      // A different client address each time: the per-email counter still catches it.
      tries.push(
        await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: `10.0.0.${i + 1}`,
          payload: { email, password: 'wrong password' },
        }),
      )
    }
    expect(tries.slice(0, -1).every((r) => r.statusCode === 401)).toBe(true)
    const last = tries.at(-1)
    expect(last?.statusCode).toBe(429)
    expect(last?.json().message).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/)
  })

  it('answers 429 after too many tries from one address, whatever the email', async () => {
    let status = 0
    for (let i = 0; i < defaultLimits.perIp.max + 1; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: '10.9.9.9',
        payload: { email: uniqueEmail('spray') },
      })
      status = res.statusCode
    }
    expect(status).toBe(429)
    // Another address is not held back by that one.
    const other = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: '10.9.9.10',
      payload: { email: uniqueEmail() },
    })
    expect(other.statusCode).toBe(200)
  })
})

describe('what never leaves the server', () => {
  it('keeps hashes, tokens, API keys, signing keys and webhook secrets out of every answer', async () => {
    const owner = await buildOwner(app)
    // A webhook's secret is in the answer that creates it, and in no other; an API key's the same.
    const hook = await app.inject({
      method: 'POST',
      url: '/api/webhooks/endpoints',
      headers: { cookie: owner.cookie },
      payload: { url: 'https://93.184.215.14/closeroom-hook', events: ['deal.created'] },
    })
    expect(hook.statusCode, hook.body).toBe(201)
    const { endpoint, secret: hookSecret } = hook.json()
    const created = await app.inject({
      method: 'POST',
      url: '/api/auth/api-keys',
      headers: { cookie: owner.cookie },
      payload: { name: 'Secret keeper', expiresInDays: 30, scope: 'read' },
    })
    const { secret } = created.json() as { secret: string }
    const answers = await Promise.all(
      [
        '/api/auth/me',
        '/api/users',
        `/api/users/${owner.user.id}`,
        '/api/auth/sessions',
        '/api/teams',
        '/api/auth/api-keys',
        '/api/webhooks/endpoints',
        `/api/webhooks/endpoints/${endpoint.id}`,
        `/api/webhooks/endpoints/${endpoint.id}/deliveries`,
      ].map((url) => app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } })),
    )
    // With the key itself too: what it reads must not repeat it.
    answers.push(await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${secret}` } }))
    const secrets = await app.database.db.query.serverSecrets.findMany()
    const tokens = await app.database.db.query.userTokens.findMany()
    const stored = await app.database.db.query.webhookEndpoints.findMany()
    const keys = await app.database.db.query.apiKeys.findMany()
    expect(keys.length).toBeGreaterThan(0)
    for (const res of answers) {
      expect(res.statusCode).toBe(200)
      expect(res.body).not.toMatch(/argon2|password|token|whsec_/i)
      expect(res.body).not.toContain(secret)
      for (const s of secrets) expect(res.body).not.toContain(s.value)
      for (const t of tokens) expect(res.body).not.toContain(t.tokenHash)
      for (const k of keys) expect(res.body).not.toContain(k.keyHash)
      for (const w of stored) expect(res.body).not.toContain(w.secret)
      expect(res.body).not.toContain(hookSecret.slice('whsec_'.length))
    }
  })

  it('never writes an API key, a session cookie or a password to the log', async () => {
    const lines: string[] = []
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk))
        done()
      },
    })
    const logged = await buildTestApp({ database: app.database, logger: { level: 'trace', stream } })
    try {
      const owner = await buildOwner(logged)
      const created = await logged.inject({
        method: 'POST',
        url: '/api/auth/api-keys',
        headers: { cookie: owner.cookie },
        payload: { name: 'Logged', expiresInDays: 30, scope: 'read' },
      })
      const { secret } = created.json() as { secret: string }
      await logged.inject({ method: 'GET', url: '/api/teams', headers: { authorization: `Bearer ${secret}` } })
      // Refused requests are logged too: a read-only key writing, a wrong key.
      await logged.inject({ method: 'POST', url: '/api/teams', headers: { authorization: `Bearer ${secret}` }, payload: { name: 'x' } })
      await logged.inject({ method: 'GET', url: '/api/teams', headers: { authorization: `Bearer ${secret}x` } })
      const log = lines.join('')
      expect(log).toContain('/api/teams')
      expect(log).not.toContain(secret)
      expect(log).not.toContain(owner.cookie.split('=')[1])
      expect(log).not.toContain(PASSWORD)
    } finally {
      await logged.close()
    }
  })

  it("keeps the sign-in providers' client secrets out of every answer and the log", async () => {
    const logs: string[] = []
    const nowhere = `http://127.0.0.1:${await freePort()}`
    const secrets = { google: 'google-secret-Zq81', github: 'github-secret-Zq82', x: 'x-secret-Zq83', sso: 'sso-secret-Zq84' }
    const configured = await buildTestApp({
      env: {
        GOOGLE_CLIENT_ID: 'google-id',
        GOOGLE_CLIENT_SECRET: secrets.google,
        GOOGLE_ISSUER: nowhere,
        GITHUB_CLIENT_ID: 'github-id',
        GITHUB_CLIENT_SECRET: secrets.github,
        X_CLIENT_ID: 'x-id',
        X_CLIENT_SECRET: secrets.x,
        OIDC_PROVIDERS: JSON.stringify([{ id: 'sso', name: 'SSO', issuer: nowhere, clientId: 'sso-id', clientSecret: secrets.sso }]),
      },
      logger: { level: 'trace', stream: { write: (line: string) => void logs.push(line) } },
    })
    try {
      const answers = await Promise.all(
        ['/api/auth/providers', '/api/docs/json', ...['google', 'github', 'x', 'sso'].map((id) => `/api/auth/oauth/${id}`)].map((url) =>
          configured.inject({ method: 'GET', url }),
        ),
      )
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 302, 302, 302, 302])
      // An OpenID Connect provider that cannot be reached sends the browser back with a reason, not a 500.
      expect(answers[2]?.headers.location).toMatch(/\/login\?error=oauth_unavailable$/)
      const everything = [...answers.map((res) => JSON.stringify(res.headers) + res.body), ...logs].join('\n')
      for (const secret of Object.values(secrets)) expect(everything).not.toContain(secret)
    } finally {
      await configured.close()
    }
  })
})

describe('unknown routes and documentation', () => {
  it('answers an unknown API route with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/does-not-exist?x=1' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ message: 'Route GET /api/does-not-exist not found', code: 'not_found' })
  })

  it('serves an OpenAPI document generated from the zod schemas, and its viewer at /api/docs', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    expect(doc.openapi).toMatch(/^3\./)
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/register', '/api/auth/login', '/api/users/{id}', '/api/teams/{id}']),
    )
    const register = doc.paths['/api/register'].post
    expect(register.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['email', 'password', 'name']))
    const page = await app.inject({ method: 'GET', url: '/api/docs/' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
  })

  it('reports healthy when the database answers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok' })
  })
})
