import { afterAll, beforeAll, expect, it } from 'vitest'
import { createBroadcast } from '../../lib/broadcast.ts'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildOwner } from '../../testing/factories.ts'
import { createSessions } from './sessions.ts'

// Sessions in use are kept in memory: however many devices sign in, the process keeps a bounded number of
// them, and one pushed out still signs its person in (read from the database again).

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

it('keeps at most its limit of sessions in memory, and still answers for those it let go', async () => {
  const { user } = await buildOwner(app)
  const sessions = createSessions(app.database.db, 'a test signing key', await createBroadcast(), { maxSessions: 5, ttlMs: 60_000 })
  const devices = await Promise.all(Array.from({ length: 20 }, () => sessions.start(user.id, 'test')))

  for (const device of devices) expect((await sessions.resolve(device.token))?.user.id).toBe(user.id)
  expect(sessions.cachedCount()).toBe(5)
  // The first devices were pushed out by the later ones: they are read again, and still valid.
  for (const device of devices.slice(0, 5)) expect((await sessions.resolve(device.token))?.user.id).toBe(user.id)
  expect(sessions.cachedCount()).toBe(5)

  await sessions.revokeAll(user.id)
  for (const device of devices) expect(await sessions.resolve(device.token)).toBeNull()
  expect(sessions.cachedCount()).toBe(0)
})

it("shares one lookup between a device's requests that arrive together, but not with one that starts after a sign-out", async () => {
  const { user } = await buildOwner(app)
  const sessions = createSessions(app.database.db, 'a test signing key', await createBroadcast())
  const device = await sessions.start(user.id, 'test')

  // A page's first requests and its socket handshake, all before the session is in memory: one answer for all.
  const together = await Promise.all(Array.from({ length: 10 }, () => sessions.resolve(device.token)))
  expect(together[0]?.user.id).toBe(user.id)
  expect(new Set(together).size).toBe(1)

  const other = await sessions.start(user.id, 'test')
  const before = sessions.resolve(other.token)
  await sessions.revokeAll(user.id)
  expect(await sessions.resolve(other.token)).toBeNull()
  await before
  expect(await sessions.resolve(other.token)).toBeNull()
})
