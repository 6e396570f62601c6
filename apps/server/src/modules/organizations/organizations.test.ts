import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildMember, buildOwner, request } from '../../testing/factories.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

it("lets owners and admins change the organization's profile, and every member read it", async () => {
  const owner = await buildOwner(app)
  const admin = await buildMember(app, owner, { role: 'admin' })
  const member = await buildMember(app, owner)

  const changed = await request(app, admin, 'PATCH', '/api/organization', {
    name: ' Northwind Sales ',
    website: 'northwind.example',
    logoUrl: 'https://cdn.northwind.example/logo.png',
    timeZone: 'Europe/Paris',
  })
  expect(changed.statusCode).toBe(200)
  expect(changed.json()).toMatchObject({
    name: 'Northwind Sales',
    website: 'https://northwind.example',
    logoUrl: 'https://cdn.northwind.example/logo.png',
    timeZone: 'Europe/Paris',
  })

  const read = await request(app, member, 'GET', '/api/organization')
  expect(read.statusCode).toBe(200)
  expect(read.json()).toEqual(changed.json())

  // An emptied link is removed; fields not sent stay as they were.
  const cleared = await request(app, owner, 'PATCH', '/api/organization', { website: '' })
  expect(cleared.json()).toMatchObject({ name: 'Northwind Sales', website: null, timeZone: 'Europe/Paris' })
})

it('refuses members, bad values and strangers with clear errors', async () => {
  const owner = await buildOwner(app)
  const member = await buildMember(app, owner)

  const refused = await request(app, member, 'PATCH', '/api/organization', { name: 'Mine now' })
  expect(refused.statusCode).toBe(403)
  expect(refused.json().message).toBe("Only owners and admins can change the organization's settings")

  const badUrl = await request(app, owner, 'PATCH', '/api/organization', { website: 'not a url' })
  expect(badUrl.statusCode).toBe(400)
  expect(badUrl.json().message).toContain('Must be a valid URL')

  const badZone = await request(app, owner, 'PATCH', '/api/organization', { timeZone: 'Mars/Olympus' })
  expect(badZone.statusCode).toBe(400)
  expect(badZone.json().message).toContain('IANA time zone')

  const emptyName = await request(app, owner, 'PATCH', '/api/organization', { name: '  ' })
  expect(emptyName.statusCode).toBe(400)

  expect((await request(app, null, 'GET', '/api/organization')).statusCode).toBe(401)
})

it('shows each organization only its own profile', async () => {
  const first = await buildOwner(app)
  const second = await buildOwner(app)
  await request(app, first, 'PATCH', '/api/organization', { name: 'First Co' })
  const seen = await request(app, second, 'GET', '/api/organization')
  expect(seen.json().name).not.toBe('First Co')
  expect(seen.json().id).toBe(second.user.organizationId)
})
