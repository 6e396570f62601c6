import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { bookingCalendar, feedCalendar, type IcsBooking } from './ics.ts'

const booking: IcsBooking = {
  uid: 'b00kingUid0123456789',
  sequence: 2,
  status: 'accepted',
  title: 'Discovery call',
  startAt: new Date('2026-12-01T09:00:00Z'),
  endAt: new Date('2026-12-01T09:30:00Z'),
  attendeeName: 'Bea Buyer',
  attendeeEmail: 'bea@example.com',
  attendeePhone: null,
  locationKind: 'meeting',
  locationValue: 'https://closeroom.test/m/room-1',
  cancelReason: null,
}
const base = { organizerName: 'Sam Seller', organizerEmail: 'sam@example.com', appUrl: 'https://closeroom.test/' }

function parse(text: string) {
  const root = new ICAL.Component(ICAL.parse(text))
  const events = root.getAllSubcomponents('vevent')
  return { root, events, event: events[0] as ICAL.Component }
}
const value = (c: ICAL.Component, name: string) => c.getFirstPropertyValue(name)

describe('booking invitations (ICS)', () => {
  it('writes one VEVENT with the booking uid, sequence, UTC times, place, links, organizer and attendee', () => {
    const { root, events, event } = parse(bookingCalendar({ booking, ...base, method: 'REQUEST' }))
    expect(value(root, 'method')).toBe('REQUEST')
    expect(events).toHaveLength(1)
    expect(value(event, 'uid')).toBe('b00kingUid0123456789@closeroom')
    expect(value(event, 'sequence')).toBe(2)
    const start = value(event, 'dtstart') as ICAL.Time
    const end = value(event, 'dtend') as ICAL.Time
    expect(start.zone).toBe(ICAL.Timezone.utcTimezone)
    expect(start.toJSDate().toISOString()).toBe('2026-12-01T09:00:00.000Z')
    expect(end.toJSDate().toISOString()).toBe('2026-12-01T09:30:00.000Z')
    expect(value(event, 'summary')).toBe('Discovery call')
    expect(value(event, 'location')).toBe('https://closeroom.test/m/room-1')
    expect(value(event, 'url')).toBe('https://closeroom.test/m/room-1')
    expect(value(event, 'status')).toBe('CONFIRMED')
    const description = String(value(event, 'description'))
    expect(description).toContain('https://closeroom.test/e/b00kingUid0123456789/reschedule')
    expect(description).toContain('https://closeroom.test/e/b00kingUid0123456789/cancel')
    const organizer = event.getFirstProperty('organizer')
    expect(String(organizer?.getFirstValue()).toLowerCase()).toBe('mailto:sam@example.com')
    expect(organizer?.getParameter('cn')).toBe('Sam Seller')
    const attendee = event.getFirstProperty('attendee')
    expect(String(attendee?.getFirstValue()).toLowerCase()).toBe('mailto:bea@example.com')
    expect(attendee?.getParameter('cn')).toBe('Bea Buyer')
    expect(attendee?.getParameter('partstat')).toBe('ACCEPTED')
  })

  it('marks a booking waiting for confirmation TENTATIVE', () => {
    const { event } = parse(bookingCalendar({ booking: { ...booking, status: 'pending' }, ...base, method: 'REQUEST' }))
    expect(value(event, 'status')).toBe('TENTATIVE')
  })

  it('cancels with METHOD:CANCEL, STATUS:CANCELLED, the same UID and the reason', () => {
    const cancelled = { ...booking, status: 'cancelled' as const, sequence: 3, cancelReason: 'Out sick' }
    const { root, event } = parse(bookingCalendar({ booking: cancelled, ...base, method: 'CANCEL' }))
    expect(value(root, 'method')).toBe('CANCEL')
    expect(value(event, 'uid')).toBe('b00kingUid0123456789@closeroom')
    expect(value(event, 'sequence')).toBe(3)
    expect(value(event, 'status')).toBe('CANCELLED')
    expect(String(value(event, 'description'))).toContain('Out sick')
  })

  it('writes a calendar object for CalDAV without METHOD, the buyer scheduled by us, not by the server', () => {
    const { root, event } = parse(bookingCalendar({ booking, ...base, method: null }))
    expect(root.hasProperty('method')).toBe(false)
    expect(event.getFirstProperty('attendee')?.getParameter('schedule-agent')).toBe('CLIENT')
  })

  it('says where an in-person or phone meeting happens', () => {
    const inPerson = parse(
      bookingCalendar({ booking: { ...booking, locationKind: 'in_person', locationValue: '1 Main St' }, ...base, method: 'REQUEST' }),
    )
    expect(value(inPerson.event, 'location')).toBe('1 Main St')
    expect(inPerson.event.hasProperty('url')).toBe(false)
    const phone = parse(
      bookingCalendar({ booking: { ...booking, locationKind: 'phone', locationValue: '+33612345678' }, ...base, method: 'REQUEST' }),
    )
    expect(value(phone.event, 'location')).toBe('Phone: +33612345678')
  })

  it('feeds several bookings as one named calendar', () => {
    const second = {
      ...booking,
      uid: 'second0123456789abc',
      startAt: new Date('2026-12-02T10:00:00Z'),
      endAt: new Date('2026-12-02T11:00:00Z'),
    }
    const { root, events } = parse(
      feedCalendar(
        [
          { booking, ...base },
          { booking: second, ...base },
        ],
        'Closeroom · Sam',
      ),
    )
    expect(root.hasProperty('method')).toBe(false)
    expect(value(root, 'x-wr-calname')).toBe('Closeroom · Sam')
    expect(events.map((e) => value(e, 'uid'))).toEqual(['b00kingUid0123456789@closeroom', 'second0123456789abc@closeroom'])
  })
})
