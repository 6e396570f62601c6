import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { organizations } from './accounts.ts'
import { routingForms } from './routing.ts'

/**
 * An organization's public page at /l/{publicId}: a hero, the products it features and the booking
 * links (user and team handles) it shows, in the order the editor chose.
 */
export const landingPages = pgTable(
  'landing_pages',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    publicId: text('public_id').notNull().unique(),
    title: text().notNull(),
    headline: text().notNull().default(''),
    intro: text().notNull().default(''),
    productIds: jsonb('product_ids').$type<string[]>().notNull().default([]),
    handles: jsonb().$type<string[]>().notNull().default([]),
    published: boolean().notNull().default(false),
    /** A routing form of the organization shown on the page; deleting the form takes it off. */
    routingFormId: uuid('routing_form_id').references(() => routingForms.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('landing_pages_organization_idx').on(t.organizationId, t.createdAt)],
)
