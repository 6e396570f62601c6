import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import { organizations, users } from './accounts.ts'
import { eventTypes } from './scheduling.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const money = (name: string) => bigint(name, { mode: 'number' })

export const pipelineStages = pgTable(
  'pipeline_stages',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    kind: text({ enum: ['open', 'won', 'lost'] }).notNull(),
    position: integer().notNull(),
    /** Percent chance a deal here is won: weighs the pipeline and the forecast. */
    probability: integer().notNull().default(50),
    createdAt: createdAt(),
  },
  (t) => [
    unique('pipeline_stages_id_organization_key').on(t.id, t.organizationId),
    index('pipeline_stages_organization_idx').on(t.organizationId, t.position),
    check('pipeline_stages_kind_check', sql`${t.kind} in ('open', 'won', 'lost')`),
    check('pipeline_stages_probability_check', sql`${t.probability} between 0 and 100`),
  ],
)

export const clients = pgTable(
  'clients',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    email: text().notNull().default(''),
    phone: text().notNull().default(''),
    company: text().notNull().default(''),
    title: text().notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    unique('clients_id_organization_key').on(t.id, t.organizationId),
    index('clients_organization_name_idx').on(t.organizationId, t.name),
  ],
)

export const products = pgTable(
  'products',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    price: money('price').notNull(),
    currency: text().notNull(),
    active: boolean().notNull().default(true),
    /** The product's public room at /p/{roomId}: absent until first published; rotating it revokes the old link. */
    roomId: text('room_id').unique(),
    roomPublished: boolean('room_published').notNull().default(false),
    /** The event type the room's booking widget offers; none hides the widget. */
    roomEventTypeId: uuid('room_event_type_id').references((): AnyPgColumn => eventTypes.id, { onDelete: 'set null' }),
    /**
     * A routing form of the organization the room shows. No foreign key: routing's tables refer to deals', and
     * the schema files must not import each other; a deleted form reads as none (lib/embedded-forms.ts).
     */
    roomRoutingFormId: uuid('room_routing_form_id'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('products_id_organization_key').on(t.id, t.organizationId),
    index('products_organization_idx').on(t.organizationId, t.name),
    check('products_price_check', sql`${t.price} >= 0`),
    check('products_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
)

export const deals = pgTable(
  'deals',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull(),
    name: text().notNull(),
    company: text().notNull().default(''),
    ownerId: uuid('owner_id').notNull(),
    stageId: uuid('stage_id').notNull(),
    amount: money('amount').notNull().default(0),
    currency: text().notNull(),
    expectedCloseDate: date('expected_close_date', { mode: 'string' }),
    notes: text().notNull().default(''),
    /** Order within its stage on the board: sparse, so a drop between two deals writes one row. */
    position: integer().notNull(),
    /**
     * When it entered a won or lost stage, null while open: set and cleared by the trigger deals_closed_at
     * (migration 0014) on every stage change, whichever statement makes it.
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Why it was lost; the same trigger clears it when the deal leaves its lost stage. */
    lostReason: text('lost_reason'),
    /** The product whose room's "talk to sales" form opened the deal. */
    originProductId: uuid('origin_product_id'),
    /**
     * How many clients are its contacts (deal_contacts), kept by the deal_contacts_count_* triggers
     * (migration 0033) on every write of deal_contacts, cascades included: the board shows it on 1,200 cards
     * and the list on every row, which counted them one subquery per card.
     */
    contactCount: integer('contact_count').notNull().default(0),
    /**
     * The deal's DealSummary as JSON text, before and after its owner's name and avatar (which live on users):
     * written by the trigger deals_summary_json (migration 0034) on every insert and update, so the board
     * reads 1,200 cards as stored text instead of writing each one out on every read (deals/board.ts).
     */
    summaryHead: text('summary_head').notNull().default(''),
    summaryTail: text('summary_tail').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('deals_id_organization_key').on(t.id, t.organizationId),
    // Both references carry the organization: a deal can never sit in another organization's stage or belong to its people.
    foreignKey({ columns: [t.stageId, t.organizationId], foreignColumns: [pipelineStages.id, pipelineStages.organizationId] }),
    foreignKey({ columns: [t.ownerId, t.organizationId], foreignColumns: [users.id, users.organizationId] }),
    // Keyset pagination for each sort, and the board's order.
    index('deals_org_updated_idx').on(t.organizationId, t.updatedAt, t.id),
    // Its trailing columns are the dashboards' (deals made in a period per owner and currency: read from the index alone).
    index('deals_org_created_idx').on(t.organizationId, t.createdAt, t.id, t.ownerId, t.currency, t.amount),
    index('deals_org_amount_idx').on(t.organizationId, t.amount, t.id),
    index('deals_org_close_idx').on(t.organizationId, t.expectedCloseDate, t.id),
    index('deals_org_name_idx').on(t.organizationId, t.name, t.id),
    index('deals_stage_position_idx').on(t.stageId, t.position),
    // A member's deals; with the columns of the home page's stale and overdue deals, read from the index alone.
    index('deals_owner_idx').on(t.ownerId, t.stageId, t.organizationId, t.createdAt, t.expectedCloseDate, t.updatedAt, t.id),
    // The dashboards: deals closed in a period, and the product rooms' inquiries.
    // Deals closed in a period with every column the dashboards group them by (read from the index alone).
    index('deals_org_closed_idx')
      .on(t.organizationId, t.closedAt, t.stageId, t.ownerId, t.currency, t.amount, t.createdAt, t.lostReason)
      .where(sql`${t.closedAt} is not null`),
    // /banking's forecast and its open deals with no expected close date: per open stage, by date, every column they
    // sum (read from the index alone).
    index('deals_stage_expected_idx').on(t.stageId, t.expectedCloseDate, t.organizationId, t.ownerId, t.currency, t.amount),
    index('deals_org_origin_product_idx').on(t.organizationId, t.originProductId).where(sql`${t.originProductId} is not null`),
    check('deals_amount_check', sql`${t.amount} >= 0`),
    check('deals_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
)

/**
 * Each stage's deal count and amount per currency, for the board's column headers without reading every deal.
 * Written only by the statement triggers on deals (migration 0012), so every write of deals keeps it exact,
 * in the writing transaction, whichever statement made it; rows stay at zero once a currency leaves a stage.
 */
export const dealStageTotals = pgTable(
  'deal_stage_totals',
  {
    stageId: uuid('stage_id').notNull(),
    organizationId: uuid('organization_id').notNull(),
    currency: text().notNull(),
    count: integer().notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.stageId, t.currency] }),
    foreignKey({ columns: [t.stageId, t.organizationId], foreignColumns: [pipelineStages.id, pipelineStages.organizationId] }).onDelete(
      'cascade',
    ),
  ],
)

export const dealContacts = pgTable(
  'deal_contacts',
  {
    dealId: uuid('deal_id').notNull(),
    clientId: uuid('client_id').notNull(),
    organizationId: uuid('organization_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.dealId, t.clientId] }),
    index('deal_contacts_client_idx').on(t.clientId),
    foreignKey({ columns: [t.dealId, t.organizationId], foreignColumns: [deals.id, deals.organizationId] }).onDelete('cascade'),
    foreignKey({ columns: [t.clientId, t.organizationId], foreignColumns: [clients.id, clients.organizationId] }).onDelete('cascade'),
  ],
)

export const dealLines = pgTable(
  'deal_lines',
  {
    dealId: uuid('deal_id').notNull(),
    productId: uuid('product_id').notNull(),
    organizationId: uuid('organization_id').notNull(),
    quantity: integer().notNull(),
    unitPrice: money('unit_price').notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.dealId, t.productId] }),
    foreignKey({ columns: [t.dealId, t.organizationId], foreignColumns: [deals.id, deals.organizationId] }).onDelete('cascade'),
    foreignKey({ columns: [t.productId, t.organizationId], foreignColumns: [products.id, products.organizationId] }),
    check('deal_lines_quantity_check', sql`${t.quantity} > 0`),
    check('deal_lines_price_check', sql`${t.unitPrice} >= 0`),
  ],
)

/** The deal's timeline: stage and owner changes, messages, bookings, sales room visits, agreements. */
export const dealActivities = pgTable(
  'deal_activities',
  {
    id: uuid().primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    kind: text({
      enum: [
        'created',
        'stage_changed',
        'owner_changed',
        'message',
        'booking',
        'salesroom_visit',
        'agreement',
        'routing',
        'invoice',
        'email',
      ],
    }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    data: jsonb().$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('deal_activities_deal_idx').on(t.dealId, t.createdAt)],
)

/** Internal chat of a deal's team: never shown to a buyer. */
export const dealMessages = pgTable(
  'deal_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    createdAt: createdAt(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  // The id orders messages sharing a time, so a page of the thread is one range of this index (db/thread-page.ts).
  (t) => [index('deal_messages_deal_idx').on(t.dealId, t.createdAt, t.id)],
)

/** The team's notes and messages about one client, edited in place (clients-updated-message). */
export const clientMessages = pgTable(
  'client_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    createdAt: createdAt(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [index('client_messages_client_idx').on(t.clientId, t.createdAt, t.id)],
)

/**
 * Each stay of a deal in a stage: written only by the trigger deals_stage_history (migration 0014) on every
 * insert and stage change of deals, so time in stage and stage conversion need no application code path.
 * A deleted stage leaves its stays with no stage.
 */
export const dealStageHistory = pgTable(
  'deal_stage_history',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    stageId: uuid('stage_id').references(() => pipelineStages.id, { onDelete: 'set null' }),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull(),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [
    index('deal_stage_history_deal_idx').on(t.dealId, t.enteredAt),
    index('deal_stage_history_org_entered_idx').on(t.organizationId, t.enteredAt),
    // Where deals stood at a past instant: the stays left since (insights).
    index('deal_stage_history_org_left_idx').on(t.organizationId, t.leftAt).where(sql`${t.leftAt} is not null`),
    index('deal_stage_history_stage_idx').on(t.stageId, t.enteredAt),
  ],
)

/** When a member last opened a deal: the home page lists the deals whose room a buyer visited since. */
export const dealViews = pgTable(
  'deal_views',
  {
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.dealId, t.userId] })],
)

/** A visit of a product's public room (no visitor identity kept): the products dashboard's funnel. */
export const productRoomVisits = pgTable(
  'product_room_visits',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The room's owner at the visit (whom its inquiries went to): a member sees their own rooms' visits. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_room_visits_org_idx').on(t.organizationId, t.visitedAt)],
)
