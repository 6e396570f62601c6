import { sql } from 'drizzle-orm'
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { deals, products } from './deals.ts'
import { eventTypes } from './scheduling.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const instant = (name: string) => timestamp(name, { withTimezone: true })

export const bookings = pgTable(
  'bookings',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The buyer's secret: their reschedule and cancel links carry it. */
    uid: text().notNull().unique(),
    organizationId: uuid('organization_id').notNull(),
    eventTypeId: uuid('event_type_id').notNull(),
    status: text({ enum: ['pending', 'accepted', 'cancelled', 'declined'] }).notNull(),
    title: text().notNull(),
    startAt: instant('start_at').notNull(),
    endAt: instant('end_at').notNull(),
    attendeeName: text('attendee_name').notNull(),
    attendeeEmail: text('attendee_email').notNull(),
    attendeePhone: text('attendee_phone'),
    attendeeTimeZone: text('attendee_time_zone').notNull(),
    notes: text(),
    answers: jsonb().$type<Record<string, string | boolean>>().notNull().default({}),
    /** Where to meet, resolved at booking time: room URL, link, address or the buyer's phone. */
    locationKind: text('location_kind', { enum: ['meeting', 'phone', 'in_person', 'link'] }).notNull(),
    locationValue: text('location_value'),
    cancelReason: text('cancel_reason'),
    /** A host or an admin marked the buyer absent from this past accepted meeting. */
    noShow: boolean('no_show').notNull().default(false),
    /** Bumped on every change, as the ICS SEQUENCE calendar apps use to replace an invitation. */
    sequence: integer().notNull().default(0),
    /** The deal whose sales room it was booked from, or the product whose room: its timeline and automations. */
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'set null' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.eventTypeId, t.organizationId], foreignColumns: [eventTypes.id, eventTypes.organizationId] }).onDelete(
      'cascade',
    ),
    index('bookings_organization_start_idx').on(t.organizationId, t.startAt),
    index('bookings_event_type_idx').on(t.eventTypeId, t.startAt),
    // With start_at, the bookings dashboard's lead time is read from the index alone (insights).
    index('bookings_organization_created_idx').on(t.organizationId, t.createdAt, t.startAt),
    // A deleted deal sets its bookings' deal to null: without this, each deletion scanned every booking.
    index('bookings_deal_idx').on(t.dealId).where(sql`${t.dealId} is not null`),
    check('bookings_status_check', sql`${t.status} in ('pending', 'accepted', 'cancelled', 'declined')`),
    check('bookings_time_check', sql`${t.endAt} > ${t.startAt}`),
  ],
)

/**
 * Which hosts a booking occupies, and for how long including the event type's buffers. A row exists only
 * while the booking holds the time (pending or accepted); the exclusion constraint in the migration
 * (bookings_hosts_no_overlap) refuses two overlapping rows of one host, whatever the race.
 */
export const bookingHosts = pgTable(
  'booking_hosts',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedFrom: instant('blocked_from').notNull(),
    blockedUntil: instant('blocked_until').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.userId] }),
    index('booking_hosts_user_idx').on(t.userId, t.blockedFrom),
    check('booking_hosts_range_check', sql`${t.blockedUntil} > ${t.blockedFrom}`),
  ],
)

/** Everyone who hosted a booking, kept after it stops holding time, for the calendar and the emails. */
export const bookingParticipants = pgTable(
  'booking_participants',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.userId] }), index('booking_participants_user_idx').on(t.userId)],
)

/** What happened to a booking: created, confirmed, declined, moved (from where), cancelled (why). */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    action: text({ enum: ['created', 'confirmed', 'declined', 'rescheduled', 'cancelled'] }).notNull(),
    by: text({ enum: ['attendee', 'host'] }).notNull(),
    fromStart: instant('from_start'),
    reason: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('booking_events_booking_idx').on(t.bookingId, t.createdAt),
    // The bookings dashboard counts reschedules and cancellations done in a period.
    index('booking_events_action_idx').on(t.action, t.createdAt),
  ],
)

/** Secret token of a user's ICS feed: the feed URL is the credential, so it can be rotated. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text().notNull().unique(),
  createdAt: createdAt(),
})

export const calendarConnections = pgTable(
  'calendar_connections',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull(),
    userId: uuid('user_id').notNull(),
    serverUrl: text('server_url').notNull(),
    username: text().notNull(),
    /** AES-256-GCM with a server secret: the password never leaves the server, not even in the API. */
    passwordEncrypted: text('password_encrypted').notNull(),
    calendars: jsonb().$type<{ url: string; name: string }[]>().notNull().default([]),
    busyCalendarUrls: jsonb('busy_calendar_urls').$type<string[]>().notNull().default([]),
    writeCalendarUrl: text('write_calendar_url'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.userId, t.organizationId], foreignColumns: [users.id, users.organizationId] }).onDelete('cascade'),
    index('calendar_connections_user_idx').on(t.userId),
  ],
)

/** The calendar object a booking was written to, so a move or a cancel updates the same event. */
export const calendarWrites = pgTable(
  'calendar_writes',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => calendarConnections.id, { onDelete: 'cascade' }),
    objectUrl: text('object_url').notNull(),
    etag: text(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.connectionId] })],
)
