import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { organizations, users } from './accounts.ts'
import { clients, deals } from './deals.ts'
import { files } from './files.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/**
 * A member's mailbox: one per member. The password is encrypted (lib/encryption.ts) because the server signs
 * in with it again after every restart. How far each folder has been read is in `mail_folders`.
 */
export const mailAccounts = pgTable(
  'mail_accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    imapHost: text('imap_host').notNull(),
    imapPort: integer('imap_port').notNull(),
    imapTls: boolean('imap_tls').notNull(),
    smtpHost: text('smtp_host').notNull(),
    smtpPort: integer('smtp_port').notNull(),
    smtpTls: boolean('smtp_tls').notNull(),
    username: text().notNull(),
    passwordEncrypted: text('password_encrypted').notNull(),
    lastError: text('last_error'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [unique('mail_accounts_user_key').on(t.userId)],
)

/**
 * A folder of a mailbox the sync reads: INBOX, and the folder the member's mail clients keep sent mail in
 * (its \Sent special-use, or one named Sent). `uidValidity` + `lastUid` say how far it was read, so a restart
 * resumes there; a changed UIDVALIDITY means the server renumbered the folder and the sync reads it anew.
 */
export const mailFolders = pgTable(
  'mail_folders',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => mailAccounts.id, { onDelete: 'cascade' }),
    role: text({ enum: ['inbox', 'sent'] }).notNull(),
    /** The folder's IMAP path when last read ("INBOX", "Sent", "Sent Items"…). */
    path: text().notNull(),
    uidValidity: bigint('uid_validity', { mode: 'number' }),
    lastUid: bigint('last_uid', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('mail_folders_account_role_key').on(t.accountId, t.role)],
)

/** A conversation: the messages linked by Message-ID, In-Reply-To and References, in one mailbox. */
export const mailThreads = pgTable(
  'mail_threads',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => mailAccounts.id, { onDelete: 'cascade' }),
    subject: text().notNull(),
    /** The client and deal the thread's addresses stand for, when the organization has them. */
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'set null' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_threads_account_idx').on(t.accountId, t.lastMessageAt),
    index('mail_threads_organization_idx').on(t.organizationId, t.lastMessageAt),
    index('mail_threads_deal_idx').on(t.dealId),
  ],
)

export type StoredAddress = { address: string; name: string }

export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => mailAccounts.id, { onDelete: 'cascade' }),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => mailThreads.id, { onDelete: 'cascade' }),
    /** The Message-ID header, with its angle brackets. */
    messageId: text('message_id').notNull(),
    inReplyTo: text('in_reply_to'),
    references: jsonb().$type<string[]>().notNull().default([]),
    from: jsonb('from').$type<StoredAddress>().notNull(),
    to: jsonb().$type<StoredAddress[]>().notNull().default([]),
    cc: jsonb().$type<StoredAddress[]>().notNull().default([]),
    subject: text().notNull(),
    text: text().notNull(),
    /** The HTML body as sanitised when the message was kept (inbox/html.ts); null for text-only mail. */
    html: text(),
    direction: text({ enum: ['in', 'out'] }).notNull(),
    /** The IMAP UID in the folder it was first read from (INBOX or Sent); null for mail sent from Closeroom. */
    uid: bigint({ mode: 'number' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('mail_messages_account_message_key').on(t.accountId, t.messageId),
    index('mail_messages_thread_idx').on(t.threadId, t.sentAt),
  ],
)

/**
 * A file that came with a message. Its bytes are a `files` row (sniffed, counted in the organization's storage)
 * while the file rules took it; `fileId` is null when they refused it, and `refused` says why.
 */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    name: text().notNull(),
    contentType: text('content_type').notNull(),
    size: integer().notNull(),
    refused: text(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_attachments_message_idx').on(t.messageId), index('mail_attachments_file_idx').on(t.fileId)],
)
