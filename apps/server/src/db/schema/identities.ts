import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'

/**
 * An account at another provider (Google, GitHub, X, an OpenID Connect provider) that signs a member in.
 * Linked once, by a verified email matching the member's; from then on the provider's subject finds them.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The provider's id in configuration: 'google', 'github', 'x' or an OpenID Connect provider's own id. */
    provider: text().notNull(),
    /** The provider's stable id for the person (OpenID Connect `sub`, GitHub's or X's numeric id). */
    subject: text().notNull(),
    /** The verified email the provider gave when the identity was linked. */
    email: text().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('user_identities_provider_subject_key').on(t.provider, t.subject), index('user_identities_user_idx').on(t.userId)],
)
