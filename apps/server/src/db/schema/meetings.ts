import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { organizations, users } from './accounts.ts'
import { bookings } from './booking.ts'
import { deals } from './deals.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/**
 * A video room at /m/{publicId}: one per booking whose location is a Closeroom meeting (the id is the
 * secret in the booking's link), or opened ad hoc from a deal. Guests join by the link alone.
 */
export const meetings = pgTable(
  'meetings',
  {
    id: uuid().primaryKey().defaultRandom(),
    publicId: text('public_id').notNull().unique(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    hostId: uuid('host_id').references(() => users.id, { onDelete: 'set null' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'set null' }),
    title: text().notNull(),
    /** Guests wait in the lobby until a member of the organization lets them in. */
    requireAdmission: boolean('require_admission').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('meetings_organization_idx').on(t.organizationId, t.createdAt),
    index('meetings_booking_idx').on(t.bookingId),
    // A deleted deal sets its meetings' deal to null, found by this rather than by reading every meeting.
    index('meetings_deal_idx').on(t.dealId).where(sql`${t.dealId} is not null`),
  ],
)

/**
 * A call recorded in the browser and uploaded in chunks as it goes; once stopped, the server joins them
 * into one seekable file in storage.
 */
export const recordings = pgTable(
  'recordings',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    status: text({ enum: ['recording', 'processing', 'ready', 'failed'] })
      .notNull()
      .default('recording'),
    contentType: text('content_type').notNull().default('video/webm'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    durationMs: integer('duration_ms'),
    size: bigint({ mode: 'number' }),
    /** The assembled file in storage; absent until it is ready. */
    storageKey: text('storage_key'),
    /** Shown to the buyer in the deal's sales room. */
    sharedInRoom: boolean('shared_in_room').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('recordings_organization_idx').on(t.organizationId, t.startedAt),
    index('recordings_meeting_idx').on(t.meetingId),
    check('recordings_status_check', sql`${t.status} in ('recording', 'processing', 'ready', 'failed')`),
  ],
)

/** The chunks received so far, in order; their bytes are in storage until the recording is assembled. */
export const recordingChunks = pgTable(
  'recording_chunks',
  {
    recordingId: uuid('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    sequence: integer().notNull(),
    size: integer().notNull(),
    storageKey: text('storage_key').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.recordingId, t.sequence] })],
)

/** A comment pinned to a moment of a recording. */
export const recordingComments = pgTable(
  'recording_comments',
  {
    id: uuid().primaryKey().defaultRandom(),
    recordingId: uuid('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    atMs: integer('at_ms').notNull(),
    body: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('recording_comments_recording_idx').on(t.recordingId, t.atMs), check('recording_comments_at_check', sql`${t.atMs} >= 0`)],
)
