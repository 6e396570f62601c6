import { sql } from 'drizzle-orm'
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export const organizations = pgTable('organizations', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  website: text(),
  logoUrl: text('logo_url'),
  /** The organization's own time zone: the default for new members and for booking settings. */
  timeZone: text('time_zone').notNull().default('UTC'),
  createdAt: createdAt(),
})

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    name: text().notNull(),
    /** Null until the person sets one (signed up by email, or invited and not yet registered). */
    passwordHash: text('password_hash'),
    role: text({ enum: ['owner', 'admin', 'member'] })
      .notNull()
      .default('member'),
    status: text({ enum: ['invited', 'active', 'deactivated'] })
      .notNull()
      .default('active'),
    phone: text(),
    timeZone: text('time_zone').notNull().default('UTC'),
    locale: text({ enum: ['en', 'fr', 'vi', 'cn', 'ar'] })
      .notNull()
      .default('en'),
    avatarUrl: text('avatar_url'),
    /** Routing attributes such as region, segment or language, each with one or more values. */
    attributes: jsonb().$type<Record<string, string[]>>().notNull().default({}),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One account per address, whatever its case.
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    // Lets team_members reference (user, organization) so a team can only hold its own organization's users.
    unique('users_id_organization_key').on(t.id, t.organizationId),
    index('users_organization_idx').on(t.organizationId),
    check('users_role_check', sql`${t.role} in ('owner', 'admin', 'member')`),
    check('users_status_check', sql`${t.status} in ('invited', 'active', 'deactivated')`),
    check('users_locale_check', sql`${t.locale} in ('en', 'fr', 'vi', 'cn', 'ar')`),
  ],
)

export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/** One-time secrets sent by email: password resets, email verification codes, invitations. Only hashes are kept. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['reset_password', 'verify_email', 'invitation'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** Wrong guesses so far; a short code dies after a few. */
    attempts: integer().notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // Not unique: a link's 256 random bits never repeat, but a six-digit code does across users (it is
    // checked against its own user's), and a unique index made such a sign-up fail with 409.
    index('user_tokens_hash_idx').on(t.purpose, t.tokenHash),
    index('user_tokens_user_idx').on(t.userId, t.purpose),
    check('user_tokens_purpose_check', sql`${t.purpose} in ('reset_password', 'verify_email', 'invitation')`),
  ],
)

export const teams = pgTable(
  'teams',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('teams_id_organization_key').on(t.id, t.organizationId), index('teams_organization_idx').on(t.organizationId)],
)

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid('team_id').notNull(),
    userId: uuid('user_id').notNull(),
    organizationId: uuid('organization_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    index('team_members_user_idx').on(t.userId),
    // Both references carry the organization, so a team can never hold another organization's user.
    foreignKey({ columns: [t.teamId, t.organizationId], foreignColumns: [teams.id, teams.organizationId] }).onDelete('cascade'),
    foreignKey({ columns: [t.userId, t.organizationId], foreignColumns: [users.id, users.organizationId] }).onDelete('cascade'),
  ],
)

export const serverSecrets = pgTable('server_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
})

export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    /** Files sent along, such as a booking's calendar invitation (.ics), kept as text. */
    attachments: jsonb().$type<{ filename: string; contentType: string; content: string; encoding?: 'base64' }[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_emails_organization_idx').on(t.organizationId, t.createdAt)],
)
