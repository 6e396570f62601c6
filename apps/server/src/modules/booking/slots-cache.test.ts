import { SLOT_TAKEN } from '@closeroom/shared'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventTypes } from '../../db/schema/index.ts'
import { createBroadcast } from '../../lib/broadcast.ts'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { bookingBody, buildEventType, freeSlots, nextMonday } from '../../testing/booking.ts'
import { buildMember, buildOwner, type Client, request } from '../../testing/factories.ts'
import { createAvailability } from './availability.ts'
import { createBookingCache } from './cache.ts'
import { createScheduleService } from './schedules.ts'

// The slots pages answer from each host's blocked time kept in memory (booking/cache.ts). Every write that
// changes it must show on the very next request; a copy that is stale anyway (another process without
// Redis) can at worst offer a time that the booking then refuses.

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const call = (client: Client | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  request(app, client, method, url, payload)

describe('slots kept in memory', () => {
  it('shows a booking, its move and its cancellation on the very next slots request', async () => {
    const owner = await buildOwner(app)
    const eventType = await buildEventType(app, owner)
    const monday = nextMonday()
    const at = (time: string) => `${monday}T${time}:00.000Z`
    // The first request reads the host's time and keeps it.
    expect(await freeSlots(app, eventType.id, monday)).toHaveLength(16)

    const booked = await call(null, 'POST', '/api/public/bookings', bookingBody(eventType.id, at('10:00')))
    expect(booked.statusCode).toBe(201)
    const slots = await freeSlots(app, eventType.id, monday)
    expect(slots).toHaveLength(15)
    expect(slots).not.toContain(at('10:00'))

    const { uid } = booked.json()
    const moved = await call(null, 'POST', `/api/public/bookings/${uid}/reschedule`, { start: at('14:00'), timeZone: 'Europe/Paris' })
    expect(moved.statusCode).toBe(200)
    const afterMove = await freeSlots(app, eventType.id, monday)
    expect(afterMove).toContain(at('10:00'))
    expect(afterMove).not.toContain(at('14:00'))

    expect((await call(null, 'POST', `/api/public/bookings/${uid}/cancel`, { reason: 'Something came up' })).statusCode).toBe(200)
    expect(await freeSlots(app, eventType.id, monday)).toHaveLength(16)
  })

  it('frees the time a host declines, and stops offering a host deactivated, at once', async () => {
    const owner = await buildOwner(app)
    const maya = await buildMember(app, owner, { name: 'Maya' })
    const eventType = await buildEventType(app, maya, { requiresConfirmation: true })
    const monday = nextMonday()
    expect(await freeSlots(app, eventType.id, monday)).toHaveLength(16)

    const booked = await call(null, 'POST', '/api/public/bookings', bookingBody(eventType.id, `${monday}T11:00:00.000Z`))
    expect(booked.json()).toMatchObject({ status: 'pending' })
    expect(await freeSlots(app, eventType.id, monday)).toHaveLength(15)
    const [pending] = (await call(maya, 'GET', '/api/bookings')).json().bookings
    expect((await call(maya, 'POST', `/api/bookings/${pending.id}/decline`, {})).statusCode).toBe(200)
    expect(await freeSlots(app, eventType.id, monday)).toHaveLength(16)

    expect((await call(owner, 'DELETE', `/api/users/${maya.user.id}`)).statusCode).toBe(200)
    expect(await freeSlots(app, eventType.id, monday)).toEqual([])
  })

  it('answers a change of the team hosting a round robin on the next request', async () => {
    const owner = await buildOwner(app)
    const maya = await buildMember(app, owner, { name: 'Maya' })
    const sam = await buildMember(app, owner, { name: 'Sam' })
    const team = (await call(owner, 'POST', '/api/teams', { name: 'Sales', memberIds: [maya.user.id, sam.user.id] })).json()
    const eventType = await buildEventType(app, owner, { kind: 'round_robin', teamId: team.id, hosts: [{ userId: maya.user.id }] })
    const monday = nextMonday()
    const ten = `${monday}T10:00:00.000Z`
    expect((await call(null, 'POST', '/api/public/bookings', bookingBody(eventType.id, ten))).statusCode).toBe(201)
    expect(await freeSlots(app, eventType.id, monday)).not.toContain(ten)

    // Sam joins the hosts: Maya is busy at ten, Sam is not.
    const hosts = [{ userId: maya.user.id }, { userId: sam.user.id }]
    expect((await call(owner, 'PATCH', `/api/event-types/${eventType.id}`, { hosts })).statusCode).toBe(200)
    expect(await freeSlots(app, eventType.id, monday)).toContain(ten)
  })

  it("forgets a deleted team's event type and the time its bookings held, at once", async () => {
    const owner = await buildOwner(app)
    const maya = await buildMember(app, owner, { name: 'Maya' })
    const team = (await call(owner, 'POST', '/api/teams', { name: 'Sales', memberIds: [maya.user.id] })).json()
    const teamType = await buildEventType(app, owner, { kind: 'round_robin', teamId: team.id, hosts: [{ userId: maya.user.id }] })
    const personal = await buildEventType(app, maya)
    const monday = nextMonday()
    const ten = `${monday}T10:00:00.000Z`
    expect((await call(null, 'POST', '/api/public/bookings', bookingBody(teamType.id, ten))).statusCode).toBe(201)
    // Maya's own page knows her time is taken by the team's meeting.
    expect(await freeSlots(app, personal.id, monday)).not.toContain(ten)
    expect(await freeSlots(app, teamType.id, monday)).not.toContain(ten)

    expect((await call(owner, 'DELETE', `/api/teams/${team.id}`)).statusCode).toBe(200)
    const gone = await call(null, 'GET', `/api/public/event-types/${teamType.id}/slots?from=${monday}&to=${monday}&timeZone=UTC`)
    expect(gone.statusCode).toBe(404)
    expect(await freeSlots(app, personal.id, monday)).toContain(ten)
  })

  it('refuses with 409 a time that a stale copy still offers', async () => {
    // A second server on the same database with no Redis between them: it hears of no booking made on the first.
    const other = await buildTestApp({ database: app.database })
    try {
      const owner = await buildOwner(app)
      const eventType = await buildEventType(app, owner)
      const monday = nextMonday()
      const ten = `${monday}T10:00:00.000Z`
      expect(await freeSlots(other, eventType.id, monday)).toContain(ten)
      expect((await call(null, 'POST', '/api/public/bookings', bookingBody(eventType.id, ten))).statusCode).toBe(201)

      expect(await freeSlots(other, eventType.id, monday)).toContain(ten)
      const refused = await request(
        other,
        null,
        'POST',
        '/api/public/bookings',
        bookingBody(eventType.id, ten, { email: 'bo@buyer.example' }),
      )
      expect(refused.statusCode).toBe(409)
      expect(refused.json()).toEqual({ message: SLOT_TAKEN, code: 'slot_taken' })
    } finally {
      await other.close()
    }
  })

  it('keeps at most its limit of blocked rows and host sets, and answers the same for what it let go', async () => {
    const db = app.database.db
    const cache = await createBookingCache(await createBroadcast(), { hostSets: 2, blockedRows: 12, blockedTtlMs: 60_000 })
    const availability = createAvailability({ db, schedules: createScheduleService({ db, cache }), cache })
    const monday = nextMonday()
    const day = { start: Date.parse(`${monday}T00:00:00Z`), end: Date.parse(`${monday}T00:00:00Z`) + 86_400_000 }
    const sellers: (typeof eventTypes.$inferSelect)[] = []
    for (let i = 0; i < 4; i++) {
      const owner = await buildOwner(app)
      const created = await buildEventType(app, owner)
      for (const time of ['09:00', '11:00', '13:00', '15:00'])
        expect((await call(null, 'POST', '/api/public/bookings', bookingBody(created.id, `${monday}T${time}:00.000Z`))).statusCode).toBe(
          201,
        )
      const [row] = await db.select().from(eventTypes).where(eq(eventTypes.id, created.id))
      if (!row) throw new Error('no event type')
      sellers.push(row)
    }
    const busyOf = async (row: typeof eventTypes.$inferSelect) =>
      (await availability.load(row, day, Date.now())).loaded[0]?.busy.map((b) => new Date(b.start).toISOString().slice(11, 16))
    for (let round = 0; round < 2; round++)
      for (const row of sellers) {
        expect(await busyOf(row)).toEqual(['09:00', '11:00', '13:00', '15:00'])
        const held = cache.held()
        expect(held.hostSets).toBeLessThanOrEqual(2)
        // Each host holds 4 rows and counts one more: two hosts fit in 12, a third pushes the oldest out.
        expect(held.blockedHosts).toBeLessThanOrEqual(2)
        expect(held.blockedRows + held.blockedHosts).toBeLessThanOrEqual(12)
      }
    expect(cache.held()).toEqual({ hostSets: 2, blockedHosts: 2, blockedRows: 8 })
  })
})
