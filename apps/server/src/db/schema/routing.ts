import type { RoutingAction, RoutingAnswer, RoutingDecision, RoutingField, RoutingGroup } from '@closeroom/shared'
import { sql } from 'drizzle-orm'
import { boolean, foreignKey, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { organizations, users } from './accounts.ts'
import { bookings } from './booking.ts'
import { deals, pipelineStages } from './deals.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** A routing form: its public address /f/{slug} and its fields; the outcomes are rows of their own. */
export const routingForms = pgTable(
  'routing_forms',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    name: text().notNull(),
    slug: text().notNull().unique(),
    description: text().notNull().default(''),
    fields: jsonb().$type<RoutingField[]>().notNull(),
    /** Minutes without a booking before the routed owner is told; null for never. */
    noBookingDelay: integer('no_booking_delay').default(15),
    published: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('routing_forms_organization_idx').on(t.organizationId, t.createdAt)],
)

/** An outcome of a form, in `position` order; exactly one per form is the fallback, always last. */
export const routingOutcomes = pgTable(
  'routing_outcomes',
  {
    id: uuid().primaryKey().defaultRandom(),
    formId: uuid('form_id')
      .notNull()
      .references(() => routingForms.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull(),
    name: text().notNull(),
    conditions: jsonb().$type<RoutingGroup>().notNull(),
    action: jsonb().$type<RoutingAction>().notNull(),
    /** Put the buyer's deal in this stage; a deleted stage turns the deal action off. */
    dealStageId: uuid('deal_stage_id').references(() => pipelineStages.id, { onDelete: 'set null' }),
    fallback: boolean().notNull().default(false),
    position: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('routing_outcomes_form_idx').on(t.formId, t.position),
    uniqueIndex('routing_outcomes_one_fallback').on(t.formId).where(sql`${t.fallback}`),
  ],
)

/** One buyer's answers, what routing decided and why, and the booking and deal it led to. */
export const routingResponses = pgTable(
  'routing_responses',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull(),
    formId: uuid('form_id')
      .notNull()
      .references(() => routingForms.id, { onDelete: 'cascade' }),
    outcomeId: uuid('outcome_id').references(() => routingOutcomes.id, { onDelete: 'set null' }),
    answers: jsonb().$type<Record<string, RoutingAnswer>>().notNull(),
    /** The answer to the form's first email field, lower-cased: how the buyer is matched to a client. */
    email: text(),
    decision: jsonb().$type<RoutingDecision>().notNull(),
    /** The member who owns the meeting or deal once known (the booking's host, else the provisional owner). */
    routedUserId: uuid('routed_user_id').references(() => users.id, { onDelete: 'set null' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'set null' }),
    /** A hash of the form and the answers: an identical submission within a minute routes the same way without storing twice. */
    fingerprint: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.organizationId], foreignColumns: [organizations.id] }).onDelete('cascade'),
    index('routing_responses_form_idx').on(t.formId, t.createdAt),
    index('routing_responses_fingerprint_idx').on(t.fingerprint, t.createdAt),
    index('routing_responses_booking_idx').on(t.bookingId),
    // A deleted deal sets its responses' deal to null, found by this rather than by reading every response.
    index('routing_responses_deal_idx').on(t.dealId).where(sql`${t.dealId} is not null`),
  ],
)
