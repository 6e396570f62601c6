import { sql } from 'drizzle-orm'
import {
  bigint,
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
  uuid,
} from 'drizzle-orm/pg-core'
import { organizations, users } from './accounts.ts'
import { deals, products } from './deals.ts'

const money = (name: string) => bigint(name, { mode: 'number' })
const instant = (name: string) => timestamp(name, { withTimezone: true })

/**
 * Each organization's invoicing: the number's prefix, the seller's details the PDF shows, and the counter the
 * numbers come from. Sending an invoice takes the next number with `UPDATE … RETURNING` on this row inside the
 * sending transaction: the row lock queues concurrent senders, and a rolled-back send gives its number back.
 */
export const invoiceSettings = pgTable(
  'invoice_settings',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    prefix: text().notNull().default('INV-'),
    address: text().notNull().default(''),
    brandColor: text('brand_color').notNull().default('#00a76f'),
    /** The last number given; the next invoice sent gets this plus one. */
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [check('invoice_settings_last_number_check', sql`${t.lastNumber} >= 0`)],
)

export const invoices = pgTable(
  'invoices',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull(),
    dealId: uuid('deal_id'),
    status: text({ enum: ['draft', 'sent', 'paid', 'void'] })
      .notNull()
      .default('draft'),
    /** The organization's sequence number and the number as printed, both given when sent. */
    sequence: integer(),
    number: text(),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull().default(''),
    buyerCompany: text('buyer_company').notNull().default(''),
    buyerAddress: text('buyer_address').notNull().default(''),
    currency: text().notNull(),
    language: text({ enum: ['en', 'fr', 'vi', 'cn', 'ar'] })
      .notNull()
      .default('en'),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    notes: text().notNull().default(''),
    subtotal: money('subtotal').notNull(),
    tax: money('tax').notNull(),
    total: money('total').notNull(),
    /** The buyer's link to the PDF (/api/public/invoices/{token}/pdf), made when sent. */
    publicToken: text('public_token').unique(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    sentAt: instant('sent_at'),
    paidAt: instant('paid_at'),
    voidedAt: instant('voided_at'),
  },
  (t) => [
    unique('invoices_id_organization_key').on(t.id, t.organizationId),
    // No two invoices of an organization share a number, whatever the race.
    unique('invoices_organization_sequence_key').on(t.organizationId, t.sequence),
    unique('invoices_organization_number_key').on(t.organizationId, t.number),
    foreignKey({ columns: [t.organizationId], foreignColumns: [organizations.id] }).onDelete('cascade'),
    // The deal is the organization's own; deleting it keeps the invoice (a sent invoice is a record), without the link.
    foreignKey({ columns: [t.dealId], foreignColumns: [deals.id] }).onDelete('set null'),
    index('invoices_org_created_idx').on(t.organizationId, t.createdAt),
    index('invoices_org_status_idx').on(t.organizationId, t.status, t.createdAt),
    index('invoices_deal_idx').on(t.dealId),
    check('invoices_status_check', sql`${t.status} in ('draft', 'sent', 'paid', 'void')`),
    check('invoices_language_check', sql`${t.language} in ('en', 'fr', 'vi', 'cn', 'ar')`),
    check('invoices_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('invoices_dates_check', sql`${t.dueDate} >= ${t.issueDate}`),
    check('invoices_amounts_check', sql`${t.subtotal} >= 0 and ${t.tax} >= 0 and ${t.total} = ${t.subtotal} + ${t.tax}`),
    // Only a draft goes without a number; every other status has one.
    check(
      'invoices_number_check',
      sql`(${t.status} = 'draft') = (${t.number} is null) and (${t.number} is null) = (${t.sequence} is null)`,
    ),
  ],
)

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    description: text().notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** Up to three decimals (1.5 hours); exact in the database. */
    quantity: numeric({ precision: 12, scale: 3, mode: 'number' }).notNull(),
    unitPrice: money('unit_price').notNull(),
    /** Basis points off the line (20 % is 2000). */
    discount: integer().notNull().default(0),
    /** Basis points of tax on the discounted line. */
    taxRate: integer('tax_rate').notNull().default(0),
    net: money('net').notNull(),
    tax: money('tax').notNull(),
    total: money('total').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.invoiceId, t.position] }),
    check('invoice_lines_quantity_check', sql`${t.quantity} > 0`),
    check('invoice_lines_price_check', sql`${t.unitPrice} >= 0`),
    check('invoice_lines_rates_check', sql`${t.discount} between 0 and 10000 and ${t.taxRate} between 0 and 10000`),
    check('invoice_lines_amounts_check', sql`${t.net} >= 0 and ${t.tax} >= 0 and ${t.total} = ${t.net} + ${t.tax}`),
  ],
)
