import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildOwner, sessionCookie, uniqueEmail } from '../../testing/factories.ts'
import { startOAuth2Server } from '../../testing/oauth2-server.ts'

// GitHub and X are OAuth 2, not OpenID Connect: the profile and the verified email come from their user
// endpoints. Both are pointed at a local stand-in (GITHUB_URL, GITHUB_API_URL, X_URL, X_API_URL).

const APP_URL = 'http://localhost:3000'
let app: TestApp
let remote: Awaited<ReturnType<typeof startOAuth2Server>>
const logs: string[] = []

beforeAll(async () => {
  remote = await startOAuth2Server()
  app = await buildTestApp({
    env: {
      APP_URL,
      GITHUB_CLIENT_ID: remote.clientId,
      GITHUB_CLIENT_SECRET: remote.clientSecret,
      GITHUB_URL: remote.url,
      GITHUB_API_URL: remote.url,
      X_CLIENT_ID: remote.clientId,
      X_CLIENT_SECRET: remote.clientSecret,
      X_URL: remote.url,
      X_API_URL: remote.url,
    },
    logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } },
  })
})
afterAll(async () => {
  await app.close()
  await remote.close()
})

async function signInAs(provider: 'github' | 'x', account: string) {
  const start = await app.inject({ method: 'GET', url: `/api/auth/oauth/${provider}` })
  expect(start.statusCode).toBe(302)
  const flowCookie = String(start.headers['set-cookie']).match(/closeroom_oauth=[^;]+/)?.[0] ?? ''
  const back = remote.authorize(String(start.headers.location), account)
  expect(back.href.startsWith(`${APP_URL}/api/auth/oauth/${provider}/callback?`)).toBe(true)
  const res = await app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie: flowCookie } })
  expect(res.statusCode).toBe(302)
  return res
}

async function me(res: Awaited<ReturnType<typeof signInAs>>) {
  const answer = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: sessionCookie(res.headers['set-cookie']) } })
  expect(answer.statusCode).toBe(200)
  return answer.json().user
}

describe('sign in with GitHub and X', () => {
  it('lists both providers with their kinds', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/providers' })
    expect(res.json()).toEqual({
      providers: [
        { id: 'github', name: 'GitHub', kind: 'github' },
        { id: 'x', name: 'X', kind: 'x' },
      ],
    })
  })

  it('signs in with GitHub by its verified primary email, not the profile one', async () => {
    const owner = await buildOwner(app)
    remote.githubUser('octo', {
      id: 583231,
      login: 'octocat',
      name: null,
      emails: [
        { email: uniqueEmail('old'), primary: false, verified: true },
        { email: owner.user.email, primary: true, verified: true },
      ],
    })
    const res = await signInAs('github', 'octo')
    expect(res.headers.location).toBe(`${APP_URL}/`)
    expect((await me(res)).id).toBe(owner.user.id)
  })

  it('signs a newcomer up with GitHub, named by their login when they have no name', async () => {
    const email = uniqueEmail('hubber')
    remote.githubUser('new', { id: 42, login: 'hubber', name: null, emails: [{ email, primary: true, verified: true }] })
    expect(await me(await signInAs('github', 'new'))).toMatchObject({ email, name: 'hubber', role: 'owner' })
  })

  it('refuses a GitHub account whose primary email is not verified', async () => {
    const owner = await buildOwner(app)
    remote.githubUser('unverified', {
      id: 7,
      login: 'mallory',
      name: 'Mallory',
      emails: [{ email: owner.user.email, primary: true, verified: false }],
    })
    const res = await signInAs('github', 'unverified')
    expect(res.headers.location).toBe(`${APP_URL}/login?error=email_unverified`)
    expect(String(res.headers['set-cookie'])).not.toContain('closeroom_session=')
  })

  it('signs in with X by its confirmed email, and refuses an X account that gives none', async () => {
    const email = uniqueEmail('xer')
    remote.xUser('xer', { id: '2244994945', username: 'xer', name: 'Xavier', confirmed_email: email })
    expect(await me(await signInAs('x', 'xer'))).toMatchObject({ email, name: 'Xavier' })
    remote.xUser('silent', { id: '1', username: 'silent', name: 'Silent' })
    expect((await signInAs('x', 'silent')).headers.location).toBe(`${APP_URL}/login?error=email_unverified`)
  })

  it('never puts the client secret, codes or access tokens in an answer or the log', async () => {
    remote.githubUser('quiet', {
      id: 99,
      login: 'quiet',
      name: 'Quiet',
      emails: [{ email: uniqueEmail('quiet'), primary: true, verified: true }],
    })
    const res = await signInAs('github', 'quiet')
    expect(remote.issuedTokens.length).toBeGreaterThan(0)
    const text = logs.join('\n') + JSON.stringify(res.headers) + res.body
    for (const secret of [remote.clientSecret, ...remote.issuedTokens]) expect(text).not.toContain(secret)
    expect(text).not.toMatch(/callback\?code=/)
  })
})
