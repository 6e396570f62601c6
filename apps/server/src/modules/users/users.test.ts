import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildMember, buildOwner, type Client, PASSWORD, sessionCookie, uniqueEmail } from '../../testing/factories.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const call = (client: Client | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: client ? { cookie: client.cookie } : {}, payload })

async function invitationToken(email: string) {
  const [mail] = await app.outbox(email)
  return mail?.text.match(/invitation=([\w-]+)/)?.[1] ?? ''
}

describe('inviting people', () => {
  it('invites by email; the link lets them join the organization with the role given, verified', async () => {
    const owner = await buildOwner(app, { name: 'Olivia' })
    const email = uniqueEmail('invitee')
    const invited = await call(owner, 'POST', '/api/users', { email: email.toUpperCase(), role: 'admin' })
    expect(invited.statusCode).toBe(201)
    expect(invited.json()).toMatchObject({ email, role: 'admin', status: 'invited', organizationId: owner.user.organizationId })

    const [mail] = await app.outbox(email)
    expect(mail?.subject).toMatch(/^Olivia invited you to Olivia's organization on Closeroom$/)
    expect(mail?.text).toContain(`/register?invitation=`)

    const res = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email, password: PASSWORD, name: 'Ines Invitee', invitation: await invitationToken(email) },
    })
    expect(res.statusCode).toBe(201)
    expect(res.json().user).toMatchObject({
      id: invited.json().id,
      name: 'Ines Invitee',
      role: 'admin',
      status: 'active',
      emailVerified: true,
      organizationId: owner.user.organizationId,
    })
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: sessionCookie(res.headers['set-cookie']) } })
    expect(me.json().user.organizationId).toBe(owner.user.organizationId)
  })

  it('refuses a used or forged invitation, and an address other than the invited one', async () => {
    const owner = await buildOwner(app)
    const email = uniqueEmail('invitee')
    await call(owner, 'POST', '/api/users', { email })
    const token = await invitationToken(email)

    const otherEmail = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: uniqueEmail(), password: PASSWORD, name: 'X', invitation: token },
    })
    expect(otherEmail.statusCode).toBe(400)
    expect(otherEmail.json()).toEqual({ message: 'email: Use the address the invitation was sent to' })

    const forged = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email, password: PASSWORD, name: 'X', invitation: 'forged-token' },
    })
    expect(forged.statusCode).toBe(400)
    expect(forged.json()).toEqual({ message: 'invitation: This invitation is invalid or has expired' })

    expect(
      (await app.inject({ method: 'POST', url: '/api/register', payload: { email, password: PASSWORD, name: 'X', invitation: token } }))
        .statusCode,
    ).toBe(201)
    const reused = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email, password: PASSWORD, name: 'X', invitation: token },
    })
    expect(reused.statusCode).toBe(400)
  })

  it('refuses an address that already has an account with 409, and a member who tries to invite with 403', async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner)
    const taken = await call(owner, 'POST', '/api/users', { email: member.user.email })
    expect(taken.statusCode).toBe(409)
    expect(taken.json()).toEqual({ message: 'An account with this email already exists' })

    const res = await call(member, 'POST', '/api/users', { email: uniqueEmail() })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({ message: 'Only owners and admins can invite users; only owners can invite owners' })
  })

  it('lets an admin invite members and admins but not owners', async () => {
    const owner = await buildOwner(app)
    const admin = await buildMember(app, owner, { role: 'admin' })
    expect((await call(admin, 'POST', '/api/users', { email: uniqueEmail(), role: 'admin' })).statusCode).toBe(201)
    expect((await call(admin, 'POST', '/api/users', { email: uniqueEmail(), role: 'owner' })).statusCode).toBe(403)
  })
})

describe('seeing people', () => {
  it("lists the organization's people, and nobody else's", async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner)
    const stranger = await buildOwner(app)
    const res = await call(member, 'GET', '/api/users')
    expect(res.statusCode).toBe(200)
    const ids = res.json().users.map((u: { id: string }) => u.id)
    expect(ids.sort()).toEqual([owner.user.id, member.user.id].sort())
    expect(ids).not.toContain(stranger.user.id)
  })

  it("answers 404 for another organization's user, whatever the verb", async () => {
    const owner = await buildOwner(app)
    const stranger = await buildOwner(app)
    for (const [method, payload] of [['GET'], ['PATCH', { name: 'Hacked' }], ['DELETE']] as const) {
      const res = await call(owner, method, `/api/users/${stranger.user.id}`, payload)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ message: 'User not found' })
    }
    expect((await call(stranger, 'GET', '/api/auth/me')).json().user.name).not.toBe('Hacked')
  })

  it('answers 400 naming the field for a malformed id, and 401 when signed out', async () => {
    const owner = await buildOwner(app)
    const res = await call(owner, 'GET', '/api/users/not-a-uuid')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message: 'id: Must be a valid id' })
    expect((await call(null, 'GET', '/api/users')).statusCode).toBe(401)
  })
})

describe('roles', () => {
  it('lets an owner promote a member to admin and demote them again', async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner)
    const promoted = await call(owner, 'PATCH', `/api/users/${member.user.id}`, { role: 'admin' })
    expect(promoted.statusCode).toBe(200)
    expect(promoted.json().role).toBe('admin')
    expect((await call(owner, 'PATCH', `/api/users/${member.user.id}`, { role: 'member' })).json().role).toBe('member')
  })

  it('refuses role changes by members, by admins on owners, to owner by admins, and on oneself', async () => {
    const owner = await buildOwner(app)
    const admin = await buildMember(app, owner, { role: 'admin' })
    const member = await buildMember(app, owner)
    expect((await call(member, 'PATCH', `/api/users/${admin.user.id}`, { role: 'member' })).statusCode).toBe(403)
    expect((await call(admin, 'PATCH', `/api/users/${owner.user.id}`, { role: 'member' })).statusCode).toBe(403)
    expect((await call(admin, 'PATCH', `/api/users/${member.user.id}`, { role: 'owner' })).statusCode).toBe(403)
    const self = await call(admin, 'PATCH', `/api/users/${admin.user.id}`, { role: 'owner' })
    expect(self.statusCode).toBe(403)
    expect(self.json().message).toMatch(/nobody changes their own role/)
    expect((await call(admin, 'PATCH', `/api/users/${member.user.id}`, { role: 'admin' })).statusCode).toBe(200)
  })

  it('never leaves the organization without an owner', async () => {
    const owner = await buildOwner(app)
    const second = await buildMember(app, owner, { role: 'admin' })
    expect((await call(owner, 'PATCH', `/api/users/${second.user.id}`, { role: 'owner' })).statusCode).toBe(200)
    // With two owners, one may step the other down…
    expect((await call(second, 'PATCH', `/api/users/${owner.user.id}`, { role: 'member' })).statusCode).toBe(200)
    // …but the one left can neither step down nor be stepped down or deactivated by anyone else.
    expect((await call(second, 'PATCH', `/api/users/${second.user.id}`, { role: 'member' })).statusCode).toBe(403)
    expect((await call(second, 'DELETE', `/api/users/${second.user.id}`)).statusCode).toBe(403)
    expect((await call(owner, 'PATCH', `/api/users/${second.user.id}`, { role: 'member' })).statusCode).toBe(403)
    const owners = (await call(second, 'GET', '/api/users'))
      .json()
      .users.filter((u: { role: string; status: string }) => u.role === 'owner' && u.status === 'active')
    expect(owners).toHaveLength(1)
  })

  it('refuses a role that does not exist with 400', async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner)
    const res = await call(owner, 'PATCH', `/api/users/${member.user.id}`, { role: 'god' })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/^role: /)
  })
})

describe('deactivation', () => {
  it('ends their sessions, refuses their sign-in, keeps them listed, and can be undone', async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner)
    const res = await call(owner, 'DELETE', `/api/users/${member.user.id}`)
    expect(res.statusCode).toBe(200)
    expect(res.json().status).toBe('deactivated')
    expect((await call(member, 'GET', '/api/auth/me')).statusCode).toBe(401)

    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.user.email, password: PASSWORD } })
    expect(login.statusCode).toBe(403)
    expect(login.json()).toEqual({ message: 'This account has been deactivated. Ask an admin of your organization.' })
    expect((await call(owner, 'GET', '/api/users')).json().users.map((u: { id: string }) => u.id)).toContain(member.user.id)

    const back = await call(owner, 'PATCH', `/api/users/${member.user.id}`, { active: true })
    expect(back.json().status).toBe('active')
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.user.email, password: PASSWORD } })).statusCode,
    ).toBe(200)
  })

  it('refuses deactivating oneself, an owner by an admin, and anyone by a member', async () => {
    const owner = await buildOwner(app)
    const admin = await buildMember(app, owner, { role: 'admin' })
    const member = await buildMember(app, owner)
    expect((await call(owner, 'DELETE', `/api/users/${owner.user.id}`)).statusCode).toBe(403)
    expect((await call(admin, 'DELETE', `/api/users/${owner.user.id}`)).statusCode).toBe(403)
    expect((await call(member, 'DELETE', `/api/users/${admin.user.id}`)).statusCode).toBe(403)
    expect((await call(admin, 'DELETE', `/api/users/${member.user.id}`)).statusCode).toBe(200)
  })
})
