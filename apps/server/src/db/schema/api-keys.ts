import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { organizations, users } from './accounts.ts'

/**
 * Members' API keys. Only a SHA-256 of the key is kept: a key is 32 random bytes, so no one can guess it back
 * from its hash, and a fast hash lets every API call be checked by an index lookup (bcrypt's deliberate slowness
 * protects low-entropy passwords, and would cost each request tens of milliseconds for nothing here).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The member's organization when the key was made: a key never works for another one. */
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** The key's first characters (cr_live_ and a few more), shown in the list so a member can tell keys apart. */
    prefix: text().notNull(),
    keyHash: text('key_hash').notNull(),
    scope: text({ enum: ['read', 'write'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Written at most once a minute per process: a hint for the list, not an audit log. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_hash_key').on(t.keyHash),
    index('api_keys_user_idx').on(t.userId),
    check('api_keys_scope_check', sql`${t.scope} in ('read', 'write')`),
  ],
)
