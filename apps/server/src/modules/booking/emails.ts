import { layout } from '../mail/module.ts'
import type { BookingRow } from './present.ts'

// The emails of a booking's life. Times are written in the reader's own zone; names and answers are user
// content, escaped by layout().

type Message = { subject: string; text: string; html: string }
type Host = { name: string }

export function formatWhen(start: Date, end: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeZone }).format(start)
  const time = new Intl.DateTimeFormat('en-GB', { timeStyle: 'short', timeZone })
  return `${day}, ${time.format(start)}–${time.format(end)} (${timeZone})`
}

function whereOf(booking: BookingRow): string | null {
  const value = booking.locationValue
  switch (booking.locationKind) {
    case 'meeting':
      return value ? `Closeroom meeting room: ${value}` : null
    case 'link':
      return value ? `Link: ${value}` : null
    case 'in_person':
      return value ? `Address: ${value}` : null
    case 'phone':
      return value ? `Phone: the host will call ${value}` : 'Phone'
  }
}

function message(subject: string, lines: string[], links: string[], action?: { label: string; url: string }): Message {
  return {
    subject,
    text: `${[...lines, ...links].join('\n\n')}\n`,
    html: layout([...lines, ...links], action),
  }
}

const hostNames = (hosts: Host[]) => hosts.map((h) => h.name).join(', ')

/** To the buyer: booked, moved, confirmed, declined or cancelled, with the links that manage it. */
export function toAttendee(
  type: 'created' | 'rescheduled' | 'confirmed' | 'declined' | 'cancelled',
  booking: BookingRow,
  hosts: Host[],
  appUrl: string,
): Message {
  const when = formatWhen(booking.startAt, booking.endAt, booking.attendeeTimeZone)
  const where = whereOf(booking)
  const manage = [`Need another time? ${appUrl}/e/${booking.uid}/reschedule`, `Can't make it? ${appUrl}/e/${booking.uid}/cancel`]
  const what = `${booking.title} with ${hostNames(hosts)}`
  const hello = `Hi ${booking.attendeeName},`
  switch (type) {
    case 'created':
      return booking.status === 'pending'
        ? message(
            `Requested: ${booking.title} on ${when}`,
            [
              hello,
              `Your request for ${what} on ${when} is waiting for the host to confirm. We will email you as soon as they do.`,
              ...(where ? [where] : []),
            ],
            manage,
          )
        : message(
            `Confirmed: ${booking.title} on ${when}`,
            [hello, `Your meeting ${what} is booked for ${when}.`, ...(where ? [where] : [])],
            manage,
          )
    case 'rescheduled':
      return message(
        `Moved: ${booking.title} is now on ${when}`,
        [hello, `Your meeting ${what} now takes place on ${when}.`, ...(where ? [where] : [])],
        manage,
      )
    case 'confirmed':
      return message(
        `Confirmed: ${booking.title} on ${when}`,
        [hello, `${hostNames(hosts)} confirmed your meeting on ${when}.`, ...(where ? [where] : [])],
        manage,
      )
    case 'declined':
      return message(
        `Declined: ${booking.title} on ${when}`,
        [
          hello,
          `${hostNames(hosts)} could not take the meeting on ${when}.`,
          ...(booking.cancelReason ? [`Reason: ${booking.cancelReason}`] : []),
        ],
        [],
      )
    case 'cancelled':
      return message(
        `Cancelled: ${booking.title} on ${when}`,
        [hello, `The meeting ${what} on ${when} is cancelled.`, ...(booking.cancelReason ? [`Reason: ${booking.cancelReason}`] : [])],
        [],
      )
  }
}

/** To a host: a new booking or request, a move or a cancel by the buyer, with where to see it. */
export function toHost(
  type: 'created' | 'rescheduled' | 'cancelled',
  booking: BookingRow,
  host: Host & { timeZone: string },
  appUrl: string,
  previousStart?: Date,
): Message {
  const when = formatWhen(booking.startAt, booking.endAt, host.timeZone)
  const who = `${booking.attendeeName} <${booking.attendeeEmail}>`
  const open = { label: 'Open my calendar', url: `${appUrl}/calendar` }
  const details = [
    ...(booking.attendeePhone ? [`Phone: ${booking.attendeePhone}`] : []),
    ...(booking.notes ? [`Notes: ${booking.notes}`] : []),
    ...Object.entries(booking.answers).map(([key, value]) => `${key}: ${value === true ? 'yes' : value}`),
  ]
  switch (type) {
    case 'created':
      return booking.status === 'pending'
        ? message(
            `Please confirm: ${booking.title} with ${booking.attendeeName} on ${when}`,
            [`Hi ${host.name},`, `${who} asked for ${booking.title} on ${when}. Confirm or decline it in your calendar.`, ...details],
            [],
            open,
          )
        : message(
            `New booking: ${booking.title} with ${booking.attendeeName} on ${when}`,
            [`Hi ${host.name},`, `${who} booked ${booking.title} on ${when}.`, ...details],
            [],
            open,
          )
    case 'rescheduled': {
      const before = previousStart
        ? ` (was ${formatWhen(previousStart, new Date(previousStart.getTime() + booking.endAt.getTime() - booking.startAt.getTime()), host.timeZone)})`
        : ''
      return message(
        `Moved: ${booking.title} with ${booking.attendeeName} is now on ${when}`,
        [`Hi ${host.name},`, `${who} moved ${booking.title} to ${when}${before}.`],
        [],
        open,
      )
    }
    case 'cancelled':
      return message(
        `Cancelled: ${booking.title} with ${booking.attendeeName} on ${when}`,
        [
          `Hi ${host.name},`,
          `${who} cancelled ${booking.title} on ${when}.`,
          ...(booking.cancelReason ? [`Reason: ${booking.cancelReason}`] : []),
        ],
        [],
        open,
      )
  }
}

/** Before the meeting, to everyone in it. */
export function reminder(
  booking: BookingRow,
  reader: { name: string; timeZone: string },
  hosts: Host[],
  appUrl: string,
  isAttendee: boolean,
): Message {
  const when = formatWhen(booking.startAt, booking.endAt, reader.timeZone)
  const where = whereOf(booking)
  const other = isAttendee ? hostNames(hosts) : booking.attendeeName
  return message(
    `Reminder: ${booking.title} with ${other} on ${when}`,
    [`Hi ${reader.name},`, `A reminder of ${booking.title} with ${other} on ${when}.`, ...(where ? [where] : [])],
    isAttendee ? [`Need another time? ${appUrl}/e/${booking.uid}/reschedule`, `Can't make it? ${appUrl}/e/${booking.uid}/cancel`] : [],
  )
}
