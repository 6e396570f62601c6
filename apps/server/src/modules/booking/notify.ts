import { type BookingNotification, type NotificationKind, SocketEvents, type WebhookEventType } from '@closeroom/shared'
import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import { bookings } from '../../db/schema/index.ts'
import type { Jobs } from '../../jobs/queue.ts'
import type { Realtime } from '../../realtime/server.ts'
import { bookingCalendar } from '../calendar/module.ts'
import type { Attachment, Mailer } from '../mail/module.ts'
import type { Notifications } from '../notifications/module.ts'
import type { WebhookEmit } from '../webhooks/module.ts'
import type { BookingChange, BookingListener } from './bookings.ts'
import * as emails from './emails.ts'
import { type BookingRow, participantsOf, presentBookings } from './present.ts'
import type { BookingSettingsService } from './settings.ts'

const REMINDER_QUEUE = 'booking-reminder'
const CALENDAR_QUEUE = 'booking-calendar-sync'

const NEWS: Partial<Record<BookingNotification['type'], NotificationKind>> = {
  'booking-created': 'booking-created',
  'booking-rescheduled': 'booking-rescheduled',
  'booking-cancelled': 'booking-cancelled',
}

/** A host's decline ends a request as a cancellation would: for a webhook's reader, it is one. */
const HOOKS = {
  'booking-created': 'booking.created',
  'booking-rescheduled': 'booking.rescheduled',
  'booking-cancelled': 'booking.cancelled',
  'booking-declined': 'booking.cancelled',
} as const satisfies Partial<Record<BookingNotification['type'], WebhookEventType>>

type Reminder = { bookingId: string; start: string; minutes: number }

type Deps = {
  db: Db
  jobs: Jobs
  mailer: Mailer
  realtime: Pick<Realtime, 'toUser'>
  notifications: Pick<Notifications, 'send'>
  settings: BookingSettingsService
  appUrl: string
  log: FastifyBaseLogger
  /** Writes the booking into the hosts' connected calendars; absent without that feature. */
  calendarSync?: (bookingId: string) => Promise<void>
  emit: WebhookEmit
  now?: () => number
}

const ACTION: Record<BookingNotification['type'], 'created' | 'rescheduled' | 'confirmed' | 'declined' | 'cancelled'> = {
  'booking-created': 'created',
  'booking-rescheduled': 'rescheduled',
  'booking-confirmed': 'confirmed',
  'booking-declined': 'declined',
  'booking-cancelled': 'cancelled',
}

/**
 * What follows a booking change once it is committed: the hosts' open calendars update live, the buyer
 * and the hosts get an email with the calendar invitation, reminders are queued, and connected calendars
 * are written by a job. None of it can undo the change: a failure is logged, not thrown at the buyer.
 */
export async function createBookingNotifier({
  db,
  jobs,
  mailer,
  realtime,
  notifications,
  settings,
  appUrl,
  log,
  calendarSync,
  emit,
  now = Date.now,
}: Deps) {
  async function load(bookingId: string) {
    const row = await rowOf(bookingId)
    const [booking] = await presentBookings(db, [row])
    const hosts = await participantsOf(db, [bookingId])
    return { row, booking, hosts }
  }

  async function rowOf(bookingId: string): Promise<BookingRow> {
    const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId))
    if (!row) throw new Error(`booking ${bookingId} vanished`)
    return row
  }

  function invitation(row: BookingRow, organizer: { name: string; email: string }, cancel: boolean): Attachment {
    const content = bookingCalendar({
      booking: row,
      organizerName: organizer.name,
      organizerEmail: organizer.email,
      appUrl,
      method: cancel ? 'CANCEL' : 'REQUEST',
    })
    return { filename: 'invite.ics', contentType: `text/calendar; charset=utf-8; method=${cancel ? 'CANCEL' : 'REQUEST'}`, content }
  }

  async function send(email: Parameters<Mailer['send']>[0]) {
    try {
      await mailer.send(email)
    } catch (error) {
      log.error({ err: error, to: email.to }, 'booking email could not be sent')
    }
  }

  async function scheduleReminders(row: BookingRow) {
    if (row.status !== 'accepted') return
    const { reminderMinutes } = await settings.of(row.organizationId)
    for (const minutes of reminderMinutes) {
      const at = row.startAt.getTime() - minutes * 60_000
      if (at <= now()) continue
      const reminder: Reminder = { bookingId: row.id, start: row.startAt.toISOString(), minutes }
      await jobs.send(REMINDER_QUEUE, reminder, { startAfter: new Date(at), retryLimit: 3 })
    }
  }

  /** Sends one reminder, unless the booking was moved or ended since it was queued (that job is stale). */
  async function remind({ bookingId, start }: Reminder): Promise<boolean> {
    const row = await rowOf(bookingId).catch(() => undefined)
    if (row?.status !== 'accepted' || row.startAt.toISOString() !== start) return false
    const hosts = await participantsOf(db, [bookingId])
    await send({
      to: row.attendeeEmail,
      organizationId: row.organizationId,
      ...emails.reminder(row, { name: row.attendeeName, timeZone: row.attendeeTimeZone }, hosts, appUrl, true),
    })
    for (const host of hosts)
      await send({ to: host.email, organizationId: row.organizationId, ...emails.reminder(row, host, hosts, appUrl, false) })
    return true
  }

  await jobs.createQueue(REMINDER_QUEUE)
  await jobs.work<Reminder>(REMINDER_QUEUE, { pollingIntervalSeconds: 5 }, async ([job]) => {
    if (job) await remind(job.data)
  })
  if (calendarSync) {
    await jobs.createQueue(CALENDAR_QUEUE, { retryLimit: 5, retryDelay: 30, retryBackoff: true })
    await jobs.work<{ bookingId: string }>(CALENDAR_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]) => {
      if (job) await calendarSync(job.data.bookingId)
    })
  }

  const listener: BookingListener = async (bookingId: string, change: BookingChange) => {
    const { row, booking, hosts } = await load(bookingId)
    if (!booking) return
    const hook = HOOKS[change.type as keyof typeof HOOKS]
    if (hook)
      await emit(
        row.organizationId,
        hook,
        change.previousStart ? { ...booking, previousStart: change.previousStart.toISOString() } : booking,
      )
    // What the buyer did is news for the hosts' notification centre; a host's own confirm or decline only
    // refreshes their calendars.
    const live = { type: change.type, booking } satisfies BookingNotification
    const kind = NEWS[change.type]
    for (const host of hosts)
      if (kind)
        await notifications.send(
          {
            userId: host.userId,
            kind,
            data: { name: booking.attendee.name, title: booking.title, start: booking.start },
            url: '/calendar',
          },
          live,
        )
      else realtime.toUser(host.userId, SocketEvents.userNewNotification, live)

    const action = ACTION[change.type]
    const organizer = hosts[0] ?? { name: 'Closeroom', email: 'no-reply@closeroom.local' }
    const ends = action === 'cancelled' || action === 'declined'
    const organizationId = row.organizationId
    await send({
      to: row.attendeeEmail,
      organizationId,
      attachments: [invitation(row, organizer, ends)],
      ...emails.toAttendee(action, row, hosts, appUrl),
    })
    // Hosts hear of what the buyer did; what a host did they know already.
    if (change.by === 'attendee' && (action === 'created' || action === 'rescheduled' || action === 'cancelled'))
      for (const host of hosts)
        await send({
          to: host.email,
          organizationId,
          attachments: [invitation(row, organizer, ends)],
          ...emails.toHost(action, row, host, appUrl, change.previousStart),
        })

    if (action === 'created' || action === 'rescheduled' || action === 'confirmed') await scheduleReminders(row)
    if (calendarSync) await jobs.send(CALENDAR_QUEUE, { bookingId })
  }

  return { listener, remind }
}

export type BookingNotifier = Awaited<ReturnType<typeof createBookingNotifier>>
