import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { userTokens } from '../../db/schema/index.ts'
import { hashToken } from '../../lib/tokens.ts'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildOwner, invalidField, PASSWORD, sessionCookie, uniqueEmail } from '../../testing/factories.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })
const login = (email: string, password: string) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })

describe('register', () => {
  it('creates an owner in a new organization, signs them in and emails a verification code', async () => {
    const email = uniqueEmail()
    const res = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: email.toUpperCase(), password: PASSWORD, name: ' Ada ' },
    })
    expect(res.statusCode).toBe(201)
    const { user } = res.json()
    expect(user).toMatchObject({ email, name: 'Ada', role: 'owner', status: 'active', emailVerified: false, locale: 'en', timeZone: 'UTC' })
    expect(user).not.toHaveProperty('passwordHash')

    const cookie = res.headers['set-cookie']
    expect(cookie).toMatch(/closeroom_session=[^;]+;.*HttpOnly/)
    expect(cookie).toMatch(/SameSite=Lax/)
    expect(cookie).not.toMatch(/Secure/)
    expect((await me(sessionCookie(cookie))).json().user.id).toBe(user.id)

    const [mail] = await app.outbox(email)
    expect(mail?.subject).toMatch(/^\d{6} is your Closeroom verification code$/)
  })

  it('stores the password with argon2id, never in clear', async () => {
    const { user } = await buildOwner(app)
    const rows = await app.database.db.query.users.findMany()
    const row = rows.find((u) => u.id === user.id)
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/)
    expect(row?.passwordHash).not.toContain(PASSWORD)
  })

  it('refuses an email that already has an account, whatever its case, with 409', async () => {
    const { user } = await buildOwner(app)
    const res = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: user.email.toUpperCase(), password: PASSWORD, name: 'Again' },
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ message: 'An account with this email already exists', code: 'email_taken' })
  })

  it.each([
    [{ email: 'not-an-email', password: PASSWORD, name: 'A' }, 'email: Must be a valid email address'],
    [{ email: 'a@example.com', password: 'short', name: 'A' }, 'password: Must be at least 8 characters'],
    [{ email: 'a@example.com', password: PASSWORD, name: '   ' }, 'name: Name is required'],
    [{ email: 'a@example.com', password: PASSWORD }, 'name: Invalid input: expected string, received undefined'],
  ])('answers 400 naming the field for %j', async (payload, message) => {
    const res = await app.inject({ method: 'POST', url: '/api/register', payload })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual(invalidField(message))
  })

  it('answers 400, not 500, to a body that is not JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toEqual(expect.any(String))
  })
})

describe('login and logout', () => {
  it('signs in with the right password and answers the user', async () => {
    const { user } = await buildOwner(app)
    const res = await login(user.email, PASSWORD)
    expect(res.statusCode).toBe(200)
    expect(res.json().user).toMatchObject({ id: user.id, email: user.email })
    expect((await me(sessionCookie(res.headers['set-cookie']))).statusCode).toBe(200)
  })

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const { user } = await buildOwner(app)
    const wrong = await login(user.email, 'not the password')
    const unknown = await login(uniqueEmail('nobody'), 'not the password')
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json()).toEqual({ message: 'Email or password is incorrect', code: 'credentials_wrong' })
    expect(unknown.json()).toEqual(wrong.json())
  })

  it('revokes the session on logout, so the same cookie no longer works', async () => {
    const { cookie } = await buildOwner(app)
    const res = await app.inject({ method: 'DELETE', url: '/api/auth/logout', headers: { cookie } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['set-cookie']).toMatch(/closeroom_session=;/)
    const after = await me(cookie)
    expect(after.statusCode).toBe(401)
    expect(after.json()).toEqual({ message: 'You are not signed in', code: 'unauthorized' })
  })

  it('signs out of every device at once', async () => {
    const owner = await buildOwner(app)
    const laptop = sessionCookie((await login(owner.user.email, PASSWORD)).headers['set-cookie'])
    const sessions = await app.inject({ method: 'GET', url: '/api/auth/sessions', headers: { cookie: laptop } })
    expect(sessions.json().sessions).toHaveLength(2)
    expect(sessions.json().sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1)

    const res = await app.inject({ method: 'DELETE', url: '/api/auth/sessions', headers: { cookie: laptop } })
    expect(res.statusCode).toBe(200)
    expect((await me(laptop)).statusCode).toBe(401)
    expect((await me(owner.cookie)).statusCode).toBe(401)
  })

  it('signs one device out, and only a session of your own', async () => {
    const owner = await buildOwner(app)
    const laptop = sessionCookie((await login(owner.user.email, PASSWORD)).headers['set-cookie'])
    const listed = (await app.inject({ method: 'GET', url: '/api/auth/sessions', headers: { cookie: laptop } })).json().sessions
    const other = listed.find((s: { current: boolean }) => !s.current)

    // Someone else cannot end it, and learns nothing about it.
    const stranger = await buildOwner(app)
    const refused = await app.inject({ method: 'DELETE', url: `/api/auth/sessions/${other.id}`, headers: { cookie: stranger.cookie } })
    expect(refused.statusCode).toBe(404)
    expect((await me(owner.cookie)).statusCode).toBe(200)

    const ended = await app.inject({ method: 'DELETE', url: `/api/auth/sessions/${other.id}`, headers: { cookie: laptop } })
    expect(ended.statusCode).toBe(200)
    expect((await me(owner.cookie)).statusCode).toBe(401)
    expect((await me(laptop)).statusCode).toBe(200)
    // Ended already: nothing left to end.
    expect((await app.inject({ method: 'DELETE', url: `/api/auth/sessions/${other.id}`, headers: { cookie: laptop } })).statusCode).toBe(
      404,
    )
  })

  it('refuses a forged or tampered session cookie', async () => {
    const { cookie } = await buildOwner(app)
    const [header, payload] = cookie.replace('closeroom_session=', '').split('.')
    const forged = `closeroom_session=${header}.${payload}.${'A'.repeat(43)}`
    expect((await me(forged)).statusCode).toBe(401)
    expect((await me('closeroom_session=garbage')).statusCode).toBe(401)
    expect((await me('')).statusCode).toBe(401)
  })
})

describe('signup by email', () => {
  it('creates an organization and an owner without a password, signs in and emails a set-password link', async () => {
    const email = uniqueEmail('signup')
    const res = await app.inject({ method: 'POST', url: '/api/account/signup', payload: { email } })
    expect(res.statusCode).toBe(201)
    expect(res.json().user).toMatchObject({ email, role: 'owner', status: 'active' })
    const cookie = sessionCookie(res.headers['set-cookie'])
    expect((await me(cookie)).statusCode).toBe(200)

    const [mail] = await app.outbox(email)
    expect(mail?.subject).toBe('Welcome to Closeroom')
    const token = mail?.text.match(/new-password\?token=([\w-]+)/)?.[1]
    expect(token).toBeDefined()

    // With no password yet, logging in fails until the link is used.
    expect((await login(email, PASSWORD)).statusCode).toBe(401)
    const reset = await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: PASSWORD } })
    expect(reset.statusCode).toBe(200)
    expect((await login(email, PASSWORD)).statusCode).toBe(200)
  })

  it('refuses an email that already has an account with 409', async () => {
    const { user } = await buildOwner(app)
    const res = await app.inject({ method: 'POST', url: '/api/account/signup', payload: { email: user.email } })
    expect(res.statusCode).toBe(409)
  })
})

describe('forgot and reset password', () => {
  it('emails a one-time link that sets a new password and signs out every session', async () => {
    const owner = await buildOwner(app)
    const res = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: owner.user.email } })
    expect(res.statusCode).toBe(200)
    const [mail] = await app.outbox(owner.user.email)
    expect(mail?.subject).toBe('Reset your Closeroom password')
    const token = mail?.text.match(/\/auth\/new-password\?token=([\w-]+)/)?.[1]

    const reset = await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'a brand new secret' } })
    expect(reset.statusCode).toBe(200)
    expect((await me(owner.cookie)).statusCode).toBe(401)
    expect((await login(owner.user.email, PASSWORD)).statusCode).toBe(401)
    expect((await login(owner.user.email, 'a brand new secret')).statusCode).toBe(200)

    const again = await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'yet another one' } })
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({
      message: 'token: This link is invalid or has expired. Ask for a new one.',
      code: 'link_expired',
      field: 'token',
    })
  })

  it('answers the same for an unknown email and sends nothing', async () => {
    const email = uniqueEmail('ghost')
    const res = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ok: true })
    expect(await app.outbox(email)).toHaveLength(0)
  })
})

describe('email verification', () => {
  it('verifies the address with the emailed code, once', async () => {
    const owner = await buildOwner(app)
    const code = (await app.outbox(owner.user.email))[0]?.subject.slice(0, 6)
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { email: owner.user.email, code: code === '000000' ? '111111' : '000000' },
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toEqual({ message: 'code: This code is wrong or has expired', code: 'code_wrong', field: 'code' })

    const res = await app.inject({ method: 'POST', url: '/api/auth/verify', payload: { email: owner.user.email, code } })
    expect(res.statusCode).toBe(200)
    expect((await me(owner.cookie)).json().user.emailVerified).toBe(true)
    const reuse = await app.inject({ method: 'POST', url: '/api/auth/verify', payload: { email: owner.user.email, code } })
    expect(reuse.statusCode).toBe(400)
  })

  it('lets two people hold the same code, each verifying their own address with it', async () => {
    const first = await buildOwner(app)
    const code = (await app.outbox(first.user.email))[0]?.subject.slice(0, 6) ?? ''
    const second = await buildOwner(app)
    // Six digits repeat across people sooner or later: give the second person the first one's code. (A unique
    // index once refused that, and the sign-up that drew a code already given answered 409.)
    await app.database.db
      .update(userTokens)
      .set({ tokenHash: hashToken(code) })
      .where(and(eq(userTokens.userId, second.user.id), eq(userTokens.purpose, 'verify_email')))
    for (const owner of [second, first]) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/verify', payload: { email: owner.user.email, code } })
      expect(res.statusCode).toBe(200)
    }
  })

  it('kills the code after five wrong guesses', async () => {
    const owner = await buildOwner(app)
    const code = (await app.outbox(owner.user.email))[0]?.subject.slice(0, 6) ?? ''
    const wrongCode = code === '123456' ? '654321' : '123456'
    for (let i = 0; i < 5; i++) {
      await app.inject({ method: 'POST', url: '/api/auth/verify', payload: { email: owner.user.email, code: wrongCode } })
    }
    const res = await app.inject({ method: 'POST', url: '/api/auth/verify', payload: { email: owner.user.email, code } })
    expect(res.statusCode).toBe(400)
  })

  it('sends a new code on request, and says so when the address is already verified', async () => {
    const owner = await buildOwner(app)
    const resend = await app.inject({ method: 'POST', url: '/api/auth/verify/resend', headers: { cookie: owner.cookie } })
    expect(resend.statusCode).toBe(200)
    const mails = await app.outbox(owner.user.email)
    expect(mails).toHaveLength(2)
    const code = mails[0]?.subject.slice(0, 6)
    expect((await app.inject({ method: 'POST', url: '/api/auth/verify', payload: { email: owner.user.email, code } })).statusCode).toBe(200)
    const again = await app.inject({ method: 'POST', url: '/api/auth/verify/resend', headers: { cookie: owner.cookie } })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ message: 'Your email address is already verified', code: 'already_verified' })
  })
})

describe('settings and password', () => {
  it('updates name, phone, time zone, locale and avatar, and answers the updated user', async () => {
    const { cookie } = await buildOwner(app)
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/settings',
      headers: { cookie },
      payload: {
        name: 'Ada Lovelace',
        phone: '+33 6 12 34 56 78',
        timeZone: 'Asia/Kolkata',
        locale: 'fr',
        avatarUrl: 'cdn.example.com/ada.png',
      },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      name: 'Ada Lovelace',
      phone: '+33612345678',
      timeZone: 'Asia/Kolkata',
      locale: 'fr',
      avatarUrl: 'https://cdn.example.com/ada.png',
    })
    expect((await me(cookie)).json().user.locale).toBe('fr')
  })

  it.each([
    [{ phone: '12' }, 'phone: This phone number is not valid'],
    [{ timeZone: 'Mars/Olympus' }, 'timeZone: Must be an IANA time zone such as Europe/Paris'],
    [{ locale: 'de' }, 'locale: Invalid option: expected one of "en"|"fr"|"vi"|"cn"|"ar"'],
    [{ avatarUrl: 'not a url' }, 'avatarUrl: Must be a valid URL'],
  ])('refuses %j with 400 naming the field', async (payload, message) => {
    const { cookie } = await buildOwner(app)
    const res = await app.inject({ method: 'POST', url: '/api/user/settings', headers: { cookie }, payload })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual(invalidField(message))
  })

  it('requires being signed in', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/user/settings', payload: { name: 'X' } })
    expect(res.statusCode).toBe(401)
  })

  it('changes the password only with the current one, keeping this session and ending the others', async () => {
    const owner = await buildOwner(app)
    const other = sessionCookie((await login(owner.user.email, PASSWORD)).headers['set-cookie'])
    const missing = await app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers: { cookie: owner.cookie },
      payload: { newPassword: 'new password 1' },
    })
    expect(missing.json()).toEqual({ message: 'oldPassword: Enter your current password', code: 'invalid', field: 'oldPassword' })
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers: { cookie: owner.cookie },
      payload: { oldPassword: 'nope nope', newPassword: 'new password 1' },
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toEqual({
      message: 'oldPassword: The current password is incorrect',
      code: 'password_wrong',
      field: 'oldPassword',
    })

    const ok = await app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers: { cookie: owner.cookie },
      payload: { oldPassword: PASSWORD, newPassword: 'new password 1' },
    })
    expect(ok.statusCode).toBe(200)
    expect((await me(owner.cookie)).statusCode).toBe(200)
    expect((await me(other)).statusCode).toBe(401)
    expect((await login(owner.user.email, 'new password 1')).statusCode).toBe(200)
  })
})
