import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { organizations, users } from './accounts.ts'
import { files } from './files.ts'

/**
 * A post of the organization (a case study, release notes). `body` is HTML already sanitised to the posts
 * allow-list; a post with `publishedAt` set is public on the organization's landing pages, a draft never is.
 */
export const posts = pgTable(
  'posts',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text().notNull(),
    slug: text().notNull(),
    excerpt: text().notNull().default(''),
    body: text().notNull().default(''),
    /** An image of the organization's files; deleting the file takes the cover off. */
    coverFileId: uuid('cover_file_id').references(() => files.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('posts_organization_slug_key').on(t.organizationId, t.slug),
    index('posts_organization_published_idx').on(t.organizationId, t.publishedAt),
    check('posts_slug_check', sql`${t.slug} ~ '^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$'`),
  ],
)
