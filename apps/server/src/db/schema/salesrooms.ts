import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { deals } from './deals.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const dealId = () =>
  uuid('deal_id')
    .notNull()
    .references(() => deals.id, { onDelete: 'cascade' })

/** One room per deal, reached by its unguessable public id; rotating the id revokes the old link. */
export const salesrooms = pgTable(
  'salesrooms',
  {
    dealId: dealId().primaryKey(),
    organizationId: uuid('organization_id').notNull(),
    publicId: text('public_id').notNull().unique(),
    title: text().notNull(),
    welcome: text().notNull().default(''),
    videoUrl: text('video_url').notNull().default(''),
    access: text({ enum: ['link', 'invited'] })
      .notNull()
      .default('link'),
    invitedEmails: jsonb('invited_emails').$type<string[]>().notNull().default([]),
    showPricing: boolean('show_pricing').notNull().default(true),
    published: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('salesrooms_organization_idx').on(t.organizationId),
    check('salesrooms_access_check', sql`${t.access} in ('link', 'invited')`),
  ],
)

export const salesroomLinks = pgTable(
  'salesroom_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    dealId: dealId(),
    title: text().notNull(),
    url: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('salesroom_links_deal_idx').on(t.dealId, t.createdAt)],
)

/** The mutual action plan: steps on the seller's or the buyer's side. */
export const actionSteps = pgTable(
  'action_steps',
  {
    id: uuid().primaryKey().defaultRandom(),
    dealId: dealId(),
    title: text().notNull(),
    side: text({ enum: ['seller', 'buyer'] }).notNull(),
    ownerName: text('owner_name').notNull().default(''),
    dueDate: date('due_date', { mode: 'string' }),
    done: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('action_steps_deal_idx').on(t.dealId, t.createdAt),
    check('action_steps_side_check', sql`${t.side} in ('seller', 'buyer')`),
  ],
)

/** One-time codes that let an invited email into a private room; only hashes are kept. */
export const salesroomCodes = pgTable(
  'salesroom_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    dealId: dealId(),
    email: text().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('salesroom_codes_lookup_idx').on(t.dealId, t.email)],
)

/** A buyer's visit: when it began, and how long the page stayed open (from heartbeats). */
export const salesroomVisits = pgTable(
  'salesroom_visits',
  {
    id: uuid().primaryKey().defaultRandom(),
    dealId: dealId(),
    visitorEmail: text('visitor_email'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    seconds: integer().notNull().default(0),
  },
  (t) => [index('salesroom_visits_deal_idx').on(t.dealId, t.startedAt)],
)

export const salesroomLinkOpens = pgTable(
  'salesroom_link_opens',
  {
    visitId: uuid('visit_id')
      .notNull()
      .references(() => salesroomVisits.id, { onDelete: 'cascade' }),
    linkId: uuid('link_id')
      .notNull()
      .references(() => salesroomLinks.id, { onDelete: 'cascade' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.visitId, t.linkId, t.openedAt] })],
)

/** The room's chat: the buyer's side signs with a name, the seller's side is a user. */
export const salesroomMessages = pgTable(
  'salesroom_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    dealId: dealId(),
    side: text({ enum: ['buyer', 'seller'] }).notNull(),
    authorName: text('author_name').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    visitorEmail: text('visitor_email'),
    body: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('salesroom_messages_deal_idx').on(t.dealId, t.createdAt, t.id),
    check('salesroom_messages_side_check', sql`${t.side} in ('buyer', 'seller')`),
  ],
)
