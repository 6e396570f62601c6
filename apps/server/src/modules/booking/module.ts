import type { BookingProfile } from '@closeroom/shared'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import type { Jobs } from '../../jobs/queue.ts'
import type { Broadcast } from '../../lib/broadcast.ts'
import type { Realtime } from '../../realtime/server.ts'
import type { AuthContext } from '../auth/module.ts'
import type { Mailer } from '../mail/module.ts'
import type { Notifications } from '../notifications/module.ts'
import type { WebhookEmit } from '../webhooks/module.ts'
import { createAvailability, type ExternalBusy } from './availability.ts'
import { createBookingService } from './bookings.ts'
import { createBookingCache } from './cache.ts'
import { createEventTypeService } from './event-types.ts'
import { createHandles } from './handles.ts'
import { createBookingNotifier } from './notify.ts'
import type { BookingOrigins } from './origins.ts'
import { createPublicPages } from './public-pages.ts'
import type { RoutingPort } from './routed.ts'
import { createScheduleService } from './schedules.ts'
import { createBookingSettings } from './settings.ts'

/** What booking needs of connected calendars: their busy times, writing bookings into them, the ICS feed address. */
export { createHandles } from './handles.ts'
export type { PublicPages } from './public-pages.ts'
export { activeHosts, rankHosts, recentLoads } from './round-robin.ts'
export type { RoutedResponse, RoutingPort } from './routed.ts'
export { WORKING_HOURS } from './schedules.ts'

export type CalendarLink = ExternalBusy & {
  bookingChanged(bookingId: string): Promise<void>
  feedUrl(userId: string): Promise<string>
}

type Deps = {
  db: Db
  jobs: Jobs
  mailer: Mailer
  realtime: Pick<Realtime, 'toUser'>
  notifications: Pick<Notifications, 'send'>
  appUrl: string
  log: FastifyBaseLogger
  /** Drops other processes' copies of event types and schedules when one is written. */
  broadcast: Broadcast
  calendar?: CalendarLink
  /** Bookings made from sales rooms and product rooms (./origins.ts). */
  origins: BookingOrigins
  /** Bookings made after a routing form: routing sits above booking and answers for its responses. */
  routing: RoutingPort
  emit: WebhookEmit
  now?: () => number
}

/** Booking, assembled: the services the routes call, wired to emails, live updates, reminders and calendars. */
export async function createBookingModule({
  db,
  jobs,
  mailer,
  realtime,
  notifications,
  appUrl,
  log,
  broadcast,
  calendar,
  origins,
  routing,
  emit,
  now,
}: Deps) {
  const handles = createHandles(db)
  const cache = await createBookingCache(broadcast)
  const schedules = createScheduleService({ db, cache })
  const settings = createBookingSettings({ db })
  const availability = createAvailability({ db, schedules, cache, external: calendar })
  const eventTypes = createEventTypeService({ db, handles, appUrl, cache })
  const notifier = await createBookingNotifier({
    db,
    jobs,
    mailer,
    realtime,
    notifications,
    settings,
    appUrl,
    log,
    calendarSync: calendar?.bookingChanged,
    emit,
    now,
  })
  const bookings = createBookingService({ db, availability, cache, appUrl, onChange: notifier.listener, origins, routing, emit, now })
  const pages = createPublicPages({ db, handles, availability, routing, now })

  async function present(userId: string, handle: string): Promise<BookingProfile> {
    return { handle, url: `${appUrl}/u/${handle}`, feedUrl: calendar ? await calendar.feedUrl(userId) : '' }
  }
  const profile = {
    get: async (auth: AuthContext) => present(auth.user.id, await handles.forUser(auth.user.id)),
    rename: async (auth: AuthContext, handle: string) =>
      present(auth.user.id, await handles.rename(auth.user.id, auth.user.organizationId, handle)),
  }

  // `cache`: what the slots pages keep in memory (its size, and dropping it, for the benchmarks).
  return { handles, schedules, settings, availability, eventTypes, bookings, pages, profile, notifier, cache }
}

export type BookingModule = Awaited<ReturnType<typeof createBookingModule>>

declare module 'fastify' {
  interface FastifyInstance {
    booking: BookingModule
  }
}
