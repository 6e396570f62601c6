import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildMember, buildOwner, type Client } from '../../testing/factories.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const call = (client: Client, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie: client.cookie }, payload })

const memberIds = (team: { members: { id: string }[] }) => team.members.map((m) => m.id).sort()

describe('teams', () => {
  it('creates a team with members, renames it, changes its members and deletes it', async () => {
    const owner = await buildOwner(app)
    const maya = await buildMember(app, owner, { name: 'Maya' })
    const sam = await buildMember(app, owner, { name: 'Sam' })

    const created = await call(owner, 'POST', '/api/teams', { name: ' Enterprise ', memberIds: [maya.user.id, maya.user.id, sam.user.id] })
    expect(created.statusCode).toBe(201)
    const team = created.json()
    expect(team.name).toBe('Enterprise')
    // A person listed twice is a member once.
    expect(memberIds(team)).toEqual([maya.user.id, sam.user.id].sort())
    expect(team.members[0]).toEqual({ id: maya.user.id, name: 'Maya', email: maya.user.email, avatarUrl: null })

    const renamed = await call(owner, 'PATCH', `/api/teams/${team.id}`, { name: 'Mid-market' })
    expect(renamed.json()).toMatchObject({ name: 'Mid-market' })
    expect(memberIds(renamed.json())).toEqual(memberIds(team))

    const reshuffled = await call(owner, 'PATCH', `/api/teams/${team.id}`, { memberIds: [owner.user.id] })
    expect(memberIds(reshuffled.json())).toEqual([owner.user.id])

    expect((await call(owner, 'GET', '/api/teams')).json().teams.map((t: { id: string }) => t.id)).toEqual([team.id])
    expect((await call(owner, 'DELETE', `/api/teams/${team.id}`)).json()).toEqual({ ok: true })
    expect((await call(owner, 'GET', `/api/teams/${team.id}`)).statusCode).toBe(404)
  })

  it("refuses another organization's user as a member, with 400 naming memberIds", async () => {
    const owner = await buildOwner(app)
    const stranger = await buildOwner(app)
    const res = await call(owner, 'POST', '/api/teams', { name: 'Mixed', memberIds: [stranger.user.id] })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message: 'memberIds: Every member must be a user of your organization' })
    expect((await call(owner, 'GET', '/api/teams')).json().teams).toEqual([])
  })

  it("keeps a team's members as they were when a patch names another organization's user", async () => {
    const owner = await buildOwner(app)
    const stranger = await buildOwner(app)
    const team = (await call(owner, 'POST', '/api/teams', { name: 'Core', memberIds: [owner.user.id] })).json()
    const res = await call(owner, 'PATCH', `/api/teams/${team.id}`, { name: 'Core+', memberIds: [owner.user.id, stranger.user.id] })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message: 'memberIds: Every member must be a user of your organization' })
    const after = (await call(owner, 'GET', `/api/teams/${team.id}`)).json()
    expect(after.name).toBe('Core')
    expect(memberIds(after)).toEqual([owner.user.id])
  })

  it('lets an admin create, change and delete teams', async () => {
    const owner = await buildOwner(app)
    const admin = await buildMember(app, owner, { role: 'admin' })
    const created = await call(admin, 'POST', '/api/teams', { name: 'Admins', memberIds: [admin.user.id] })
    expect(created.statusCode).toBe(201)
    const id = created.json().id
    const patched = await call(admin, 'PATCH', `/api/teams/${id}`, { memberIds: [] })
    expect(patched.statusCode).toBe(200)
    expect(patched.json()).toMatchObject({ name: 'Admins', members: [] })
    expect((await call(admin, 'DELETE', `/api/teams/${id}`)).json()).toEqual({ ok: true })
    const again = await call(admin, 'DELETE', `/api/teams/${id}`)
    expect(again.statusCode).toBe(404)
    expect(again.json()).toEqual({ message: 'Team not found' })
    expect((await call(owner, 'GET', '/api/teams')).json().teams).toEqual([])
  })

  it('answers 400 naming the field for a malformed team id or member id', async () => {
    const owner = await buildOwner(app)
    for (const [method, payload] of [['GET'], ['PATCH', { name: 'X' }], ['DELETE']] as const) {
      const res = await call(owner, method, '/api/teams/not-a-uuid', payload)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ message: 'id: Must be a valid id' })
    }
    const res = await call(owner, 'POST', '/api/teams', { name: 'Broken', memberIds: ['not-a-uuid'] })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message: 'memberIds.0: Must be a valid id' })
  })

  it('lets members read teams but not change them', async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner)
    const team = (await call(owner, 'POST', '/api/teams', { name: 'Sales' })).json()
    expect((await call(member, 'GET', '/api/teams')).json().teams).toEqual([team])
    const one = await call(member, 'GET', `/api/teams/${team.id}`)
    expect(one.statusCode).toBe(200)
    expect(one.json()).toEqual(team)
    for (const [method, url, payload] of [
      ['POST', '/api/teams', { name: 'Mine' }],
      ['PATCH', `/api/teams/${team.id}`, { name: 'Renamed' }],
      ['DELETE', `/api/teams/${team.id}`],
    ] as const) {
      const res = await call(member, method, url, payload)
      expect(res.statusCode).toBe(403)
      expect(res.json()).toEqual({ message: 'Only owners and admins can manage teams' })
    }
    expect((await call(owner, 'GET', '/api/teams')).json().teams).toEqual([team])
  })

  it("answers 404 for another organization's team, whatever the verb", async () => {
    const owner = await buildOwner(app)
    const stranger = await buildOwner(app)
    const theirs = (await call(stranger, 'POST', '/api/teams', { name: 'Theirs' })).json()
    for (const [method, payload] of [['GET'], ['PATCH', { name: 'Ours now' }], ['DELETE']] as const) {
      const res = await call(owner, method, `/api/teams/${theirs.id}`, payload)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ message: 'Team not found' })
    }
    expect((await call(owner, 'GET', '/api/teams')).json().teams).toEqual([])
    expect((await call(stranger, 'GET', `/api/teams/${theirs.id}`)).json().name).toBe('Theirs')
  })

  it('refuses an empty name with 400', async () => {
    const owner = await buildOwner(app)
    const res = await call(owner, 'POST', '/api/teams', { name: '  ' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message: 'name: Name is required' })
  })
})
