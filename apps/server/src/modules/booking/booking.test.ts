import { type ErrorCode, SLOT_TAKEN, SocketEvents } from '@closeroom/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, listenOnFreePort, type TestApp } from '../../testing/app.ts'
import { bookingBody, buildEventType, freeSlots, nextMonday } from '../../testing/booking.ts'
import { buildMember, buildOwner, type Client, invalidField, request } from '../../testing/factories.ts'
import { connectSocket, nextEvent } from '../../testing/sockets.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const call = (client: Client | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  request(app, client, method, url, payload)

const handleOf = (bookingUrl: string) => new URL(bookingUrl).pathname.split('/')[2] ?? ''

describe('public booking', () => {
  it("lists a seller's visible event types on their page, without their email", async () => {
    const owner = await buildOwner(app, { name: 'Olivia Owner' })
    const shown = await buildEventType(app, owner, { title: 'Discovery', durations: [30, 60], description: 'Meet us' })
    await buildEventType(app, owner, { title: 'Secret', hidden: true })
    const res = await call(null, 'GET', `/api/public/users/${handleOf(shown.bookingUrl)}`)
    expect(res.statusCode).toBe(200)
    const page = res.json()
    expect(page).toMatchObject({ kind: 'user', name: 'Olivia Owner', timeZone: 'UTC' })
    expect(page.eventTypes.map((e: { title: string }) => e.title)).toEqual(['Discovery'])
    expect(page.eventTypes[0]).toMatchObject({
      id: shown.id,
      durations: [30, 60],
      location: { kind: 'meeting' },
      hosts: [{ name: 'Olivia Owner' }],
    })
    expect(res.body).not.toContain(owner.user.email)
    expect((await call(null, 'GET', '/api/public/users/nobody-here')).json()).toEqual({
      message: 'This booking page does not exist',
      code: 'not_found',
    })
  })

  it('offers the working day in half hours, books one, and stops offering it', async () => {
    const owner = await buildOwner(app)
    const eventType = await buildEventType(app, owner)
    const monday = nextMonday()
    const slots = await freeSlots(app, eventType.id, monday)
    // Monday 09:00–17:00 UTC, 30-minute meetings every 30 minutes: 16 starts, the last at 16:30.
    expect(slots).toHaveLength(16)
    expect(slots[0]).toBe(`${monday}T09:00:00.000Z`)
    expect(slots.at(-1)).toBe(`${monday}T16:30:00.000Z`)

    const res = await call(null, 'POST', '/api/public/bookings', bookingBody(eventType.id, `${monday}T10:00:00.000Z`))
    expect(res.statusCode).toBe(201)
    const booking = res.json()
    expect(booking).toMatchObject({
      status: 'accepted',
      start: `${monday}T10:00:00.000Z`,
      end: `${monday}T10:30:00.000Z`,
      timeZone: 'Europe/Paris',
      title: 'Intro call',
      attendee: { name: 'Bea Buyer', email: 'bea@buyer.example' },
      location: { kind: 'meeting' },
      changeable: true,
    })
    expect(booking.uid).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(booking.location.value).toMatch(/\/m\/[A-Za-z0-9_-]{16}$/)
    expect(booking.location.value).not.toContain(booking.uid)

    expect(await freeSlots(app, eventType.id, monday)).not.toContain(`${monday}T10:00:00.000Z`)
    const again = await call(
      null,
      'POST',
      '/api/public/bookings',
      bookingBody(eventType.id, `${monday}T10:00:00.000Z`, { email: 'other@buyer.example' }),
    )
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ message: SLOT_TAKEN, code: 'slot_taken' })
  })

  it('emails the buyer (in their zone, with the invitation and their links) and the host', async () => {
    const owner = await buildOwner(app)
    const eventType = await buildEventType(app, owner, { title: 'Demo' })
    const monday = nextMonday()
    const booking = (
      await call(
        null,
        'POST',
        '/api/public/bookings',
        bookingBody(eventType.id, `${monday}T13:00:00.000Z`, { email: 'mail-check@buyer.example' }),
      )
    ).json()
    const [toBuyer] = await app.outbox('mail-check@buyer.example')
    expect(toBuyer?.subject).toContain('Confirmed: Demo')
    // 13:00 UTC is 14:00 in Paris in winter and 15:00 in summer: either way the buyer reads Paris time.
    expect(toBuyer?.text).toMatch(/1[45]:00–1[45]:30 \(Europe\/Paris\)/)
    expect(toBuyer?.text).toContain(`/e/${booking.uid}/reschedule`)
    expect(toBuyer?.text).toContain(`/e/${booking.uid}/cancel`)
    const [invite] = toBuyer?.attachments ?? []
    expect(invite?.contentType).toContain('method=REQUEST')
    expect(invite?.content).toContain(`UID:${booking.uid}@closeroom`)
    const [toHost] = await app.outbox(owner.user.email)
    expect(toHost?.subject).toContain('New booking: Demo with Bea Buyer')
    expect(toHost?.text).toContain('13:00–13:30 (UTC)')
  })

  it('refuses bad input with a clear 4xx', async () => {
    const owner = await buildOwner(app)
    const eventType = await buildEventType(app, owner, {
      questions: [
        { id: 'company', label: 'Company', type: 'text', required: true },
        { id: 'size', label: 'Team size', type: 'select', options: ['1-10', '11-50'] },
      ],
    })
    const monday = nextMonday()
    const start = `${monday}T11:00:00.000Z`
    const post = (body: object) => call(null, 'POST', '/api/public/bookings', body)
    const answers = { company: 'Acme' }
    const cases: [object, number, string, ErrorCode?][] = [
      [bookingBody('00000000-0000-4000-8000-000000000000', start, { answers }), 404, 'Event type not found'],
      [bookingBody(eventType.id, `${monday}T11:10:00.000Z`, { answers }), 400, 'start: This time is not offered', 'time_unavailable'],
      [bookingBody(eventType.id, `${monday}T03:00:00.000Z`, { answers }), 400, 'start: This time is not offered', 'time_unavailable'],
      [bookingBody(eventType.id, '2020-01-06T10:00:00.000Z', { answers }), 400, 'start: This time has passed', 'time_unavailable'],
      [bookingBody(eventType.id, start, { answers, email: 'not-an-email' }), 400, 'email: Must be a valid email address'],
      [bookingBody(eventType.id, start, { answers, phone: '+33 12' }), 400, 'phone: This phone number is not valid'],
      [bookingBody(eventType.id, start, { answers, duration: 45 }), 400, "duration: Choose one of this event type's durations"],
      [bookingBody(eventType.id, start), 400, 'answers.company: Company is required'],
      [bookingBody(eventType.id, start, { answers: { ...answers, size: '500+' } }), 400, 'answers.size: Choose one of the options'],
      [bookingBody(eventType.id, start, { answers: { ...answers, evil: 'x' } }), 400, 'answers.evil: This question is not asked'],
      [
        bookingBody(eventType.id, start, { answers, timeZone: 'Mars/Olympus' }),
        400,
        'timeZone: Must be an IANA time zone such as Europe/Paris',
      ],
    ]
    for (const [body, status, message, code] of cases) {
      const res = await post(body)
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status,
        body: status === 404 ? { message, code: 'not_found' } : invalidField(message, code),
      })
    }
    const far = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10)
    expect((await post(bookingBody(eventType.id, `${far}T10:00:00.000Z`, { answers }))).json()).toEqual({
      message: 'start: This time is outside the booking window',
      code: 'time_unavailable',
      field: 'start',
    })
    // Nothing was booked by any of these: the slot is still free.
    expect(await freeSlots(app, eventType.id, monday)).toContain(start)
  })

  it('picks the host itself: a host id in the body is ignored', async () => {
    const owner = await buildOwner(app)
    const stranger = await buildOwner(app)
    const eventType = await buildEventType(app, owner)
    const start = `${nextMonday()}T14:00:00.000Z`
    const res = await call(null, 'POST', '/api/public/bookings', {
      ...bookingBody(eventType.id, start),
      hostId: stranger.user.id,
      hosts: [stranger.user.id],
    })
    expect(res.statusCode).toBe(201)
    const [hosted] = (await call(owner, 'GET', '/api/bookings')).json().bookings
    expect(hosted.hosts).toEqual([{ userId: owner.user.id, name: owner.user.name }])
    expect((await call(stranger, 'GET', '/api/bookings')).json().bookings).toEqual([])
  })

  it('lets exactly one of ten buyers racing for one time win; the others get 409', async () => {
    const owner = await buildOwner(app)
    const eventType = await buildEventType(app, owner)
    const start = `${nextMonday()}T15:00:00.000Z`
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(null, 'POST', '/api/public/bookings', bookingBody(eventType.id, start, { email: `racer${i}@buyer.example` })),
      ),
    )
    const codes = results.map((r) => r.statusCode).sort()
    expect(codes).toEqual([201, ...Array(9).fill(409)])
    for (const loser of results.filter((r) => r.statusCode === 409))
      expect(loser.json()).toEqual({ message: SLOT_TAKEN, code: 'slot_taken' })
    expect((await call(owner, 'GET', '/api/bookings')).json().bookings).toHaveLength(1)
  })

  it('keeps buffers around a booking free of other meetings', async () => {
    const owner = await buildOwner(app)
    const eventType = await buildEventType(app, owner, { bufferBefore: 15, bufferAfter: 15 })
    const monday = nextMonday()
    await call(null, 'POST', '/api/public/bookings', bookingBody(eventType.id, `${monday}T11:00:00.000Z`))
    const slots = await freeSlots(app, eventType.id, monday)
    // 10:30 would end at 11:00 but its buffer after runs to 11:15; 11:30 would start inside 11:00's buffer.
    expect(slots).toContain(`${monday}T10:00:00.000Z`)
    expect(slots).not.toContain(`${monday}T10:30:00.000Z`)
    expect(slots).not.toContain(`${monday}T11:30:00.000Z`)
    expect(slots).toContain(`${monday}T12:00:00.000Z`)
  })
})

describe('reschedule and cancel by the buyer', () => {
  it('moves the same booking to a new time, frees the old one and keeps the history', async () => {
    const owner = await buildOwner(app)
    const eventType = await buildEventType(app, owner)
    const monday = nextMonday()
    const booking = (await call(null, 'POST', '/api/public/bookings', bookingBody(eventType.id, `${monday}T09:00:00.000Z`))).json()
    const res = await call(null, 'POST', `/api/public/bookings/${booking.uid}/reschedule`, {
      start: `${monday}T09:30:00.000Z`,
      timeZone: 'Asia/Tokyo',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      uid: booking.uid,
      start: `${monday}T09:30:00.000Z`,
      end: `${monday}T10:00:00.000Z`,
      timeZone: 'Asia/Tokyo',
    })
    // Moving by half an hour overlaps its own old time: the booking does not block itself.
    const slots = await freeSlots(app, eventType.id, monday)
    expect(slots).toContain(`${monday}T09:00:00.000Z`)
    expect(slots).not.toContain(`${monday}T09:30:00.000Z`)
    const [hosted] = (await call(owner, 'GET', '/api/bookings')).json().bookings
    expect(hosted.history.map((h: { action: string }) => h.action)).toEqual(['created', 'rescheduled'])
    expect(hosted.history[1]).toMatchObject({ by: 'attendee', fromStart: `${monday}T09:00:00.000Z` })
    const [moved] = await app.outbox(owner.user.email)
    expect(moved?.subject).toContain('Moved: Intro call')
  })

  it('cancels with a reason, frees the time, tells the host, and cannot be changed after', async () => {
    const owner = await buildOwner(app)
    const eventType = await buildEventType(app, owner)
    const monday = nextMonday()
    const booking = (await call(null, 'POST', '/api/public/bookings', bookingBody(eventType.id, `${monday}T12:00:00.000Z`))).json()
    const res = await call(null, 'POST', `/api/public/bookings/${booking.uid}/cancel`, { reason: 'Budget frozen' })
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Budget frozen', changeable: false })
    expect(await freeSlots(app, eventType.id, monday)).toContain(`${monday}T12:00:00.000Z`)
    const [toHost] = await app.outbox(owner.user.email)
    expect(toHost?.subject).toContain('Cancelled: Intro call with Bea Buyer')
    expect(toHost?.text).toContain('Reason: Budget frozen')
    expect((await call(null, 'POST', `/api/public/bookings/${booking.uid}/cancel`, {})).json()).toEqual({
      message: 'This booking was cancelled',
      code: 'booking_cancelled',
    })
    expect(
      (
        await call(null, 'POST', `/api/public/bookings/${booking.uid}/reschedule`, { start: `${monday}T13:00:00.000Z`, timeZone: 'UTC' })
      ).json(),
    ).toEqual({ message: 'This booking was cancelled', code: 'booking_cancelled' })
  })

  it('works only with the booking’s own uid', async () => {
    const owner = await buildOwner(app)
    const eventType = await buildEventType(app, owner)
    const booking = (await call(null, 'POST', '/api/public/bookings', bookingBody(eventType.id, `${nextMonday()}T16:00:00.000Z`))).json()
    const wrong = `${booking.uid.slice(0, -2)}${booking.uid.endsWith('AA') ? 'BB' : 'AA'}`
    expect((await call(null, 'POST', `/api/public/bookings/${wrong}/cancel`, {})).statusCode).toBe(404)
    expect((await call(null, 'GET', `/api/public/bookings/${wrong}`)).json()).toEqual({ message: 'Booking not found', code: 'not_found' })
    expect((await call(null, 'GET', `/api/public/bookings/${booking.uid}`)).json().status).toBe('accepted')
  })
})

describe("the host's side", () => {
  it('holds a booking as pending until the host confirms; a declined one frees the time', async () => {
    const owner = await buildOwner(app)
    const eventType = await buildEventType(app, owner, { requiresConfirmation: true })
    const monday = nextMonday()
    const first = (await call(null, 'POST', '/api/public/bookings', bookingBody(eventType.id, `${monday}T09:00:00.000Z`))).json()
    const second = (await call(null, 'POST', '/api/public/bookings', bookingBody(eventType.id, `${monday}T10:00:00.000Z`))).json()
    expect(first.status).toBe('pending')
    expect(await freeSlots(app, eventType.id, monday)).not.toContain(`${monday}T09:00:00.000Z`)

    const list = (await call(owner, 'GET', '/api/bookings?status=pending')).json().bookings
    const byStart = (start: string) => list.find((b: { start: string }) => b.start === start)
    const confirmed = await call(owner, 'POST', `/api/bookings/${byStart(first.start).id}/confirm`, {})
    expect(confirmed.json()).toMatchObject({ status: 'accepted' })
    const declined = await call(owner, 'POST', `/api/bookings/${byStart(second.start).id}/decline`, { reason: 'Double-booked' })
    expect(declined.json()).toMatchObject({ status: 'declined', cancelReason: 'Double-booked' })
    expect(await freeSlots(app, eventType.id, monday)).toContain(`${monday}T10:00:00.000Z`)
    expect((await call(null, 'GET', `/api/public/bookings/${second.uid}`)).json()).toMatchObject({ status: 'declined', changeable: false })
  })

  it('tells the host live over the socket when a buyer books', async () => {
    const owner = await buildOwner(app)
    const eventType = await buildEventType(app, owner)
    const url = await listenOnFreePort(app)
    const socket = await connectSocket(url, owner.cookie)
    try {
      const arrived = nextEvent<{ type: string; booking: { start: string; attendee: { name: string } } }>(
        socket,
        SocketEvents.userNewNotification,
      )
      const start = `${nextMonday()}T11:30:00.000Z`
      await call(null, 'POST', '/api/public/bookings', bookingBody(eventType.id, start))
      expect(await arrived).toMatchObject({ type: 'booking-created', booking: { start, attendee: { name: 'Bea Buyer' } } })
    } finally {
      socket.close()
    }
  })

  it("keeps another organization's event types and bookings out of reach", async () => {
    const owner = await buildOwner(app)
    const stranger = await buildOwner(app)
    const eventType = await buildEventType(app, owner)
    await call(null, 'POST', '/api/public/bookings', bookingBody(eventType.id, `${nextMonday()}T09:00:00.000Z`))
    const [booking] = (await call(owner, 'GET', '/api/bookings')).json().bookings
    expect((await call(stranger, 'GET', `/api/event-types/${eventType.id}`)).statusCode).toBe(404)
    expect((await call(stranger, 'PATCH', `/api/event-types/${eventType.id}`, { title: 'Mine now' })).statusCode).toBe(404)
    expect((await call(stranger, 'GET', `/api/bookings/${booking.id}`)).statusCode).toBe(404)
    expect((await call(stranger, 'POST', `/api/bookings/${booking.id}/cancel`, {})).statusCode).toBe(404)
    expect((await call(stranger, 'GET', '/api/event-types')).json().eventTypes).toEqual([])
    expect((await call(null, 'GET', '/api/bookings')).statusCode).toBe(401)
  })

  it("lets a member see only their own bookings (an admin sees everyone's) and not change a teammate's event type", async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner)
    const admin = await buildMember(app, owner, { role: 'admin' })
    const eventType = await buildEventType(app, owner)
    expect((await call(member, 'PATCH', `/api/event-types/${eventType.id}`, { title: 'Hijacked' })).json()).toEqual({
      message: 'Only its owner can change this event type',
      code: 'forbidden',
    })
    await call(null, 'POST', '/api/public/bookings', bookingBody(eventType.id, `${nextMonday()}T09:00:00.000Z`))
    const [booking] = (await call(owner, 'GET', '/api/bookings')).json().bookings
    expect((await call(member, 'GET', `/api/bookings/${booking.id}`)).statusCode).toBe(404)
    expect((await call(admin, 'GET', `/api/bookings/${booking.id}`)).json()).toMatchObject({ id: booking.id })
  })

  it('changes only what a PATCH names: hiding an event type keeps its rules and questions', async () => {
    const owner = await buildOwner(app)
    const question = { id: 'company', label: 'Company', type: 'text', required: true, options: [] }
    const eventType = await buildEventType(app, owner, { minimumNotice: 600, bufferAfter: 15, durations: [30, 60], questions: [question] })
    const hidden = (await call(owner, 'PATCH', `/api/event-types/${eventType.id}`, { hidden: true })).json()
    expect(hidden).toMatchObject({
      hidden: true,
      minimumNotice: 600,
      bufferAfter: 15,
      durations: [30, 60],
      questions: [question],
      title: 'Intro call',
    })
    const [schedule] = (await call(owner, 'GET', '/api/schedules')).json().schedules
    const renamed = (await call(owner, 'PATCH', `/api/schedules/${schedule.id}`, { name: 'Office' })).json()
    expect(renamed).toMatchObject({ name: 'Office', timeZone: schedule.timeZone, weeklyHours: schedule.weeklyHours })
  })

  it('refuses to delete an event type that has bookings, so they are kept', async () => {
    const owner = await buildOwner(app)
    const booked = await buildEventType(app, owner)
    const unused = await buildEventType(app, owner)
    await call(null, 'POST', '/api/public/bookings', bookingBody(booked.id, `${nextMonday()}T09:00:00.000Z`))
    expect((await call(owner, 'DELETE', `/api/event-types/${booked.id}`)).json()).toEqual({
      message: 'This event type has bookings: hide it instead, so they are kept',
      code: 'event_type_has_bookings',
    })
    expect((await call(owner, 'DELETE', `/api/event-types/${unused.id}`)).json()).toEqual({ ok: true })
  })

  it('stops offering a day once its daily limit is reached', async () => {
    const owner = await buildOwner(app)
    const eventType = await buildEventType(app, owner, { dailyLimit: 2 })
    const monday = nextMonday()
    await call(null, 'POST', '/api/public/bookings', bookingBody(eventType.id, `${monday}T09:00:00.000Z`))
    expect(await freeSlots(app, eventType.id, monday)).toHaveLength(15)
    await call(null, 'POST', '/api/public/bookings', bookingBody(eventType.id, `${monday}T10:00:00.000Z`))
    expect(await freeSlots(app, eventType.id, monday)).toEqual([])
    expect((await call(null, 'POST', '/api/public/bookings', bookingBody(eventType.id, `${monday}T11:00:00.000Z`))).json()).toEqual({
      message: SLOT_TAKEN,
      code: 'slot_taken',
    })
  })
})

describe('public rate limits', () => {
  it('answers 429 with a retry time once an address books too often, and keeps reads separate', async () => {
    const limited = await buildTestApp({
      limits: {
        perIp: { max: 100, windowMs: 60_000 },
        perEmail: { max: 100, windowMs: 60_000 },
        publicReads: { max: 3, windowMs: 60_000 },
        publicWrites: { max: 2, windowMs: 60_000 },
      },
    })
    try {
      const owner = await buildOwner(limited)
      const eventType = await buildEventType(limited, owner)
      const monday = nextMonday()
      const book = (hour: string) =>
        request(limited, null, 'POST', '/api/public/bookings', bookingBody(eventType.id, `${monday}T${hour}:00:00.000Z`))
      expect((await book('09')).statusCode).toBe(201)
      expect((await book('10')).statusCode).toBe(201)
      const refused = await book('11')
      expect(refused.statusCode).toBe(429)
      expect(refused.json().message).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/)
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
      const read = () =>
        request(limited, null, 'GET', `/api/public/event-types/${eventType.id}/slots?from=${monday}&to=${monday}&timeZone=UTC`)
      expect([(await read()).statusCode, (await read()).statusCode, (await read()).statusCode, (await read()).statusCode]).toEqual([
        200, 200, 200, 429,
      ])
    } finally {
      await limited.close()
    }
  })
})
