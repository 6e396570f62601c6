// What can be booked and where: handles, schedules, event types, their hosts and the booking settings.
// Bookings (booking.ts) and product rooms (deals.ts) point at event types, so these sit below both.
import type { BookingQuestion, BookingSettings, BookingWindow, DateOverride, EventLocation, WeeklyRange } from '@closeroom/shared'
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { organizations, teams, users } from './accounts.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/**
 * One namespace for public booking pages (/u/{handle}): a handle names a user or a team, never both, and
 * never two of them, whatever the case.
 */
export const publicHandles = pgTable(
  'public_handles',
  {
    handle: text().primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('public_handles_user_key').on(t.userId),
    uniqueIndex('public_handles_team_key').on(t.teamId),
    check('public_handles_owner_check', sql`(${t.userId} is null) <> (${t.teamId} is null)`),
    check('public_handles_format_check', sql`${t.handle} ~ '^[a-z0-9]([a-z0-9-]{0,58}[a-z0-9])?$'`),
  ],
)

export const schedules = pgTable(
  'schedules',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull(),
    userId: uuid('user_id').notNull(),
    name: text().notNull(),
    timeZone: text('time_zone').notNull(),
    weeklyHours: jsonb('weekly_hours').$type<WeeklyRange[]>().notNull(),
    overrides: jsonb().$type<DateOverride[]>().notNull().default([]),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.userId, t.organizationId], foreignColumns: [users.id, users.organizationId] }).onDelete('cascade'),
    index('schedules_user_idx').on(t.userId),
    // At most one default per user; the service keeps it at exactly one.
    uniqueIndex('schedules_default_key').on(t.userId).where(sql`${t.isDefault}`),
  ],
)

export const eventTypes = pgTable(
  'event_types',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull(),
    /** Who created it; a personal event type's only host. */
    ownerId: uuid('owner_id').notNull(),
    teamId: uuid('team_id'),
    kind: text({ enum: ['personal', 'round_robin', 'collective'] }).notNull(),
    slug: text().notNull(),
    title: text().notNull(),
    description: text().notNull().default(''),
    durations: jsonb().$type<number[]>().notNull(),
    location: jsonb().$type<EventLocation>().notNull(),
    bufferBefore: integer('buffer_before').notNull().default(0),
    bufferAfter: integer('buffer_after').notNull().default(0),
    minimumNotice: integer('minimum_notice').notNull().default(0),
    bookingWindow: jsonb('booking_window').$type<BookingWindow>().notNull(),
    slotInterval: integer('slot_interval'),
    dailyLimit: integer('daily_limit'),
    weeklyLimit: integer('weekly_limit'),
    requiresConfirmation: boolean('requires_confirmation').notNull().default(false),
    questions: jsonb().$type<BookingQuestion[]>().notNull().default([]),
    hidden: boolean().notNull().default(false),
    scheduleId: uuid('schedule_id').references(() => schedules.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('event_types_id_organization_key').on(t.id, t.organizationId),
    foreignKey({ columns: [t.ownerId, t.organizationId], foreignColumns: [users.id, users.organizationId] }).onDelete('cascade'),
    foreignKey({ columns: [t.teamId, t.organizationId], foreignColumns: [teams.id, teams.organizationId] }).onDelete('cascade'),
    // A slug is unique on its page: per owner for personal types, per team for team types.
    uniqueIndex('event_types_personal_slug_key').on(t.ownerId, t.slug).where(sql`${t.teamId} is null`),
    uniqueIndex('event_types_team_slug_key').on(t.teamId, t.slug).where(sql`${t.teamId} is not null`),
    index('event_types_organization_idx').on(t.organizationId),
    check('event_types_kind_check', sql`${t.kind} in ('personal', 'round_robin', 'collective')`),
    check('event_types_team_check', sql`(${t.kind} = 'personal') = (${t.teamId} is null)`),
    check('event_types_buffers_check', sql`${t.bufferBefore} >= 0 and ${t.bufferAfter} >= 0 and ${t.minimumNotice} >= 0`),
  ],
)

export const eventTypeHosts = pgTable(
  'event_type_hosts',
  {
    eventTypeId: uuid('event_type_id').notNull(),
    userId: uuid('user_id').notNull(),
    organizationId: uuid('organization_id').notNull(),
    weight: integer().notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.eventTypeId, t.userId] }),
    index('event_type_hosts_user_idx').on(t.userId),
    foreignKey({ columns: [t.eventTypeId, t.organizationId], foreignColumns: [eventTypes.id, eventTypes.organizationId] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.userId, t.organizationId], foreignColumns: [users.id, users.organizationId] }).onDelete('cascade'),
    check('event_type_hosts_weight_check', sql`${t.weight} between 1 and 100`),
  ],
)

export const bookingSettings = pgTable('booking_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  settings: jsonb().$type<BookingSettings>().notNull(),
})
