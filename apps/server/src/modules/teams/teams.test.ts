import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildMember, buildOwner, type Client, request, uniqueEmail } from '../../testing/factories.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const call = (client: Client | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  request(app, client, method, url, payload)

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
    expect(res.json()).toEqual({
      message: 'memberIds: Every member must be a user of your organization',
      code: 'invalid',
      field: 'memberIds',
    })
    expect((await call(owner, 'GET', '/api/teams')).json().teams).toEqual([])
  })

  it("keeps a team's members as they were when a patch names another organization's user", async () => {
    const owner = await buildOwner(app)
    const stranger = await buildOwner(app)
    const team = (await call(owner, 'POST', '/api/teams', { name: 'Core', memberIds: [owner.user.id] })).json()
    const res = await call(owner, 'PATCH', `/api/teams/${team.id}`, { name: 'Core+', memberIds: [owner.user.id, stranger.user.id] })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      message: 'memberIds: Every member must be a user of your organization',
      code: 'invalid',
      field: 'memberIds',
    })
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
    expect(again.json()).toEqual({ message: 'Team not found', code: 'not_found' })
    expect((await call(owner, 'GET', '/api/teams')).json().teams).toEqual([])
  })

  it('answers 400 naming the field for a malformed team id or member id', async () => {
    const owner = await buildOwner(app)
    for (const [method, payload] of [['GET'], ['PATCH', { name: 'X' }], ['DELETE']] as const) {
      const res = await call(owner, method, '/api/teams/not-a-uuid', payload)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ message: 'id: Must be a valid id', code: 'invalid', field: 'id' })
    }
    const res = await call(owner, 'POST', '/api/teams', { name: 'Broken', memberIds: ['not-a-uuid'] })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message: 'memberIds.0: Must be a valid id', code: 'invalid', field: 'memberIds.0' })
  })

  it('lets a member read teams, and refuses them creating, changing or deleting one with 403', async () => {
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
      expect(res.json()).toEqual({ message: 'Only owners and admins can manage teams', code: 'forbidden' })
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
      expect(res.json()).toEqual({ message: 'Team not found', code: 'not_found' })
    }
    expect((await call(owner, 'GET', '/api/teams')).json().teams).toEqual([])
    expect((await call(stranger, 'GET', `/api/teams/${theirs.id}`)).json().name).toBe('Theirs')
  })

  it('collapses a person listed twice in a patch, and empties a team with an empty list', async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner)
    const team = (await call(owner, 'POST', '/api/teams', { name: 'Field' })).json()
    const res = await call(owner, 'PATCH', `/api/teams/${team.id}`, { memberIds: [member.user.id, owner.user.id, member.user.id] })
    expect(res.statusCode).toBe(200)
    expect(memberIds(res.json())).toEqual([member.user.id, owner.user.id].sort())
    const emptied = await call(owner, 'PATCH', `/api/teams/${team.id}`, { memberIds: [] })
    expect(emptied.json()).toMatchObject({ name: 'Field', members: [] })
  })

  it('refuses a member id that belongs to nobody, with 400 naming memberIds', async () => {
    const owner = await buildOwner(app)
    const res = await call(owner, 'POST', '/api/teams', { name: 'Ghosts', memberIds: ['00000000-0000-4000-8000-000000000000'] })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      message: 'memberIds: Every member must be a user of your organization',
      code: 'invalid',
      field: 'memberIds',
    })
  })

  it('accepts someone invited who has not joined yet', async () => {
    const owner = await buildOwner(app)
    const invited = (await call(owner, 'POST', '/api/users', { email: uniqueEmail('newcomer'), name: 'Nina' })).json()
    const res = await call(owner, 'POST', '/api/teams', { name: 'Onboarding', memberIds: [invited.id] })
    expect(res.statusCode).toBe(201)
    expect(res.json().members).toEqual([{ id: invited.id, name: 'Nina', email: invited.email, avatarUrl: null }])
  })

  // Deactivated is not deleted: the person keeps their place, so letting them back in restores their teams,
  // and the edit form, which sends the whole list back, still saves.
  it('keeps a deactivated person on their teams, lets the team be saved with them, and removed from it', async () => {
    const owner = await buildOwner(app)
    const leaver = await buildMember(app, owner, { name: 'Leo' })
    const stayer = await buildMember(app, owner, { name: 'Sara' })
    const team = (await call(owner, 'POST', '/api/teams', { name: 'Renewals', memberIds: [leaver.user.id, stayer.user.id] })).json()
    expect((await call(owner, 'DELETE', `/api/users/${leaver.user.id}`)).json().status).toBe('deactivated')

    expect(memberIds((await call(owner, 'GET', `/api/teams/${team.id}`)).json())).toEqual(memberIds(team))
    const saved = await call(owner, 'PATCH', `/api/teams/${team.id}`, {
      name: 'Renewals EMEA',
      memberIds: [leaver.user.id, stayer.user.id],
    })
    expect(saved.statusCode).toBe(200)
    expect(memberIds(saved.json())).toEqual(memberIds(team))

    const removed = await call(owner, 'PATCH', `/api/teams/${team.id}`, { memberIds: [stayer.user.id] })
    expect(removed.json().members).toEqual([{ id: stayer.user.id, name: 'Sara', email: stayer.user.email, avatarUrl: null }])
  })

  it('deletes a team without touching its people or the other teams', async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner)
    const doomed = (await call(owner, 'POST', '/api/teams', { name: 'Doomed', memberIds: [member.user.id] })).json()
    const kept = (await call(owner, 'POST', '/api/teams', { name: 'Kept', memberIds: [member.user.id] })).json()
    const res = await call(owner, 'DELETE', `/api/teams/${doomed.id}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ok: true })
    expect((await call(owner, 'GET', '/api/teams')).json().teams).toEqual([kept])
    const person = await call(owner, 'GET', `/api/users/${member.user.id}`)
    expect(person.json()).toMatchObject({ id: member.user.id, status: 'active' })
    expect((await call(member, 'GET', '/api/auth/me')).statusCode).toBe(200)
  })

  it('lists teams by name, each with its members by name', async () => {
    const owner = await buildOwner(app, { name: 'Olivia' })
    const zoe = await buildMember(app, owner, { name: 'Zoe' })
    const adam = await buildMember(app, owner, { name: 'Adam' })
    for (const name of ['Zulu', 'Alpha', 'Mike']) {
      await call(owner, 'POST', '/api/teams', { name, memberIds: [zoe.user.id, owner.user.id, adam.user.id] })
    }
    const { teams } = (await call(owner, 'GET', '/api/teams')).json()
    expect(teams.map((t: { name: string }) => t.name)).toEqual(['Alpha', 'Mike', 'Zulu'])
    expect(teams[0].members.map((m: { name: string }) => m.name)).toEqual(['Adam', 'Olivia', 'Zoe'])
  })

  it('answers 404 for a team id nobody has, and 401 when signed out', async () => {
    const owner = await buildOwner(app)
    const missing = await call(owner, 'PATCH', '/api/teams/00000000-0000-4000-8000-000000000000', { memberIds: [] })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ message: 'Team not found', code: 'not_found' })
    for (const [method, url] of [
      ['GET', '/api/teams'],
      ['POST', '/api/teams'],
    ] as const) {
      const res = await call(null, method, url, method === 'POST' ? { name: 'Anon' } : undefined)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ message: 'You are not signed in', code: 'unauthorized' })
    }
  })

  it('refuses an empty name with 400', async () => {
    const owner = await buildOwner(app)
    const res = await call(owner, 'POST', '/api/teams', { name: '  ' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message: 'name: Name is required', code: 'invalid', field: 'name' })
  })
})
