import { randomBytes } from 'node:crypto'
import { createObject, fetchCalendarObjects } from 'tsdav'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { bookingBody, buildEventType, freeSlots, nextMonday } from '../../testing/booking.ts'
import { buildOwner, request } from '../../testing/factories.ts'
import { type Radicale, startRadicale } from '../../testing/radicale.ts'

// The whole path through a real CalDAV server: its events block the seller's public slots, and a buyer's
// booking is written into it by the job queue.
const seller = { username: 'seller', password: `pw-${randomBytes(6).toString('hex')}`, calendars: [{ slug: 'work', name: 'Work' }] }
const auth = { authorization: `Basic ${Buffer.from(`${seller.username}:${seller.password}`).toString('base64')}` }

let app: TestApp
let radicale: Radicale
beforeAll(async () => {
  radicale = await startRadicale([seller])
  // The test's Radicale listens on loopback, which the server refuses to reach unless told it may.
  app = await buildTestApp({ env: { ALLOW_PRIVATE_TARGETS: '127.0.0.1/32' } })
})
afterAll(async () => {
  await app?.close()
  await radicale?.stop()
})

it("blocks the times of the seller's CalDAV events and writes the buyer's booking into their calendar", async () => {
  const owner = await buildOwner(app)
  const connected = await request(app, owner, 'POST', '/api/calendar/connections', { serverUrl: radicale.url, ...seller })
  expect(connected.statusCode, connected.body).toBe(201)
  const eventType = await buildEventType(app, owner, { title: 'Discovery call' })
  const monday = nextMonday()
  const compact = monday.replaceAll('-', '')
  const dentist = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    'BEGIN:VEVENT',
    'UID:dentist@example.com',
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${compact}T100000Z`,
    `DTEND:${compact}T110000Z`,
    'SUMMARY:Dentist',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n')
  const created = await createObject({
    url: `${radicale.calendarUrl('seller', 'work')}dentist.ics`,
    data: dentist,
    headers: { ...auth, 'content-type': 'text/calendar' },
  })
  expect(created.status).toBe(201)

  const slots = await freeSlots(app, eventType.id, monday)
  expect(slots).toContain(`${monday}T09:30:00.000Z`)
  expect(slots).not.toContain(`${monday}T10:00:00.000Z`)
  expect(slots).not.toContain(`${monday}T10:30:00.000Z`)
  expect(slots).toContain(`${monday}T11:00:00.000Z`)

  const booked = await request(app, null, 'POST', '/api/public/bookings', bookingBody(eventType.id, `${monday}T14:00:00.000Z`))
  expect(booked.statusCode).toBe(201)
  const uid = booked.json().uid
  // The write happens in a job after the answer: wait until Radicale has it.
  const deadline = Date.now() + 20_000
  let written: string | undefined
  while (!written && Date.now() < deadline) {
    const objects = await fetchCalendarObjects({ calendar: { url: radicale.calendarUrl('seller', 'work') }, headers: auth })
    written = objects.map((o) => String(o.data)).find((data) => data.includes(`UID:${uid}@closeroom`))
    if (!written) await new Promise((resolve) => setTimeout(resolve, 250))
  }
  expect(written).toContain(`DTSTART:${compact}T140000Z`)
  expect(written).toContain('SUMMARY:Discovery call')
})
