import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { userIdentities } from '../../db/schema/index.ts'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildMember, buildOwner, PASSWORD, sessionCookie, uniqueEmail } from '../../testing/factories.ts'
import { startOidcProvider, type TestOidcProvider } from '../../testing/oidc.ts'

const APP_URL = 'http://localhost:3000'
const CALLBACK = `${APP_URL}/api/auth/oauth/okta/callback`

let app: TestApp
let idp: TestOidcProvider
const logs: string[] = []

beforeAll(async () => {
  idp = await startOidcProvider([CALLBACK])
  app = await buildTestApp({
    env: {
      APP_URL,
      OIDC_PROVIDERS: JSON.stringify([
        { id: 'okta', name: 'Okta', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
      ]),
    },
    logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } },
  })
})
afterAll(async () => {
  await app.close()
  await idp.close()
})

/** Presses the Okta button (with a query: a return path, or a link from the settings by `cookie`'s member). */
async function start(query = '', cookie?: string) {
  const res = await app.inject({ method: 'GET', url: `/api/auth/oauth/okta${query}`, headers: cookie ? { cookie } : {} })
  expect(res.statusCode).toBe(302)
  const flow = String(res.headers['set-cookie']).match(/closeroom_oauth=([^;]+)/)?.[1]
  expect(flow).toBeTruthy()
  return { authorizationUrl: String(res.headers.location), flowCookie: `closeroom_oauth=${flow}` }
}

/** Back from the provider at the app's callback, as the browser would come, with the flow cookie (and its session). */
async function callback(returned: URL, flowCookie: string, session?: string) {
  const cookie = session ? `${flowCookie}; ${session}` : flowCookie
  const res = await app.inject({ method: 'GET', url: `${returned.pathname}${returned.search}`, headers: { cookie } })
  expect(res.statusCode).toBe(302)
  return res
}

/** The whole round trip as `accountId` at the provider. */
async function signInAs(accountId: string) {
  const { authorizationUrl, flowCookie } = await start()
  return callback(await idp.authorize(authorizationUrl, accountId), flowCookie)
}

async function me(res: Awaited<ReturnType<typeof callback>>) {
  const cookie = sessionCookie(res.headers['set-cookie'])
  const answer = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })
  expect(answer.statusCode).toBe(200)
  return answer.json().user
}

const refusedWith = (res: Awaited<ReturnType<typeof callback>>, code: string) => {
  expect(res.headers.location).toBe(`${APP_URL}/login?error=${code}`)
  expect(String(res.headers['set-cookie'] ?? '')).not.toContain('closeroom_session=')
}

describe('sign in with an OpenID Connect provider', () => {
  it('lists only the configured providers, without their secrets', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/providers' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ providers: [{ id: 'okta', name: 'Okta', kind: 'oidc' }] })
    expect(res.body).not.toContain(idp.clientSecret)
    expect((await app.inject({ method: 'GET', url: '/api/auth/oauth/google' })).statusCode).toBe(404)
  })

  it('sends the browser to the provider with PKCE, state and nonce, kept in a signed httpOnly cookie', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/oauth/okta' })
    const url = new URL(String(res.headers.location))
    expect(url.origin).toBe(idp.issuer)
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK)
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    for (const p of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(p)).toBeTruthy()
    expect(String(res.headers['set-cookie'])).toMatch(/closeroom_oauth=.+; Max-Age=600; Path=\/api\/auth\/oauth; HttpOnly; SameSite=Lax/)
    expect(String(res.headers['set-cookie'])).not.toContain(url.searchParams.get('state'))
  })

  it('links an existing account when the provider verified its email, and signs in with the same session', async () => {
    const owner = await buildOwner(app)
    idp.account('ann', { email: owner.user.email.toUpperCase(), email_verified: true, name: 'Ann at Okta' })
    const res = await signInAs('ann')
    expect(res.headers.location).toBe(`${APP_URL}/`)
    expect(String(res.headers['set-cookie'])).toMatch(/closeroom_session=[^;]+;.*HttpOnly; SameSite=Lax/)
    const user = await me(res)
    expect(user).toMatchObject({ id: owner.user.id, organizationId: owner.user.organizationId, name: owner.user.name })
    const links = await app.database.db.select().from(userIdentities).where(eq(userIdentities.userId, owner.user.id))
    expect(links).toMatchObject([{ provider: 'okta', subject: 'ann' }])
    // The identity stays linked: the next sign-in finds the member by it.
    expect((await me(await signInAs('ann'))).id).toBe(owner.user.id)
  })

  it('takes back an account registered with an address its registrant never verified', async () => {
    const squatter = await buildOwner(app)
    idp.account('rita', { email: squatter.user.email, email_verified: true, name: 'Rita' })
    expect((await me(await signInAs('rita'))).id).toBe(squatter.user.id)
    // The registrant's session and password were never proven to be the address owner's: both are gone.
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: squatter.cookie } })).statusCode).toBe(401)
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: squatter.user.email, password: PASSWORD } })
    expect(login.statusCode).toBe(401)
  })

  it('keeps the password and sessions of an account whose address was already verified', async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner)
    idp.account('vic', { email: member.user.email, email_verified: true, name: 'Vic' })
    expect((await me(await signInAs('vic'))).id).toBe(member.user.id)
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: member.cookie } })).statusCode).toBe(200)
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.user.email, password: PASSWORD } })
    expect(login.statusCode).toBe(200)
  })

  it('gives a new person an organization of their own, as signing up by email does', async () => {
    const email = uniqueEmail('newcomer')
    idp.account('nora', { email, email_verified: true, name: 'Nora New' })
    const user = await me(await signInAs('nora'))
    expect(user).toMatchObject({ email, name: 'Nora New', role: 'owner', emailVerified: true })
    const org = await app.inject({
      method: 'GET',
      url: `/api/users/${user.id}`,
      headers: { cookie: sessionCookie((await signInAs('nora')).headers['set-cookie']) },
    })
    expect(org.json()).toMatchObject({ status: 'active', organizationId: user.organizationId })
  })

  it('makes one account when a newcomer finishes signing in in two tabs at once', async () => {
    const email = uniqueEmail('twotabs')
    idp.account('tia', { email, email_verified: true, name: 'Tia Tabs' })
    const [one, two] = await Promise.all([start(), start()])
    const [backOne, backTwo] = await Promise.all([idp.authorize(one.authorizationUrl, 'tia'), idp.authorize(two.authorizationUrl, 'tia')])
    const [first, second] = await Promise.all([callback(backOne, one.flowCookie), callback(backTwo, two.flowCookie)])
    expect((await me(first)).id).toBe((await me(second)).id)
  })

  it('lets an invited person join the organization that invited them', async () => {
    const owner = await buildOwner(app)
    const email = uniqueEmail('invitee')
    const invited = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: owner.cookie },
      payload: { email, role: 'admin' },
    })
    expect(invited.statusCode).toBe(201)
    idp.account('ivy', { email, email_verified: true, name: 'Ivy Invited' })
    const user = await me(await signInAs('ivy'))
    expect(user).toMatchObject({ id: invited.json().id, organizationId: owner.user.organizationId, role: 'admin' })
    const member = await app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: { cookie: owner.cookie } })
    expect(member.json()).toMatchObject({ status: 'active' })
    // The emailed link is spent: the invitation was accepted by signing in.
    const link = (await app.outbox(email))[0]?.text.match(/invitation=([\w-]+)/)?.[1]
    const accept = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email, password: PASSWORD, name: 'Ivy', invitation: link },
    })
    expect(accept.statusCode).toBe(400)
  })

  it('refuses a tampered state, and a callback without its flow cookie', async () => {
    const owner = await buildOwner(app)
    idp.account('sam', { email: owner.user.email, email_verified: true, name: 'Sam' })
    const { authorizationUrl, flowCookie } = await start()
    const returned = await idp.authorize(authorizationUrl, 'sam')
    const tampered = new URL(returned)
    tampered.searchParams.set('state', 'forged-state')
    refusedWith(await callback(tampered, flowCookie), 'oauth_state')
    refusedWith(await callback(returned, 'closeroom_oauth=forged.value'), 'oauth_state')
    expect(await app.database.db.select().from(userIdentities).where(eq(userIdentities.userId, owner.user.id))).toEqual([])
  })

  it('refuses an ID token whose nonce is not the one this browser was given', async () => {
    const owner = await buildOwner(app)
    idp.account('nick', { email: owner.user.email, email_verified: true, name: 'Nick' })
    const { authorizationUrl, flowCookie } = await start()
    const other = new URL(authorizationUrl)
    other.searchParams.set('nonce', 'a-nonce-from-another-attempt')
    refusedWith(await callback(await idp.authorize(other.href, 'nick'), flowCookie), 'oauth_nonce')
  })

  it('refuses an email the provider has not verified, without linking it', async () => {
    const owner = await buildOwner(app)
    idp.account('eve', { email: owner.user.email, email_verified: false, name: 'Eve' })
    refusedWith(await signInAs('eve'), 'email_unverified')
    idp.account('una', { email: uniqueEmail('unverified'), email_verified: false, name: 'Una' })
    refusedWith(await signInAs('una'), 'email_unverified')
    expect(await app.database.db.select().from(userIdentities).where(eq(userIdentities.subject, 'eve'))).toEqual([])
  })

  it('refuses a deactivated member, even through an identity linked before', async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner)
    idp.account('dan', { email: member.user.email, email_verified: true, name: 'Dan' })
    expect((await me(await signInAs('dan'))).id).toBe(member.user.id)
    const off = await app.inject({ method: 'DELETE', url: `/api/users/${member.user.id}`, headers: { cookie: owner.cookie } })
    expect(off.json().status).toBe('deactivated')
    refusedWith(await signInAs('dan'), 'account_deactivated')
  })

  it('says so when the person turns the provider down', async () => {
    const { flowCookie } = await start()
    refusedWith(await callback(new URL(`${CALLBACK}?error=access_denied&state=x`), flowCookie), 'oauth_denied')
  })

  it('never puts the client secret, codes or tokens in an answer or the log', async () => {
    idp.account('lee', { email: uniqueEmail('logged'), email_verified: true, name: 'Lee' })
    const { authorizationUrl, flowCookie } = await start()
    const returned = await idp.authorize(authorizationUrl, 'lee')
    const res = await callback(returned, flowCookie)
    const code = returned.searchParams.get('code') ?? ''
    const tokens = idp.tokenAnswers.flatMap((answer) =>
      Object.values(JSON.parse(answer) as Record<string, unknown>).filter((v) => typeof v === 'string' && v.length > 20),
    )
    expect(tokens.length).toBeGreaterThan(0)
    const text = logs.join('\n') + JSON.stringify(res.headers) + res.body
    for (const secret of [idp.clientSecret, code, ...tokens]) expect(text).not.toContain(secret)
  })
})

describe('the page asked for, and the accounts linked in the settings', () => {
  const identities = async (cookie: string) => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/identities', headers: { cookie } })
    expect(res.statusCode).toBe(200)
    return res.json() as {
      identities: { id: string; provider: string; providerName: string | null; email: string }[]
      hasPassword: boolean
    }
  }
  const unlink = (cookie: string, id: string) => app.inject({ method: 'DELETE', url: `/api/auth/identities/${id}`, headers: { cookie } })

  it('lands on the page the person was sent away from, and only ever on this site', async () => {
    const owner = await buildOwner(app)
    idp.account('ria', { email: owner.user.email, email_verified: true, name: 'Ria' })
    const to = async (returnTo: string) => {
      const { authorizationUrl, flowCookie } = await start(`?returnTo=${encodeURIComponent(returnTo)}`)
      return (await callback(await idp.authorize(authorizationUrl, 'ria'), flowCookie)).headers.location
    }
    expect(await to('/deals/42?tab=room')).toBe(`${APP_URL}/deals/42?tab=room`)
    for (const away of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', '/ok\u0000'])
      expect(await to(away)).toBe(`${APP_URL}/`)
    // A refusal keeps the page asked for, so the next try still lands there.
    idp.account('rex', { email: uniqueEmail('rex'), email_verified: false, name: 'Rex' })
    const { authorizationUrl, flowCookie } = await start('?returnTo=/deals/42')
    const refused = await callback(await idp.authorize(authorizationUrl, 'rex'), flowCookie)
    expect(refused.headers.location).toBe(`${APP_URL}/login?error=email_unverified&returnTo=%2Fdeals%2F42`)
  })

  it('links an account at the provider to the member signed in, whatever its email, and it signs them in after', async () => {
    const member = await buildOwner(app)
    idp.account('lin', { email: uniqueEmail('elsewhere'), email_verified: false, name: 'Lin' })
    const { authorizationUrl, flowCookie } = await start('?link=1&returnTo=/settings/change-password', member.cookie)
    const back = await callback(await idp.authorize(authorizationUrl, 'lin'), flowCookie, member.cookie)
    expect(back.headers.location).toBe(`${APP_URL}/settings/change-password?linked=okta`)
    // Linking starts no new session: the member's own goes on.
    expect(String(back.headers['set-cookie'] ?? '')).not.toContain('closeroom_session=')
    const list = await identities(member.cookie)
    expect(list).toMatchObject({ hasPassword: true, identities: [{ provider: 'okta', providerName: 'Okta' }] })
    expect((await me(await signInAs('lin'))).id).toBe(member.user.id)
  })

  it('refuses to link an account another member has linked, and a link finished by another session', async () => {
    const first = await buildOwner(app)
    const second = await buildOwner(app)
    idp.account('kim', { email: uniqueEmail('kim'), email_verified: true, name: 'Kim' })
    const linked = await start('?link=1', first.cookie)
    await callback(await idp.authorize(linked.authorizationUrl, 'kim'), linked.flowCookie, first.cookie)
    expect((await identities(first.cookie)).identities).toMatchObject([{ provider: 'okta' }])
    const taken = await start('?link=1&returnTo=/settings/change-password', second.cookie)
    const back = await callback(await idp.authorize(taken.authorizationUrl, 'kim'), taken.flowCookie, second.cookie)
    expect(back.headers.location).toBe(`${APP_URL}/settings/change-password?error=identity_taken`)
    expect((await identities(second.cookie)).identities).toEqual([])

    // Started by one member, finished in a browser signed in as another (or signed out): not linked to either.
    idp.account('joy', { email: uniqueEmail('joy'), email_verified: true, name: 'Joy' })
    const started = await start('?link=1', first.cookie)
    refusedWith(await callback(await idp.authorize(started.authorizationUrl, 'joy'), started.flowCookie, second.cookie), 'oauth_state')
    expect(await app.database.db.select().from(userIdentities).where(eq(userIdentities.subject, 'joy'))).toEqual([])

    // A link asked for by a browser no longer signed in goes to the sign-in page first, not to the provider.
    const signedOut = await app.inject({ method: 'GET', url: '/api/auth/oauth/okta?link=1&returnTo=/settings/change-password' })
    expect(signedOut.headers.location).toBe(`${APP_URL}/login?returnTo=%2Fsettings%2Fchange-password`)
  })

  it('unlinks an account, but never the only way in of a member without a password', async () => {
    const email = uniqueEmail('onlyway')
    idp.account('ola', { email, email_verified: true, name: 'Ola' })
    const cookie = sessionCookie((await signInAs('ola')).headers['set-cookie'])
    const {
      identities: [only],
      hasPassword,
    } = await identities(cookie)
    expect(hasPassword).toBe(false)
    const refused = await unlink(cookie, only?.id ?? '')
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ code: 'last_sign_in_method' })
    expect((await identities(cookie)).identities).toHaveLength(1)

    // Another member cannot see or unlink it.
    const stranger = await buildOwner(app)
    expect((await unlink(stranger.cookie, only?.id ?? '')).statusCode).toBe(404)
    expect((await identities(stranger.cookie)).identities).toEqual([])

    // With a password set, the link can go, and the provider no longer signs this member in by it.
    const set = await app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers: { cookie },
      payload: { newPassword: 'A-new-passw0rd!' },
    })
    expect(set.statusCode).toBe(200)
    expect((await unlink(cookie, only?.id ?? '')).statusCode).toBe(200)
    expect(await identities(cookie)).toEqual({ hasPassword: true, identities: [] })
  })
})
