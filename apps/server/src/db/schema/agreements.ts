import type { PageSize } from '@closeroom/shared'
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { organizations, users } from './accounts.ts'
import { deals } from './deals.ts'
import { files } from './files.ts'

const at = (name: string) => timestamp(name, { withTimezone: true })
const createdAt = () => at('created_at').notNull().defaultNow()

/**
 * A PDF to sign, or a template to start agreements from. The original file never changes once uploaded; the
 * sealed file (fields flattened, certificate page, one signature) is written once at completion.
 */
export const agreements = pgTable(
  'agreements',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    // A signed agreement outlives its deal: the deal's deletion only unlinks it.
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'set null' }),
    ownerId: uuid('owner_id').notNull(),
    title: text().notNull(),
    status: text({ enum: ['draft', 'sent', 'completed', 'declined', 'voided', 'expired'] })
      .notNull()
      .default('draft'),
    template: boolean().notNull().default(false),
    signingOrder: text('signing_order', { enum: ['parallel', 'sequential'] })
      .notNull()
      .default('parallel'),
    expiresAt: at('expires_at'),
    reminderEveryDays: integer('reminder_every_days'),
    originalFileId: uuid('original_file_id').notNull(),
    originalSha256: text('original_sha256').notNull(),
    /**
     * The library file it was made from. A draft shows the library's bytes (originalFileId is this file); sending
     * keeps a copy of the version sent as originalFileId, so a new library version never changes what is signed.
     */
    libraryFileId: uuid('library_file_id'),
    sealedFileId: uuid('sealed_file_id'),
    sealedSha256: text('sealed_sha256'),
    pages: jsonb().$type<PageSize[]>().notNull(),
    voidReason: text('void_reason'),
    sentAt: at('sent_at'),
    completedAt: at('completed_at'),
    endedAt: at('ended_at'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Owner and files carry the organization: an agreement can never point at another tenant's person or bytes.
    foreignKey({ columns: [t.ownerId, t.organizationId], foreignColumns: [users.id, users.organizationId] }),
    foreignKey({ columns: [t.originalFileId, t.organizationId], foreignColumns: [files.id, files.organizationId] }),
    foreignKey({ columns: [t.sealedFileId, t.organizationId], foreignColumns: [files.id, files.organizationId] }),
    foreignKey({ columns: [t.libraryFileId, t.organizationId], foreignColumns: [files.id, files.organizationId] }),
    index('agreements_library_file_idx').on(t.libraryFileId).where(sql`${t.libraryFileId} is not null`),
    index('agreements_org_created_idx').on(t.organizationId, t.template, t.createdAt, t.id),
    index('agreements_deal_idx').on(t.dealId),
    check('agreements_status_check', sql`${t.status} in ('draft', 'sent', 'completed', 'declined', 'voided', 'expired')`),
    check('agreements_signing_order_check', sql`${t.signingOrder} in ('parallel', 'sequential')`),
    check('agreements_template_draft_check', sql`not ${t.template} or ${t.status} = 'draft'`),
    check('agreements_sent_check', sql`(${t.status} = 'draft') = (${t.sentAt} is null)`),
    check('agreements_completed_check', sql`(${t.status} = 'completed') = (${t.completedAt} is not null)`),
    check('agreements_sealed_check', sql`${t.sealedFileId} is null or (${t.status} = 'completed' and ${t.sealedSha256} is not null)`),
    check('agreements_reminder_check', sql`${t.reminderEveryDays} between 1 and 30`),
    check('agreements_pages_check', sql`jsonb_array_length(${t.pages}) between 1 and 100`),
  ],
)

/**
 * Who receives the agreement. Only the SHA-256 of a recipient's link token is kept; the token itself is derived
 * again from a server secret when the sender's page shows the link (tokens.ts).
 */
export const agreementRecipients = pgTable(
  'agreement_recipients',
  {
    id: uuid().primaryKey().defaultRandom(),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    email: text().notNull(),
    role: text({ enum: ['signer', 'approver', 'viewer', 'cc'] }).notNull(),
    position: integer(),
    placeholder: text({ enum: ['client', 'owner'] }),
    /** The language of their emails and signing page. */
    language: text({ enum: ['en', 'fr', 'vi', 'cn', 'ar'] })
      .notNull()
      .default('en'),
    status: text({ enum: ['not_sent', 'sent', 'opened', 'signed', 'approved', 'declined'] })
      .notNull()
      .default('not_sent'),
    tokenHash: text('token_hash').unique(),
    sentAt: at('sent_at'),
    openedAt: at('opened_at'),
    signedAt: at('signed_at'),
    declinedAt: at('declined_at'),
    declineReason: text('decline_reason'),
    remindedAt: at('reminded_at'),
    ip: text(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('agreement_recipients_email_key').on(t.agreementId, t.email),
    unique('agreement_recipients_id_agreement_key').on(t.id, t.agreementId),
    check('agreement_recipients_role_check', sql`${t.role} in ('signer', 'approver', 'viewer', 'cc')`),
    check('agreement_recipients_placeholder_check', sql`${t.placeholder} in ('client', 'owner')`),
    check('agreement_recipients_language_check', sql`${t.language} in ('en', 'fr', 'vi', 'cn', 'ar')`),
    check('agreement_recipients_status_check', sql`${t.status} in ('not_sent', 'sent', 'opened', 'signed', 'approved', 'declined')`),
    check('agreement_recipients_position_check', sql`${t.position} >= 1`),
    check('agreement_recipients_token_check', sql`(${t.status} = 'not_sent') = (${t.tokenHash} is null)`),
    // Only a signer signs, only an approver approves; viewers and cc never act.
    check('agreement_recipients_signed_role_check', sql`${t.status} <> 'signed' or ${t.role} = 'signer'`),
    check('agreement_recipients_approved_role_check', sql`${t.status} <> 'approved' or ${t.role} = 'approver'`),
    check('agreement_recipients_declined_role_check', sql`${t.status} <> 'declined' or ${t.role} in ('signer', 'approver')`),
    check('agreement_recipients_signed_at_check', sql`(${t.status} in ('signed', 'approved')) = (${t.signedAt} is not null)`),
    check(
      'agreement_recipients_declined_at_check',
      sql`(${t.status} = 'declined') = (${t.declinedAt} is not null and ${t.declineReason} is not null)`,
    ),
  ],
)

/** A field on a page, for one recipient, as fractions of the page from its top-left corner; its value once signed. */
export const agreementFields = pgTable(
  'agreement_fields',
  {
    id: uuid().primaryKey().defaultRandom(),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id').notNull(),
    position: integer().notNull(),
    type: text({ enum: ['signature', 'initials', 'name', 'email', 'date', 'text', 'checkbox'] }).notNull(),
    page: integer().notNull(),
    x: doublePrecision().notNull(),
    y: doublePrecision().notNull(),
    width: doublePrecision().notNull(),
    height: doublePrecision().notNull(),
    required: boolean().notNull().default(true),
    value: text(),
  },
  (t) => [
    // The recipient is one of this agreement's, never another's.
    foreignKey({
      columns: [t.recipientId, t.agreementId],
      foreignColumns: [agreementRecipients.id, agreementRecipients.agreementId],
    }).onDelete('cascade'),
    index('agreement_fields_agreement_idx').on(t.agreementId, t.position),
    index('agreement_fields_recipient_idx').on(t.recipientId),
    check('agreement_fields_type_check', sql`${t.type} in ('signature', 'initials', 'name', 'email', 'date', 'text', 'checkbox')`),
    check('agreement_fields_page_check', sql`${t.page} between 1 and 100`),
    check(
      'agreement_fields_box_check',
      sql`${t.x} >= 0 and ${t.y} >= 0 and ${t.width} > 0 and ${t.height} > 0 and ${t.x} + ${t.width} <= 1.000001 and ${t.y} + ${t.height} <= 1.000001`,
    ),
  ],
)

/** The audit log: every event with who did it, when, and from where. Names are copied: the log outlives edits. */
export const agreementEvents = pgTable(
  'agreement_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    kind: text({
      enum: ['created', 'sent', 'opened', 'signed', 'approved', 'declined', 'voided', 'expired', 'reminded', 'downloaded', 'completed'],
    }).notNull(),
    actorType: text('actor_type', { enum: ['user', 'recipient', 'system'] }).notNull(),
    actorName: text('actor_name').notNull(),
    actorEmail: text('actor_email'),
    ip: text(),
    userAgent: text('user_agent'),
    detail: text(),
    at: at('at').notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    index('agreement_events_agreement_idx').on(t.agreementId, t.at),
    // An agreement completes once, whatever the race between its last two signers.
    uniqueIndex('agreement_events_completed_key').on(t.agreementId).where(sql`${t.kind} = 'completed'`),
    check(
      'agreement_events_kind_check',
      sql`${t.kind} in ('created', 'sent', 'opened', 'signed', 'approved', 'declined', 'voided', 'expired', 'reminded', 'downloaded', 'completed')`,
    ),
    check('agreement_events_actor_check', sql`${t.actorType} in ('user', 'recipient', 'system')`),
  ],
)
