import { sql } from 'drizzle-orm'
import { type AnyPgColumn, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { organizations, users } from './accounts.ts'
import { deals, products } from './deals.ts'
import { salesroomVisits } from './salesrooms.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** A folder of the organization's library; `parentId` null is at the top. */
export const libraryFolders = pgTable(
  'library_folders',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    // A folder with something in it cannot go (restrict): the library says what is inside instead.
    parentId: uuid('parent_id').references((): AnyPgColumn => libraryFolders.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('library_folders_name_key').on(t.organizationId, t.parentId, t.name).nullsNotDistinct(),
    index('library_folders_parent_idx').on(t.organizationId, t.parentId),
  ],
)

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
    /** In the organization's library: kept while nothing else refers to it, and listed at /files-manager. */
    inLibrary: boolean('in_library').notNull().default(false),
    folderId: uuid('folder_id').references(() => libraryFolders.id, { onDelete: 'restrict' }),
    /** A PDF's page count, read from its bytes on upload and on each new version; null for other files or an unreadable PDF. */
    pages: integer(),
    createdAt: createdAt(),
    /** When its bytes or name last changed (a new version replaces the bytes in place). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('files_library_idx').on(t.organizationId, t.folderId).where(sql`${t.inLibrary}`),
    check('files_folder_in_library_check', sql`${t.folderId} is null or ${t.inLibrary}`),
    unique('files_id_organization_key').on(t.id, t.organizationId),
    index('files_organization_idx').on(t.organizationId, t.createdAt),
    check('files_size_check', sql`${t.size} >= 0`),
    check('files_pages_check', sql`${t.pages} is null or ${t.pages} >= 1`),
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

/** Time a buyer spent on one page of a room document during a visit, summed over the viewer's reports. */
export const salesroomPageViews = pgTable(
  'salesroom_page_views',
  {
    visitId: uuid('visit_id')
      .notNull()
      .references(() => salesroomVisits.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => salesroomDocuments.id, { onDelete: 'cascade' }),
    page: integer().notNull(),
    ms: integer().notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.visitId, t.documentId, t.page] }),
    index('salesroom_page_views_document_idx').on(t.documentId),
    check('salesroom_page_views_page_check', sql`${t.page} >= 1`),
    check('salesroom_page_views_ms_check', sql`${t.ms} >= 0`),
  ],
)
