import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { organizations, users } from './accounts.ts'
import { deals, products } from './deals.ts'
import { salesroomVisits } from './salesrooms.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/**
 * An uploaded file. The bytes live in file storage under `storageKey`; the row says what they are,
 * with the content type sniffed from the bytes, never taken from the uploader's word.
 */
export const files = pgTable(
  'files',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    contentType: text('content_type').notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    storageKey: text('storage_key').notNull().unique(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('files_id_organization_key').on(t.id, t.organizationId),
    index('files_organization_idx').on(t.organizationId, t.createdAt),
    check('files_size_check', sql`${t.size} >= 0`),
  ],
)

const fileId = () =>
  uuid('file_id')
    .notNull()
    .references(() => files.id, { onDelete: 'cascade' })

/** Documents shared in a deal's sales room. */
export const salesroomDocuments = pgTable(
  'salesroom_documents',
  {
    id: uuid().primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    fileId: fileId(),
    title: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('salesroom_documents_deal_idx').on(t.dealId, t.createdAt)],
)

/** A buyer opened (viewed in the browser) or downloaded a room document during a visit. */
export const salesroomDocumentEvents = pgTable(
  'salesroom_document_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => salesroomVisits.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => salesroomDocuments.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['opened', 'downloaded'] }).notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('salesroom_document_events_document_idx').on(t.documentId, t.at),
    index('salesroom_document_events_visit_idx').on(t.visitId),
    check('salesroom_document_events_kind_check', sql`${t.kind} in ('opened', 'downloaded')`),
  ],
)

/** A product's media: images shown in its public room, documents the buyer can download. */
export const productFiles = pgTable(
  'product_files',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    fileId: fileId(),
    kind: text({ enum: ['image', 'document'] }).notNull(),
    position: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.fileId] }),
    index('product_files_product_idx').on(t.productId, t.kind, t.position),
    check('product_files_kind_check', sql`${t.kind} in ('image', 'document')`),
  ],
)
