import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildMember, buildOwner, type Client, invalidField, request } from '../../testing/factories.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const call = (client: Client | null, method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  request(app, client, method, url, payload)

const REFUSED = "Only owners and admins can set people's routing attributes; only owners set an owner's"

describe("people's routing attributes", () => {
  it('lets an admin set a member’s attributes, shown on the member and in the list, and replaced as a whole', async () => {
    const owner = await buildOwner(app)
    const admin = await buildMember(app, owner, { role: 'admin' })
    const member = await buildMember(app, owner)
    const set = await call(admin, 'PATCH', `/api/users/${member.user.id}`, { attributes: { region: ['EMEA', 'APAC'], segment: ['SMB'] } })
    expect(set.statusCode).toBe(200)
    expect(set.json().attributes).toEqual({ region: ['EMEA', 'APAC'], segment: ['SMB'] })
    expect((await call(owner, 'GET', `/api/users/${member.user.id}`)).json().attributes).toEqual({
      region: ['EMEA', 'APAC'],
      segment: ['SMB'],
    })
    const listed = (await call(admin, 'GET', '/api/users')).json().users as { id: string; attributes: object }[]
    expect(listed.find((u) => u.id === member.user.id)?.attributes).toEqual({ region: ['EMEA', 'APAC'], segment: ['SMB'] })
    expect(listed.find((u) => u.id === owner.user.id)?.attributes).toEqual({})

    await call(admin, 'PATCH', `/api/users/${member.user.id}`, { attributes: { language: ['French'] } })
    expect((await call(admin, 'GET', `/api/users/${member.user.id}`)).json().attributes).toEqual({ language: ['French'] })
    await call(admin, 'PATCH', `/api/users/${member.user.id}`, { attributes: {} })
    expect((await call(admin, 'GET', `/api/users/${member.user.id}`)).json().attributes).toEqual({})
  })

  it('keeps each value once per key, ignoring case, in the spelling first given', async () => {
    const owner = await buildOwner(app)
    const res = await call(owner, 'PATCH', `/api/users/${owner.user.id}`, { attributes: { region: ['EMEA', 'emea', ' Emea ', 'APAC'] } })
    expect(res.json().attributes).toEqual({ region: ['EMEA', 'APAC'] })
  })

  it('refuses a member setting attributes, their own too, and an admin setting an owner’s, with 403', async () => {
    const owner = await buildOwner(app)
    const admin = await buildMember(app, owner, { role: 'admin' })
    const member = await buildMember(app, owner)
    for (const [who, target] of [
      [member, member],
      [member, admin],
      [admin, owner],
    ] as const) {
      const res = await call(who, 'PATCH', `/api/users/${target.user.id}`, { attributes: { region: ['EMEA'] } })
      expect(res.statusCode).toBe(403)
      expect(res.json()).toEqual({ message: REFUSED, code: 'forbidden' })
    }
    expect((await call(owner, 'GET', `/api/users/${member.user.id}`)).json().attributes).toEqual({})
    expect((await call(owner, 'PATCH', `/api/users/${owner.user.id}`, { attributes: { region: ['EMEA'] } })).statusCode).toBe(200)
    expect((await call(admin, 'PATCH', `/api/users/${admin.user.id}`, { attributes: { region: ['EMEA'] } })).statusCode).toBe(200)
  })

  it('answers 400 naming the field for a bad key, an empty value or a key without values', async () => {
    const owner = await buildOwner(app)
    const url = `/api/users/${owner.user.id}`
    const badKey = await call(owner, 'PATCH', url, { attributes: { Region: ['EMEA'] } })
    expect(badKey.statusCode).toBe(400)
    expect(badKey.json()).toMatchObject({ code: 'invalid', field: expect.stringMatching(/^attributes/) })
    const emptyValue = await call(owner, 'PATCH', url, { attributes: { region: ['  '] } })
    expect(emptyValue.statusCode).toBe(400)
    expect(emptyValue.json()).toMatchObject({ code: 'invalid', field: 'attributes.region.0' })
    const noValues = await call(owner, 'PATCH', url, { attributes: { region: [] } })
    expect(noValues.statusCode).toBe(400)
    expect(noValues.json()).toMatchObject({ code: 'invalid', field: 'attributes.region' })
    const tooMany = await call(owner, 'PATCH', url, {
      attributes: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`key_${i}`, ['x']])),
    })
    expect(tooMany.json()).toEqual(invalidField('attributes: At most 20 attributes'))
  })

  it("lists the organization's keys with the values its active people hold, for any member, and nobody else's", async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner)
    const leaver = await buildMember(app, owner, { name: 'Leo Leaver' })
    await call(owner, 'PATCH', `/api/users/${owner.user.id}`, { attributes: { region: ['EMEA'], segment: ['Enterprise'] } })
    await call(owner, 'PATCH', `/api/users/${member.user.id}`, { attributes: { region: ['APAC', 'emea'] } })
    await call(owner, 'PATCH', `/api/users/${leaver.user.id}`, { attributes: { region: ['LATAM'], language: ['Spanish'] } })
    await call(owner, 'DELETE', `/api/users/${leaver.user.id}`)
    const stranger = await buildOwner(app)
    await call(stranger, 'PATCH', `/api/users/${stranger.user.id}`, { attributes: { region: ['NA'] } })

    const res = await call(member, 'GET', '/api/users/attributes')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      attributes: [
        { key: 'region', values: ['APAC', 'EMEA'] },
        { key: 'segment', values: ['Enterprise'] },
      ],
    })
    expect((await call(null, 'GET', '/api/users/attributes')).statusCode).toBe(401)
  })
})
