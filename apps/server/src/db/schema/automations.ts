import { AUTOMATION_TRIGGERS, type AutomationAction, type AutomationLogEntry } from '@closeroom/shared'
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { organizations } from './accounts.ts'
import { products } from './deals.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** "When <trigger> then <actions>", per product. */
export const automationRules = pgTable(
  'automation_rules',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    trigger: text({ enum: AUTOMATION_TRIGGERS }).notNull(),
    actions: jsonb().$type<AutomationAction[]>().notNull().default([]),
    active: boolean().notNull().default(true),
    /** Round-robin assignment's turn: how many owners this rule has handed out. */
    assigned: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('automation_rules_product_idx').on(t.productId, t.createdAt),
    index('automation_rules_trigger_idx').on(t.organizationId, t.trigger),
    check(
      'automation_rules_trigger_check',
      sql`${t.trigger} in ('product_form_submitted', 'booking_made', 'room_first_visited', 'agreement_completed')`,
    ),
  ],
)

/** One run of a rule by the job queue: what set it off, what each action did, and how it ended. */
export const automationRuns = pgTable(
  'automation_runs',
  {
    id: uuid().primaryKey().defaultRandom(),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => automationRules.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull(),
    trigger: text({ enum: AUTOMATION_TRIGGERS }).notNull(),
    /** The event that set the rule off: who submitted, which booking, which deal. */
    event: jsonb().$type<Record<string, string | null>>().notNull().default({}),
    status: text({ enum: ['queued', 'running', 'succeeded', 'failed'] }).notNull(),
    log: jsonb().$type<AutomationLogEntry[]>().notNull().default([]),
    error: text(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('automation_runs_rule_idx').on(t.ruleId, t.createdAt),
    check('automation_runs_status_check', sql`${t.status} in ('queued', 'running', 'succeeded', 'failed')`),
  ],
)
