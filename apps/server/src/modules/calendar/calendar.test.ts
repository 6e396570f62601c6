import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import ICAL from 'ical.js'
import { createObject, fetchCalendarObjects } from 'tsdav'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookingParticipants, bookings, calendarConnections, calendarWrites, eventTypes } from '../../db/schema/index.ts'
import { createBroadcast } from '../../lib/broadcast.ts'
import { createOutbound } from '../../lib/outbound.ts'
import { serverSecret } from '../../lib/secrets.ts'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildMember, buildOwner, type Client, request } from '../../testing/factories.ts'
import { freePort } from '../../testing/process.ts'
import { type Radicale, startRadicale } from '../../testing/radicale.ts'
import { type CalendarService, createCalendarService } from './service.ts'

// Each Radicale user is one person's calendar account; each test connects a Closeroom user to its own.
const accounts = ['ana', 'ben', 'cal', 'dev', 'eli', 'fay', 'gus'].map((username) => ({
  username,
  password: `pw-${username}-${randomBytes(6).toString('hex')}`,
  calendars: [
    { slug: 'work', name: 'Work' },
    { slug: 'private', name: 'Private' },
  ],
}))
const account = (username: string) => {
  const found = accounts.find((a) => a.username === username)
  if (!found) throw new Error(`no account ${username}`)
  return found
}

let app: TestApp
let radicale: Radicale
let calendar: CalendarService
const appUrl = 'https://closeroom.test'

beforeAll(async () => {
  radicale = await startRadicale(accounts)
  // The test's Radicale listens on loopback, which the server refuses to reach unless told it may.
  app = await buildTestApp({ env: { APP_URL: appUrl, ALLOW_PRIVATE_TARGETS: '127.0.0.1/32' } })
  const db = app.database.db
  // A second instance beside the app's, as another process would be: each test's user is new to it.
  calendar = await createCalendarService({
    db,
    secret: await serverSecret(db, 'calendar-encryption-key'),
    log: app.log,
    appUrl,
    broadcast: await createBroadcast(),
    outbound: createOutbound('127.0.0.1/32'),
  })
})
afterAll(async () => {
  await app?.close()
  await radicale?.stop()
})

const call = (client: Client | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  request(app, client, method, url, payload)

async function connect(client: Client, username: string) {
  const res = await call(client, 'POST', '/api/calendar/connections', {
    serverUrl: radicale.url,
    username,
    password: account(username).password,
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

const basic = (username: string) => ({
  authorization: `Basic ${Buffer.from(`${username}:${account(username).password}`).toString('base64')}`,
})

/** Adds an event to a calendar as any CalDAV client would. */
async function putEvent(username: string, slug: string, uid: string, lines: string[]) {
  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    ...lines,
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n')
  const res = await createObject({
    url: `${radicale.calendarUrl(username, slug)}${uid}.ics`,
    data: ics,
    headers: { ...basic(username), 'content-type': 'text/calendar' },
  })
  expect(res.status).toBe(201)
}

/** The events in a calendar, read back from Radicale as a plain client. */
async function eventsIn(username: string, slug: string) {
  const objects = await fetchCalendarObjects({ calendar: { url: radicale.calendarUrl(username, slug) }, headers: basic(username) })
  return objects.map((object) => {
    const vevent = new ICAL.Component(ICAL.parse(String(object.data))).getFirstSubcomponent('vevent')
    if (!vevent) throw new Error('no VEVENT')
    const event = new ICAL.Event(vevent)
    return {
      url: object.url,
      uid: event.uid,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      summary: event.summary,
      status: vevent.getFirstPropertyValue('status'),
      sequence: event.sequence,
    }
  })
}

/** A booking hosted by the user, inserted directly: the booking API is built elsewhere. */
async function insertBooking(host: Client, fields: { start: string; minutes?: number; status?: 'pending' | 'accepted' }) {
  const db = app.database.db
  const organizationId = host.user.organizationId
  const [type] = await db
    .insert(eventTypes)
    .values({
      organizationId,
      ownerId: host.user.id,
      kind: 'personal',
      slug: `intro-${randomBytes(4).toString('hex')}`,
      title: 'Intro call',
      durations: [30],
      location: { kind: 'meeting' },
      bookingWindow: { kind: 'rolling', days: 60 },
    })
    .returning()
  if (!type) throw new Error('no event type')
  const start = new Date(fields.start)
  const [booking] = await db
    .insert(bookings)
    .values({
      uid: randomBytes(16).toString('base64url'),
      organizationId,
      eventTypeId: type.id,
      status: fields.status ?? 'accepted',
      title: 'Intro call',
      startAt: start,
      endAt: new Date(start.getTime() + (fields.minutes ?? 30) * 60_000),
      attendeeName: 'Bea Buyer',
      attendeeEmail: 'bea@example.com',
      attendeeTimeZone: 'Europe/Paris',
      locationKind: 'meeting',
      locationValue: `${appUrl}/m/room-1`,
    })
    .returning()
  if (!booking) throw new Error('no booking')
  await db.insert(bookingParticipants).values({ bookingId: booking.id, userId: host.user.id })
  return booking
}

const iso = (intervals: { start: number; end: number }[] | undefined) =>
  (intervals ?? []).map((i) => [new Date(i.start).toISOString(), new Date(i.end).toISOString()])

describe('connected calendars (CalDAV against a real Radicale)', () => {
  it('connects with the right password and lists the calendars; every calendar blocks, bookings go into the first', async () => {
    const owner = await buildOwner(app)
    const connection = await connect(owner, 'ana')
    const names = connection.calendars.map((c: { name: string }) => c.name).sort()
    expect(names).toEqual(['Private', 'Work'])
    expect(connection).toMatchObject({ serverUrl: radicale.url, username: 'ana', lastError: null })
    expect([...connection.busyCalendarUrls].sort()).toEqual(connection.calendars.map((c: { url: string }) => c.url).sort())
    expect(connection.writeCalendarUrl).toBe(connection.calendars[0].url)
    expect(connection.calendars.map((c: { url: string }) => c.url).sort()).toEqual(
      [radicale.calendarUrl('ana', 'private'), radicale.calendarUrl('ana', 'work')].sort(),
    )

    const listed = await call(owner, 'GET', '/api/calendar/connections')
    expect(listed.json()).toEqual({ connections: [connection] })
    // The password is in no answer, and at rest only encrypted.
    for (const body of [JSON.stringify(connection), listed.body]) {
      expect(body).not.toContain(account('ana').password)
      expect(body).not.toMatch(/password/i)
    }
    const [row] = await app.database.db.select().from(calendarConnections).where(eq(calendarConnections.id, connection.id))
    expect(row?.passwordEncrypted).toMatch(/^v1\./)
    expect(row?.passwordEncrypted).not.toContain(account('ana').password)
  })

  it('refuses a wrong password with 400 and says what to check', async () => {
    const owner = await buildOwner(app)
    const res = await call(owner, 'POST', '/api/calendar/connections', { serverUrl: radicale.url, username: 'ben', password: 'wrong' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      message: 'Could not sign in to this calendar server: check the address, username and password',
      code: 'calendar_sign_in_failed',
    })
    expect((await call(owner, 'GET', '/api/calendar/connections')).json()).toEqual({ connections: [] })

    const inAddress = await call(owner, 'POST', '/api/calendar/connections', {
      serverUrl: radicale.url.replace('http://', `http://ben:${account('ben').password}@`),
      username: 'ben',
      password: account('ben').password,
    })
    expect(inAddress.statusCode).toBe(400)
    expect(inAddress.json()).toEqual({
      message: 'serverUrl: Put the username and password in their own fields',
      code: 'invalid',
      field: 'serverUrl',
    })
  })

  it('refuses a server that does not answer with 400 and a clear message', async () => {
    const owner = await buildOwner(app)
    const deadUrl = `http://127.0.0.1:${await freePort()}/`
    const res = await call(owner, 'POST', '/api/calendar/connections', { serverUrl: deadUrl, username: 'ben', password: 'x' })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/^Could not connect to this calendar server/)
  })

  it('refuses a server on a private or local address unless the operator allowed it, and never asks it', async () => {
    let asked = 0
    const local = createServer((_req, res) => {
      asked++
      res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve))
    const { port } = local.address() as AddressInfo
    const guarded = await buildTestApp()
    try {
      for (const serverUrl of [`http://127.0.0.1:${port}/`, `http://localhost:${port}/`, `http://[::ffff:127.0.0.1]:${port}/`]) {
        const owner = await buildOwner(guarded)
        const res = await request(guarded, owner, 'POST', '/api/calendar/connections', { serverUrl, username: 'ben', password: 'x' })
        expect(res.statusCode, serverUrl).toBe(400)
        expect(res.json()).toEqual({
          message:
            'Could not connect to this calendar server: its address is on a private or local network, which this Closeroom is not allowed to reach. Ask your administrator.',
          code: 'calendar_private_address',
        })
      }
      expect(asked).toBe(0)
      // The suite's app is allowed 127.0.0.1: the same address is asked, and answers it is no calendar server.
      const owner = await buildOwner(app)
      const allowed = await call(owner, 'POST', '/api/calendar/connections', {
        serverUrl: `http://127.0.0.1:${port}/`,
        username: 'ben',
        password: 'x',
      })
      expect(allowed.statusCode).toBe(400)
      expect(allowed.json().code).not.toBe('calendar_private_address')
      expect(asked).toBeGreaterThan(0)
    } finally {
      await guarded.close()
      await new Promise((resolve) => local.close(resolve))
    }
  })

  it('chooses busy and write calendars among its own, refuses others with 400, and refreshes the list', async () => {
    const owner = await buildOwner(app)
    const connection = await connect(owner, 'ben')
    const work = radicale.calendarUrl('ben', 'work')
    const patched = await call(owner, 'PATCH', `/api/calendar/connections/${connection.id}`, {
      busyCalendarUrls: [work],
      writeCalendarUrl: null,
    })
    expect(patched.statusCode).toBe(200)
    expect(patched.json()).toMatchObject({ busyCalendarUrls: [work], writeCalendarUrl: null })

    const foreign = await call(owner, 'PATCH', `/api/calendar/connections/${connection.id}`, {
      writeCalendarUrl: radicale.calendarUrl('ana', 'work'),
    })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json()).toEqual({
      message: 'writeCalendarUrl: Choose among the calendars of this connection',
      code: 'invalid',
      field: 'writeCalendarUrl',
    })
    const foreignBusy = await call(owner, 'PATCH', `/api/calendar/connections/${connection.id}`, {
      busyCalendarUrls: ['https://evil.test/cal/'],
    })
    expect(foreignBusy.statusCode).toBe(400)

    const refreshed = await call(owner, 'POST', `/api/calendar/connections/${connection.id}/refresh`)
    expect(refreshed.statusCode).toBe(200)
    expect(refreshed.json()).toMatchObject({ busyCalendarUrls: [work], writeCalendarUrl: null, lastError: null })
    expect(refreshed.json().calendars).toHaveLength(2)
    expect(refreshed.body).not.toContain(account('ben').password)

    expect((await call(owner, 'DELETE', `/api/calendar/connections/${connection.id}`)).json()).toEqual({ ok: true })
    expect((await call(owner, 'GET', '/api/calendar/connections')).json()).toEqual({ connections: [] })
  })

  it("hides a connection from another organization's user and from a colleague: 404 to read, change or delete", async () => {
    const owner = await buildOwner(app)
    const colleague = await buildMember(app, owner)
    const stranger = await buildOwner(app)
    const connection = await connect(owner, 'cal')
    for (const other of [stranger, colleague]) {
      expect((await call(other, 'GET', '/api/calendar/connections')).json()).toEqual({ connections: [] })
      const patched = await call(other, 'PATCH', `/api/calendar/connections/${connection.id}`, { writeCalendarUrl: null })
      expect(patched.statusCode).toBe(404)
      expect(patched.json()).toEqual({ message: 'Calendar connection not found', code: 'not_found' })
      expect((await call(other, 'POST', `/api/calendar/connections/${connection.id}/refresh`)).statusCode).toBe(404)
      expect((await call(other, 'DELETE', `/api/calendar/connections/${connection.id}`)).statusCode).toBe(404)
    }
    expect((await call(null, 'GET', '/api/calendar/connections')).statusCode).toBe(401)
    expect((await call(owner, 'GET', '/api/calendar/connections')).json().connections[0]).toMatchObject({
      writeCalendarUrl: connection.writeCalendarUrl,
    })
  })

  it('blocks the times of events in the busy calendars: one-off, weekly recurring and all-day; not free or cancelled ones', async () => {
    const owner = await buildOwner(app)
    const connection = await connect(owner, 'dev')
    // Only Work blocks: an event in Private must not count.
    await call(owner, 'PATCH', `/api/calendar/connections/${connection.id}`, { busyCalendarUrls: [radicale.calendarUrl('dev', 'work')] })
    await putEvent('dev', 'work', 'one-off', ['DTSTART:20261201T100000Z', 'DTEND:20261201T110000Z', 'SUMMARY:Dentist'])
    await putEvent('dev', 'work', 'weekly', [
      'DTSTART;TZID=Europe/Paris:20261103T090000',
      'DTEND;TZID=Europe/Paris:20261103T093000',
      'RRULE:FREQ=WEEKLY;BYDAY=TU',
      'SUMMARY:Team sync',
    ])
    await putEvent('dev', 'work', 'all-day', ['DTSTART;VALUE=DATE:20261203', 'DTEND;VALUE=DATE:20261204', 'SUMMARY:Offsite'])
    await putEvent('dev', 'work', 'free', ['DTSTART:20261202T100000Z', 'DTEND:20261202T110000Z', 'TRANSP:TRANSPARENT'])
    await putEvent('dev', 'work', 'cancelled', ['DTSTART:20261202T120000Z', 'DTEND:20261202T130000Z', 'STATUS:CANCELLED'])
    await putEvent('dev', 'private', 'private', ['DTSTART:20261202T150000Z', 'DTEND:20261202T160000Z'])

    const busy = await calendar.busyFor([owner.user.id], Date.parse('2026-11-30T00:00:00Z'), Date.parse('2026-12-14T00:00:00Z'))
    expect(iso(busy.get(owner.user.id))).toEqual([
      ['2026-12-01T08:00:00.000Z', '2026-12-01T08:30:00.000Z'],
      ['2026-12-01T10:00:00.000Z', '2026-12-01T11:00:00.000Z'],
      ['2026-12-03T00:00:00.000Z', '2026-12-04T00:00:00.000Z'],
      ['2026-12-08T08:00:00.000Z', '2026-12-08T08:30:00.000Z'],
    ])
    // A user without a connection is simply free.
    const nobody = await buildOwner(app)
    expect((await calendar.busyFor([nobody.user.id], 0, Date.parse('2027-01-01T00:00:00Z'))).get(nobody.user.id)).toEqual([])
  })

  it('answers busy times without failing when a calendar server is down, and shows the error on the connection', async () => {
    const owner = await buildOwner(app)
    const connection = await connect(owner, 'eli')
    const dead = `http://127.0.0.1:${await freePort()}/eli/work/`
    await app.database.db
      .update(calendarConnections)
      .set({ busyCalendarUrls: [dead] })
      .where(eq(calendarConnections.id, connection.id))
    const busy = await calendar.busyFor([owner.user.id], Date.parse('2026-12-01T00:00:00Z'), Date.parse('2026-12-02T00:00:00Z'))
    expect(busy.get(owner.user.id)).toEqual([])
    const [listed] = (await call(owner, 'GET', '/api/calendar/connections')).json().connections
    expect(listed.lastError).toMatch(/^Could not connect to this calendar server/)
  })

  it('writes a booking into the write calendar, moves the same event on reschedule and deletes it on cancel', async () => {
    const owner = await buildOwner(app, { name: 'Fay Seller' })
    const connection = await connect(owner, 'fay')
    const writeSlug = connection.writeCalendarUrl === radicale.calendarUrl('fay', 'work') ? 'work' : 'private'
    const booking = await insertBooking(owner, { start: '2026-12-01T09:00:00Z', status: 'pending' })

    await calendar.bookingChanged(booking.id)
    await calendar.bookingChanged(booking.id) // a retried job changes nothing
    const [written] = await eventsIn('fay', writeSlug)
    expect(await eventsIn('fay', writeSlug)).toHaveLength(1)
    expect(written).toMatchObject({
      uid: `${booking.uid}@closeroom`,
      start: '2026-12-01T09:00:00.000Z',
      end: '2026-12-01T09:30:00.000Z',
      summary: 'Intro call',
      status: 'TENTATIVE',
    })
    const [write] = await app.database.db.select().from(calendarWrites).where(eq(calendarWrites.bookingId, booking.id))
    expect(write?.objectUrl).toBe(written?.url)

    // Our own event does not count as busy: the bookings table holds that time already.
    const busy = await calendar.busyFor([owner.user.id], Date.parse('2026-12-01T00:00:00Z'), Date.parse('2026-12-02T00:00:00Z'))
    expect(busy.get(owner.user.id)).toEqual([])

    await app.database.db
      .update(bookings)
      .set({ status: 'accepted', startAt: new Date('2026-12-02T14:00:00Z'), endAt: new Date('2026-12-02T14:30:00Z'), sequence: 1 })
      .where(eq(bookings.id, booking.id))
    await calendar.bookingChanged(booking.id)
    const moved = await eventsIn('fay', writeSlug)
    expect(moved).toHaveLength(1)
    expect(moved[0]).toMatchObject({ url: written?.url, start: '2026-12-02T14:00:00.000Z', status: 'CONFIRMED', sequence: 1 })

    await app.database.db.update(bookings).set({ status: 'cancelled', sequence: 2 }).where(eq(bookings.id, booking.id))
    await calendar.bookingChanged(booking.id)
    await calendar.bookingChanged(booking.id)
    expect(await eventsIn('fay', writeSlug)).toEqual([])
    expect(await app.database.db.select().from(calendarWrites).where(eq(calendarWrites.bookingId, booking.id))).toEqual([])
    const [listed] = (await call(owner, 'GET', '/api/calendar/connections')).json().connections
    expect(listed.lastError).toBeNull()
  })

  it('notes a failed write on the connection instead of failing the booking', async () => {
    const owner = await buildOwner(app)
    const connection = await connect(owner, 'gus')
    const dead = `http://127.0.0.1:${await freePort()}/gus/work/`
    await app.database.db.update(calendarConnections).set({ writeCalendarUrl: dead }).where(eq(calendarConnections.id, connection.id))
    const booking = await insertBooking(owner, { start: '2026-12-01T09:00:00Z' })
    await expect(calendar.bookingChanged(booking.id)).resolves.toBeUndefined()
    const [listed] = (await call(owner, 'GET', '/api/calendar/connections')).json().connections
    expect(listed.lastError).toMatch(/^Could not connect to this calendar server/)
  })
})

describe('calendar feed (ICS)', () => {
  it("answers text/calendar with the user's pending and accepted bookings, and 404 for a wrong token", async () => {
    const owner = await buildOwner(app, { name: 'Hal Host' })
    const soon = new Date(Date.now() + 86_400_000).toISOString()
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString()
    const accepted = await insertBooking(owner, { start: soon })
    const pending = await insertBooking(owner, { start: later, status: 'pending' })
    const cancelled = await insertBooking(owner, { start: later })
    await app.database.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, cancelled.id))
    const old = await insertBooking(owner, { start: new Date(Date.now() - 40 * 86_400_000).toISOString() })

    const { feedUrl } = (await call(owner, 'GET', '/api/calendar/feed')).json()
    expect(feedUrl).toMatch(/^https:\/\/closeroom\.test\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/)
    expect((await call(owner, 'GET', '/api/calendar/feed')).json().feedUrl).toBe(feedUrl)

    const path = new URL(feedUrl).pathname
    const res = await app.inject({ method: 'GET', url: path })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/calendar/)
    const root = new ICAL.Component(ICAL.parse(res.body))
    const uids = root.getAllSubcomponents('vevent').map((e) => e.getFirstPropertyValue('uid'))
    expect(uids).toEqual([`${accepted.uid}@closeroom`, `${pending.uid}@closeroom`])
    expect(uids).not.toContain(`${old.uid}@closeroom`)
    // Without the .ics suffix too.
    expect((await app.inject({ method: 'GET', url: path.replace(/\.ics$/, '') })).statusCode).toBe(200)

    const wrong = await app.inject({ method: 'GET', url: '/api/calendar/feed/not-the-token.ics' })
    expect(wrong.statusCode).toBe(404)
    expect(wrong.json()).toEqual({ message: 'Calendar feed not found', code: 'not_found' })
    expect((await app.inject({ method: 'GET', url: '/api/calendar/feed/%00.ics' })).statusCode).toBe(404)

    const rotated = (await call(owner, 'POST', '/api/calendar/feed/rotate')).json().feedUrl
    expect(rotated).not.toBe(feedUrl)
    expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url: new URL(rotated).pathname })).statusCode).toBe(200)
    expect((await call(null, 'GET', '/api/calendar/feed')).statusCode).toBe(401)
  })
})
