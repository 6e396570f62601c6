import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { organizations, teams, users } from './accounts.ts'
import { pipelineStages } from './deals.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** A sales target of one member or one team for a month or a quarter, set by admins. */
export const quotas = pgTable(
  'quotas',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull(),
    userId: uuid('user_id'),
    teamId: uuid('team_id'),
    period: text({ enum: ['month', 'quarter'] }).notNull(),
    /** First day of the month or quarter. */
    start: date({ mode: 'string' }).notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.organizationId], foreignColumns: [organizations.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.userId, t.organizationId], foreignColumns: [users.id, users.organizationId] }).onDelete('cascade'),
    foreignKey({ columns: [t.teamId, t.organizationId], foreignColumns: [teams.id, teams.organizationId] }).onDelete('cascade'),
    check('quotas_subject_check', sql`(${t.userId} is null) <> (${t.teamId} is null)`),
    check('quotas_period_check', sql`${t.period} in ('month', 'quarter')`),
    check('quotas_amount_check', sql`${t.amount} >= 0`),
    check('quotas_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    // One quota per subject, period kind and start.
    uniqueIndex('quotas_user_key').on(t.userId, t.period, t.start).where(sql`${t.userId} is not null`),
    uniqueIndex('quotas_team_key').on(t.teamId, t.period, t.start).where(sql`${t.teamId} is not null`),
    index('quotas_organization_idx').on(t.organizationId, t.start),
  ],
)

/** The organization's reporting currency: converted totals are given in it. */
export const reportingCurrencies = pgTable('reporting_currencies', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  currency: text().notNull(),
})

/** One unit of `currency` is worth `rate` units of the reporting currency, kept exactly as a decimal. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    currency: text().notNull(),
    rate: numeric({ precision: 22, scale: 10 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.currency] }), check('exchange_rates_rate_check', sql`${t.rate} > 0`)],
)

/**
 * Bookings counted per 15-minute UTC bucket, kept exact by the triggers of migration 0016 on bookings,
 * booking_participants and booking_events: the /booking dashboard reads these few rows instead of the
 * period's bookings. Every zone's midnights and hours fall on a 15-minute UTC boundary, so a viewer's days,
 * weekdays and hours are sums of whole buckets. `user_id` is a participant (host or co-host) for a member's
 * figures, or the nil uuid for the booking itself (everyone's figures, each booking once). `measure` is
 * 'created' (bucket of created_at), 'start' (of start_at), or a change done then ('rescheduled',
 * 'cancelled': bucket of the booking event; event type, status and no-show are left blank for those).
 */
export const bookingCounts = pgTable(
  'booking_counts',
  {
    organizationId: uuid('organization_id').notNull(),
    userId: uuid('user_id').notNull(),
    measure: text({ enum: ['created', 'start', 'rescheduled', 'cancelled'] }).notNull(),
    bucket: timestamp({ withTimezone: true }).notNull(),
    eventTypeId: uuid('event_type_id').notNull(),
    status: text().notNull(),
    noShow: boolean('no_show').notNull(),
    n: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId, t.measure, t.bucket, t.eventTypeId, t.status, t.noShow] })],
)

/**
 * Deals counted per stage, owner and currency (deal_stage_totals with the owner), kept by the statement
 * triggers of migration 0016 on every write of deals: the dashboards read where each member's deals stand now
 * from these rows, and where they stood at a past instant from these and the stays that changed since.
 */
export const dealOwnerTotals = pgTable(
  'deal_owner_totals',
  {
    stageId: uuid('stage_id').notNull(),
    ownerId: uuid('owner_id').notNull(),
    organizationId: uuid('organization_id').notNull(),
    currency: text().notNull(),
    count: integer().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.stageId, t.ownerId, t.currency] }),
    foreignKey({ columns: [t.stageId, t.organizationId], foreignColumns: [pipelineStages.id, pipelineStages.organizationId] }).onDelete(
      'cascade',
    ),
    index('deal_owner_totals_organization_idx').on(t.organizationId, t.ownerId),
  ],
)

/**
 * Closed deals counted per stage, owner, currency, lost reason and 15-minute UTC bucket of closed_at (count, amount,
 * and the seconds from made to closed), kept exact by the statement triggers of migration 0029 on every write of
 * deals and backfilled there: /analytics' won and lost and /banking's won per month read these rows instead of
 * every deal closed in the period. Every zone's midnights fall on a quarter hour, so a viewer's days and months are
 * runs of whole buckets (a zone whose midnights are off the quarter hour is counted over the deals as before). The
 * stage, not its kind, is kept: a stage changing kind needs no recount here.
 */
export const dealCloseCounts = pgTable(
  'deal_close_counts',
  {
    organizationId: uuid('organization_id').notNull(),
    bucket: timestamp({ withTimezone: true }).notNull(),
    stageId: uuid('stage_id').notNull(),
    ownerId: uuid('owner_id').notNull(),
    currency: text().notNull(),
    /** Null when none was given ('' is a reason given empty): the key treats nulls as equal. */
    lostReason: text('lost_reason'),
    n: integer().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    /** Seconds from created_at to closed_at, summed (exact: numeric). */
    cycle: numeric().notNull(),
  },
  (t) => [
    unique('deal_close_counts_key').on(t.organizationId, t.bucket, t.stageId, t.ownerId, t.currency, t.lostReason).nullsNotDistinct(),
    foreignKey({ columns: [t.stageId, t.organizationId], foreignColumns: [pipelineStages.id, pipelineStages.organizationId] }).onDelete(
      'cascade',
    ),
  ],
)

/**
 * The product lines of closed deals counted per stage, owner, currency, product and 15-minute UTC bucket of the
 * deal's closed_at (lines, which are deals: a deal has one line per product; units; revenue), kept exact by the
 * triggers of migration 0029 on deals and deal_lines and backfilled there: /ecommerce reads these rows instead of
 * joining every line of the deals won in the period. Buckets as in deal_close_counts.
 */
export const dealLineCloseCounts = pgTable(
  'deal_line_close_counts',
  {
    organizationId: uuid('organization_id').notNull(),
    bucket: timestamp({ withTimezone: true }).notNull(),
    stageId: uuid('stage_id').notNull(),
    ownerId: uuid('owner_id').notNull(),
    currency: text().notNull(),
    productId: uuid('product_id').notNull(),
    n: integer().notNull(),
    units: bigint({ mode: 'number' }).notNull(),
    revenue: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.bucket, t.stageId, t.ownerId, t.currency, t.productId] }),
    foreignKey({ columns: [t.stageId, t.organizationId], foreignColumns: [pipelineStages.id, pipelineStages.organizationId] }).onDelete(
      'cascade',
    ),
  ],
)

/**
 * Deals counted per owner, currency and 15-minute UTC bucket of created_at (count, amount), kept exact by the
 * statement triggers of migration 0031 on every write of deals and backfilled there: /analytics' deals made in a
 * period read these rows instead of the period's deals. Buckets as in deal_close_counts.
 */
export const dealMadeCounts = pgTable(
  'deal_made_counts',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    bucket: timestamp({ withTimezone: true }).notNull(),
    ownerId: uuid('owner_id').notNull(),
    currency: text().notNull(),
    n: integer().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.bucket, t.ownerId, t.currency] })],
)

/**
 * Stage stays counted per stage, the deal's owner, currency and 15-minute UTC bucket of when they were entered
 * (`measure` 'entered') or left ('left'), with the deal's amount, kept exact by the statement triggers of migration
 * 0031 on deal_stage_history and deals (a deal changing owner, currency or amount moves its stays' counts) and
 * backfilled there. Where deals stood at a past instant on a quarter hour is where they stand now
 * (deal_owner_totals) less the stays entered since plus the stays left since: a few rows instead of every stay.
 */
export const dealStayCounts = pgTable(
  'deal_stay_counts',
  {
    organizationId: uuid('organization_id').notNull(),
    measure: text({ enum: ['entered', 'left'] }).notNull(),
    bucket: timestamp({ withTimezone: true }).notNull(),
    stageId: uuid('stage_id').notNull(),
    ownerId: uuid('owner_id').notNull(),
    currency: text().notNull(),
    n: integer().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.measure, t.bucket, t.stageId, t.ownerId, t.currency] }),
    foreignKey({ columns: [t.stageId, t.organizationId], foreignColumns: [pipelineStages.id, pipelineStages.organizationId] }).onDelete(
      'cascade',
    ),
  ],
)
