import { OVERVIEW_DAYS } from '@closeroom/shared'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildMember, buildOwner, PASSWORD, request } from '../../testing/factories.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

it("counts the organization's people, teams and sign-ins of the last two weeks, and no one else's", async () => {
  const owner = await buildOwner(app)
  const admin = await buildMember(app, owner, { role: 'admin' })
  const leaving = await buildMember(app, owner)
  await request(app, owner, 'POST', '/api/users', { email: 'pending@example.com' })
  await request(app, owner, 'PATCH', `/api/users/${leaving.user.id}`, { active: false })
  await request(app, owner, 'POST', '/api/teams', { name: 'Enterprise', memberIds: [admin.user.id] })
  await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: admin.user.email, password: PASSWORD } })
  // Another organization's activity does not count.
  const stranger = await buildOwner(app)
  await request(app, stranger, 'POST', '/api/teams', { name: 'Elsewhere' })

  const res = await request(app, owner, 'GET', '/api/overview')
  expect(res.statusCode).toBe(200)
  const overview = res.json()
  expect(overview.people).toEqual({ byRole: { owner: 1, admin: 1, member: 1 }, active: 2, invited: 1, deactivated: 1 })
  expect(overview.teams).toBe(1)
  expect(overview.signIns).toHaveLength(OVERVIEW_DAYS)
  // Today: the owner's, the admin's two and the deactivated member's sign-ins (their session was revoked, the sign-in happened).
  expect(overview.signIns.at(-1).count).toBe(4)
  expect(overview.signIns.slice(0, -1).every((d: { count: number }) => d.count === 0)).toBe(true)
  expect((await request(app, null, 'GET', '/api/overview')).statusCode).toBe(401)
})

it("buckets sign-ins by the reader's own days", async () => {
  const owner = await buildOwner(app)
  const farEast = await request(app, owner, 'POST', '/api/user/settings', { timeZone: 'Pacific/Kiritimati' })
  expect(farEast.statusCode).toBe(200)
  const days = (await request(app, owner, 'GET', '/api/overview')).json().signIns.map((d: { day: string }) => d.day)
  // UTC+14: the reader's today is the date it is in Kiritimati now.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date())
  expect(days.at(-1)).toBe(today)
})
