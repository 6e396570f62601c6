import { Redis } from 'ioredis'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { bookingBody, buildEventType, freeSlots, nextMonday } from '../../testing/booking.ts'
import { buildOwner, request } from '../../testing/factories.ts'

// Two servers on one database and one Redis: each keeps event types, schedules and each host's blocked time
// in memory for the slots, and a change made through one must reach the buyer who asks the other.

const redisUrl = process.env.TEST_REDIS_URL
let a: TestApp
let b: TestApp
const clients: Redis[] = []

beforeAll(async () => {
  if (!redisUrl) throw new Error('TEST_REDIS_URL is not set: run this suite through `npm run test:postgres` (see scripts/services.sh)')
  // Each server its own Redis connection, as two processes would have.
  clients.push(new Redis(redisUrl), new Redis(redisUrl))
  a = await buildTestApp({ redis: clients[0] })
  b = await buildTestApp({ redis: clients[1], database: a.database })
})
afterAll(async () => {
  await b?.close()
  await a?.close()
  for (const client of clients) client.disconnect()
})

it('offers on one server the hours just changed on the other, and stops offering an event type hidden there', async () => {
  const owner = await buildOwner(a)
  const eventType = await buildEventType(a, owner, { minimumNotice: 0 })
  const [schedule] = (await request(a, owner, 'GET', '/api/schedules')).json().schedules
  const monday = nextMonday()
  expect(await freeSlots(b, eventType.id, monday)).toHaveLength(16)

  const oneHour = [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '10:00' }))
  expect((await request(a, owner, 'PATCH', `/api/schedules/${schedule.id}`, { weeklyHours: oneHour })).statusCode).toBe(200)
  await expect.poll(() => freeSlots(b, eventType.id, monday)).toEqual([`${monday}T09:00:00.000Z`, `${monday}T09:30:00.000Z`])

  expect((await request(a, owner, 'PATCH', `/api/event-types/${eventType.id}`, { hidden: true })).statusCode).toBe(200)
  await expect
    .poll(
      async () =>
        (await request(b, null, 'GET', `/api/public/event-types/${eventType.id}/slots?from=${monday}&to=${monday}&timeZone=UTC`))
          .statusCode,
    )
    .toBe(404)
})

it('stops offering on one server, at once, the time just booked on the other, and offers it again once cancelled there', async () => {
  const owner = await buildOwner(a)
  const eventType = await buildEventType(a, owner)
  const monday = nextMonday()
  const ten = `${monday}T10:00:00.000Z`
  // Both servers have read the host's time and keep it.
  expect(await freeSlots(a, eventType.id, monday)).toContain(ten)
  expect(await freeSlots(b, eventType.id, monday)).toContain(ten)

  const booked = await request(a, null, 'POST', '/api/public/bookings', bookingBody(eventType.id, ten))
  expect(booked.statusCode).toBe(201)
  // No polling: the booking's answer comes once every other server has dropped its copy.
  expect(await freeSlots(b, eventType.id, monday)).not.toContain(ten)
  expect(await freeSlots(b, eventType.id, monday)).toHaveLength(15)

  expect((await request(b, null, 'POST', `/api/public/bookings/${booked.json().uid}/cancel`, {})).statusCode).toBe(200)
  expect(await freeSlots(a, eventType.id, monday)).toContain(ten)
})
