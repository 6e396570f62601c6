import ical, {
  type ICalAttendeeData,
  ICalAttendeeRole,
  type ICalAttendeeScheduleAgent,
  ICalAttendeeStatus,
  type ICalCalendar,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator'
import type { bookings } from '../../db/schema/index.ts'

type BookingRow = typeof bookings.$inferSelect

/** What an invitation needs of a booking; a bookings row fits as it is. */
export type IcsBooking = Pick<
  BookingRow,
  | 'uid'
  | 'sequence'
  | 'status'
  | 'title'
  | 'startAt'
  | 'endAt'
  | 'attendeeName'
  | 'attendeeEmail'
  | 'attendeePhone'
  | 'locationKind'
  | 'locationValue'
  | 'cancelReason'
>

export type BookingEventInput = {
  booking: IcsBooking
  organizerName: string
  organizerEmail: string
  appUrl: string
}

const PROD_ID = { company: 'Closeroom', product: 'Closeroom', language: 'EN' }

/** The UID every calendar app keys the booking's event on: the same across reschedules and the cancel. */
export const bookingEventUid = (uid: string) => `${uid}@closeroom`

/** Events we wrote ourselves carry this UID suffix; the bookings table already holds their time. */
export const isCloseroomUid = (uid: string) => uid.endsWith('@closeroom')

function statusOf(booking: IcsBooking, method: 'REQUEST' | 'CANCEL' | null): ICalEventStatus {
  if (method === 'CANCEL' || booking.status === 'cancelled' || booking.status === 'declined') return ICalEventStatus.CANCELLED
  return booking.status === 'pending' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED
}

function locationOf(booking: IcsBooking): { location: string | null; url: string | null } {
  const value = booking.locationValue
  switch (booking.locationKind) {
    case 'meeting':
    case 'link':
      return { location: value, url: value }
    case 'in_person':
      return { location: value, url: null }
    case 'phone':
      return { location: value ? `Phone: ${value}` : 'Phone', url: null }
  }
}

function descriptionOf(booking: IcsBooking, appUrl: string, cancelled: boolean): string {
  const base = appUrl.replace(/\/+$/, '')
  if (cancelled)
    return ['This meeting was cancelled.', booking.cancelReason ? `Reason: ${booking.cancelReason}` : null].filter(Boolean).join('\n')
  const lines = [`${booking.title} with ${booking.attendeeName}`]
  if (booking.locationKind === 'phone' && booking.locationValue) lines.push(`The host calls ${booking.locationValue}.`)
  else if (booking.locationValue) lines.push(`Where: ${booking.locationValue}`)
  if (booking.status === 'pending') lines.push('Waiting for the host to confirm.')
  lines.push('', `Reschedule: ${base}/e/${booking.uid}/reschedule`, `Cancel: ${base}/e/${booking.uid}/cancel`)
  return lines.join('\n')
}

/**
 * Adds the booking's VEVENT. `method` null makes a calendar object to store on a CalDAV server (RFC 4791
 * forbids METHOD there), and marks the buyer SCHEDULE-AGENT=CLIENT so a scheduling server does not send
 * its own invitation on top of ours.
 */
function addBookingEvent(calendar: ICalCalendar, input: BookingEventInput, method: 'REQUEST' | 'CANCEL' | null) {
  const { booking, organizerName, organizerEmail, appUrl } = input
  const status = statusOf(booking, method)
  const cancelled = status === ICalEventStatus.CANCELLED
  const { location, url } = locationOf(booking)
  const attendee: ICalAttendeeData = {
    name: booking.attendeeName,
    email: booking.attendeeEmail,
    role: ICalAttendeeRole.REQ,
    status: cancelled ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
    rsvp: false,
  }
  if (method === null) attendee.scheduleAgent = 'CLIENT' as ICalAttendeeScheduleAgent
  calendar.createEvent({
    id: bookingEventUid(booking.uid),
    sequence: booking.sequence,
    stamp: new Date(),
    start: booking.startAt,
    end: booking.endAt,
    summary: booking.title,
    location,
    url,
    description: descriptionOf(booking, appUrl, cancelled),
    organizer: { name: organizerName, email: organizerEmail },
    attendees: [attendee],
    status,
  })
}

/** An invitation (REQUEST) or its cancellation (CANCEL) for email, or with method null the object to store in a calendar. */
export function bookingCalendar(input: BookingEventInput & { method: 'REQUEST' | 'CANCEL' | null }): string {
  const calendar = ical({ prodId: PROD_ID })
  if (input.method) calendar.method(input.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST)
  addBookingEvent(calendar, input, input.method)
  return calendar.toString()
}

/** A user's subscription feed: every event as it stands now, no METHOD (a published calendar). */
export function feedCalendar(events: BookingEventInput[], name: string): string {
  // Calendar apps poll a subscription; 15 minutes is the refresh they are asked to use.
  const calendar = ical({ prodId: PROD_ID, name, ttl: 15 * 60 })
  for (const event of events) addBookingEvent(calendar, event, null)
  return calendar.toString()
}
