import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { bookingBody, buildEventType, freeSlots, nextMonday } from '../../testing/booking.ts'
import { buildOwner, type Client, request } from '../../testing/factories.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const call = (client: Client | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: object) =>
  method === 'PUT'
    ? app.inject({ method, url, headers: client ? { cookie: client.cookie } : {}, payload })
    : request(app, client, method, url, payload)

const weekdays = (start: string, end: string) => [1, 2, 3, 4, 5].map((day) => ({ day, start, end }))

/** An owner whose default schedule is weekdays 9 to 5 in `timeZone`. */
async function ownerIn(timeZone: string) {
  const owner = await buildOwner(app)
  const res = await call(owner, 'POST', '/api/schedules', {
    name: 'Office',
    timeZone,
    weeklyHours: weekdays('09:00', '17:00'),
    isDefault: true,
  })
  expect(res.statusCode).toBe(201)
  return { owner, schedule: res.json() }
}

const slotsOf = async (eventTypeId: string, from: string, to: string, timeZone: string) =>
  (await call(null, 'GET', `/api/public/event-types/${eventTypeId}/slots?from=${from}&to=${to}&timeZone=${timeZone}`)).json()
    .slots as Record<string, string[]>

// Far enough ahead to cover the 2027 clock changes from today's date.
const window2027 = { kind: 'range', start: '2027-01-01', end: '2027-12-31' }

describe('schedules', () => {
  it('gives a new user weekday working hours in their zone, and keeps exactly one default', async () => {
    const owner = await buildOwner(app)
    const [first] = (await call(owner, 'GET', '/api/schedules')).json().schedules
    expect(first).toMatchObject({ name: 'Working hours', timeZone: 'UTC', isDefault: true, overrides: [] })
    expect(first.weeklyHours).toEqual(weekdays('09:00', '17:00'))

    const second = (
      await call(owner, 'POST', '/api/schedules', { name: 'Evenings', timeZone: 'Asia/Tokyo', weeklyHours: weekdays('18:00', '21:00') })
    ).json()
    expect(second.isDefault).toBe(false)
    expect((await call(owner, 'PATCH', `/api/schedules/${second.id}`, { isDefault: true })).json().isDefault).toBe(true)
    const listed = (await call(owner, 'GET', '/api/schedules')).json().schedules
    expect(listed.map((s: { name: string; isDefault: boolean }) => [s.name, s.isDefault])).toEqual([
      ['Evenings', true],
      ['Working hours', false],
    ])
    expect((await call(owner, 'DELETE', `/api/schedules/${second.id}`)).json()).toEqual({
      message: 'Make another schedule the default before deleting this one',
      code: 'default_schedule',
    })
    expect((await call(owner, 'PATCH', `/api/schedules/${second.id}`, { isDefault: false })).json()).toEqual({
      message: 'isDefault: Make another schedule the default instead',
      code: 'default_schedule',
      field: 'isDefault',
    })
    expect((await call(owner, 'DELETE', `/api/schedules/${first.id}`)).json()).toEqual({ ok: true })
  })

  it('refuses overlapping hours, unknown zones and another user’s schedule', async () => {
    const { owner, schedule } = await ownerIn('Europe/Paris')
    const other = await buildOwner(app)
    const overlapping = [
      { day: 1, start: '09:00', end: '12:00' },
      { day: 1, start: '11:00', end: '13:00' },
    ]
    expect((await call(owner, 'PATCH', `/api/schedules/${schedule.id}`, { weeklyHours: overlapping })).json()).toEqual({
      message: 'weeklyHours: Hours of the same day must not overlap',
      code: 'invalid',
      field: 'weeklyHours',
    })
    expect((await call(owner, 'PATCH', `/api/schedules/${schedule.id}`, { timeZone: 'Europe/Atlantis' })).json()).toEqual({
      message: 'timeZone: Must be an IANA time zone such as Europe/Paris',
      code: 'invalid',
      field: 'timeZone',
    })
    expect(
      (await call(owner, 'PATCH', `/api/schedules/${schedule.id}`, { weeklyHours: [{ day: 1, start: '17:00', end: '09:00' }] })).json(),
    ).toEqual({
      message: 'weeklyHours.0.end: The end must be after the start',
      code: 'invalid',
      field: 'weeklyHours.0.end',
    })
    expect((await call(other, 'PATCH', `/api/schedules/${schedule.id}`, { name: 'Mine' })).statusCode).toBe(404)
    const foreign = await call(other, 'POST', '/api/event-types', { title: 'X', slug: 'x', durations: [30], scheduleId: schedule.id })
    expect(foreign.json()).toEqual({ message: "scheduleId: Choose one of the owner's schedules", code: 'invalid', field: 'scheduleId' })
  })

  it('applies date overrides: a day off, and other hours on another day', async () => {
    const owner = await buildOwner(app)
    const [schedule] = (await call(owner, 'GET', '/api/schedules')).json().schedules
    const eventType = await buildEventType(app, owner)
    const monday = nextMonday(7)
    const tuesday = new Date(Date.parse(monday) + 86_400_000).toISOString().slice(0, 10)
    await call(owner, 'PATCH', `/api/schedules/${schedule.id}`, {
      overrides: [
        { date: monday, ranges: [] },
        { date: tuesday, ranges: [{ start: '13:00', end: '14:00' }] },
      ],
    })
    expect(await freeSlots(app, eventType.id, monday)).toEqual([])
    expect(await freeSlots(app, eventType.id, tuesday)).toEqual([`${tuesday}T13:00:00.000Z`, `${tuesday}T13:30:00.000Z`])
  })
})

describe('time zones and clock changes', () => {
  it('keeps 9 to 5 in Paris across the March and October changes, shown in New York dates', async () => {
    const { owner } = await ownerIn('Europe/Paris')
    const eventType = await buildEventType(app, owner, { bookingWindow: window2027, minimumNotice: 0 })
    // Paris moves to summer time on Sunday 2027-03-28 and back on Sunday 2027-10-31.
    const march = await slotsOf(eventType.id, '2027-03-26', '2027-03-29', 'America/New_York')
    expect(Object.keys(march)).toEqual(['2027-03-26', '2027-03-29'])
    expect(march['2027-03-26']?.[0]).toBe('2027-03-26T08:00:00.000Z') // 09:00 CET (UTC+1)
    expect(march['2027-03-29']?.[0]).toBe('2027-03-29T07:00:00.000Z') // 09:00 CEST (UTC+2)
    expect(march['2027-03-29']).toHaveLength(16)
    const october = await slotsOf(eventType.id, '2027-10-29', '2027-11-01', 'Europe/Paris')
    expect(october['2027-10-29']?.[0]).toBe('2027-10-29T07:00:00.000Z')
    expect(october['2027-11-01']?.[0]).toBe('2027-11-01T08:00:00.000Z')
    expect(october['2027-11-01']?.at(-1)).toBe('2027-11-01T15:30:00.000Z')
  })

  it('keeps 9 to 5 in New York across the US changes, which fall on other weekends than Europe’s', async () => {
    const { owner } = await ownerIn('America/New_York')
    const eventType = await buildEventType(app, owner, { bookingWindow: window2027, minimumNotice: 0, durations: [60] })
    // New York springs forward on 2027-03-14 and falls back on 2027-11-07.
    const march = await slotsOf(eventType.id, '2027-03-12', '2027-03-15', 'Europe/London')
    expect(march['2027-03-12']?.[0]).toBe('2027-03-12T14:00:00.000Z') // 09:00 EST (UTC−5)
    expect(march['2027-03-15']?.[0]).toBe('2027-03-15T13:00:00.000Z') // 09:00 EDT (UTC−4)
    const november = await slotsOf(eventType.id, '2027-11-05', '2027-11-08', 'UTC')
    expect(november['2027-11-05']?.[0]).toBe('2027-11-05T13:00:00.000Z')
    expect(november['2027-11-08']?.[0]).toBe('2027-11-08T14:00:00.000Z')
    expect(november['2027-11-08']).toHaveLength(8)
  })

  it('handles a half-hour offset zone, and groups by the buyer’s date across the date line', async () => {
    const { owner } = await ownerIn('Asia/Kolkata')
    const eventType = await buildEventType(app, owner, { bookingWindow: window2027, minimumNotice: 0 })
    const kolkata = await slotsOf(eventType.id, '2027-06-07', '2027-06-07', 'Asia/Kolkata')
    expect(kolkata['2027-06-07']?.[0]).toBe('2027-06-07T03:30:00.000Z') // 09:00 IST (UTC+5:30)
    expect(kolkata['2027-06-07']?.at(-1)).toBe('2027-06-07T11:00:00.000Z')
    // In Honolulu (UTC−10) Monday's Kolkata morning is still Sunday evening.
    const honolulu = await slotsOf(eventType.id, '2027-06-06', '2027-06-07', 'Pacific/Honolulu')
    expect(honolulu['2027-06-06']?.[0]).toBe('2027-06-07T03:30:00.000Z')
  })
})

describe('reminders', () => {
  it('queues reminders before the meeting and sends them, but not for a booking moved since', async () => {
    const owner = await buildOwner(app)
    await call(owner, 'PUT', '/api/booking-settings', {
      defaultDuration: 30,
      bufferBefore: 0,
      bufferAfter: 0,
      minimumNotice: 120,
      windowDays: 60,
      reminderMinutes: [1440, 60],
      requiresConfirmation: false,
    })
    const eventType = await buildEventType(app, owner)
    const monday = nextMonday()
    const email = 'remind-me@buyer.example'
    const booking = (
      await call(null, 'POST', '/api/public/bookings', bookingBody(eventType.id, `${monday}T09:00:00.000Z`, { email }))
    ).json()
    type Job = { data: { bookingId: string; start: string; minutes: number }; start_after: Date }
    const jobs = (await app.database.db.execute(
      sql`select data, start_after from pgboss.job where name = 'booking-reminder' and data->>'start' = ${booking.start} order by start_after`,
    )) as unknown as { rows: Job[] }
    const queued = jobs.rows.map((j) => ({ minutes: j.data.minutes, at: new Date(j.start_after).toISOString() }))
    expect(queued).toEqual([
      { minutes: 1440, at: new Date(Date.parse(booking.start) - 1440 * 60_000).toISOString() },
      { minutes: 60, at: new Date(Date.parse(booking.start) - 60 * 60_000).toISOString() },
    ])

    const [job] = jobs.rows
    if (!job) throw new Error('no reminder queued')
    expect(await app.booking.notifier.remind(job.data)).toBe(true)
    const [reminder] = await app.outbox(email)
    expect(reminder?.subject).toMatch(/^Reminder: Intro call with /)
    const [toHost] = await app.outbox(owner.user.email)
    expect(toHost?.subject).toMatch(/^Reminder: Intro call with Bea Buyer on .*, 09:00–09:30 \(UTC\)$/)

    await call(null, 'POST', `/api/public/bookings/${booking.uid}/reschedule`, {
      start: `${monday}T11:00:00.000Z`,
      timeZone: 'Europe/Paris',
    })
    expect(await app.booking.notifier.remind(job.data)).toBe(false)
  })
})
