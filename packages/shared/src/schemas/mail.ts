import { z } from 'zod'
import { MESSAGES } from '../messages.ts'
import { Email, Id } from './common.ts'

// ---- A member's mailbox (IMAP to read, SMTP to send) ----

const Host = z
  .string()
  .trim()
  .min(1, { message: 'Enter the server name' })
  .max(253)
  .regex(/^[A-Za-z0-9.:[\]-]+$/, { message: 'Enter a server name such as imap.example.com' })
const Port = z
  .number()
  .int()
  .min(1, { message: 'Enter a port between 1 and 65535' })
  .max(65535, { message: 'Enter a port between 1 and 65535' })

export const ConnectMailbox = z.object({
  /** The address the member sends as, and whose mail is theirs in a thread. */
  email: Email,
  imapHost: Host,
  imapPort: Port,
  /** TLS from the first byte (993); false for a plain connection, upgraded with STARTTLS when the server offers it. */
  imapTls: z.boolean(),
  smtpHost: Host,
  smtpPort: Port,
  /** TLS from the first byte (465); false for 587/25, upgraded with STARTTLS when the server offers it. */
  smtpTls: z.boolean(),
  username: z.string().trim().min(1, { message: MESSAGES.username }).max(200),
  password: z.string().min(1, { message: MESSAGES.passwordRequired }).max(500),
})
export type ConnectMailbox = z.infer<typeof ConnectMailbox>

/** A connected mailbox as the member sees it: never its password. */
export const Mailbox = z.object({
  id: Id,
  email: z.string(),
  imapHost: z.string(),
  imapPort: z.number().int(),
  imapTls: z.boolean(),
  smtpHost: z.string(),
  smtpPort: z.number().int(),
  smtpTls: z.boolean(),
  username: z.string(),
  /** What went wrong the last time Closeroom read the mailbox; null while it works. */
  lastError: z.string().nullable(),
  lastSyncedAt: z.string().nullable(),
  createdAt: z.string(),
})
export type Mailbox = z.infer<typeof Mailbox>
export const MailboxState = z.object({ mailbox: Mailbox.nullable() })

// ---- Threads and messages ----

/**
 * The spec's mail labels. `inbox`: threads with mail received; `sent`: threads with mail the member sent;
 * `closeroom`: the emails Closeroom itself sent for the organization (its outbox).
 */
export const MAIL_LABELS = ['inbox', 'sent', 'closeroom'] as const
export type MailLabel = (typeof MAIL_LABELS)[number]
/** `mine`: the member's own mailbox; `all`: what the organization lets them see (see the mail service). */
export const MAIL_SCOPES = ['mine', 'all'] as const

export const MailAddress = z.object({ address: z.string(), name: z.string() })
export type MailAddress = z.infer<typeof MailAddress>

export const MailThreadSummary = z.object({
  id: Id,
  subject: z.string(),
  /** Everyone on the thread but the mailbox's owner. */
  participants: z.array(MailAddress),
  snippet: z.string(),
  messageCount: z.number().int(),
  lastMessageAt: z.string(),
  labels: z.array(z.enum(MAIL_LABELS)),
  owner: z.object({ id: Id, name: z.string() }),
  client: z.object({ id: Id, name: z.string() }).nullable(),
  deal: z.object({ id: Id, title: z.string() }).nullable(),
})
export type MailThreadSummary = z.infer<typeof MailThreadSummary>
/**
 * Where a page of a mail list ends: its last item's time (the thread's latest message, the email's sending;
 * UTC, to the millisecond) and its id.
 */
export const MailPageCursor = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z_[0-9a-f-]{36}$/i, { message: 'Use the next value of the previous page' })
export const MAIL_PAGE = { size: 50, max: 100 } as const
export const MailThreadQuery = z.object({
  scope: z.enum(MAIL_SCOPES).default('mine'),
  label: z.enum(['inbox', 'sent']).default('inbox'),
  /** The threads after this point (the previous page's `next`); none: the newest. */
  before: MailPageCursor.optional(),
  limit: z.coerce.number().int().min(1).max(MAIL_PAGE.max).default(MAIL_PAGE.size),
})
export const MailThreadList = z.object({
  threads: z.array(MailThreadSummary),
  /** The `before` of the next, older page; null when this page is the last. */
  next: MailPageCursor.nullable(),
})

/**
 * A file that came with a message. `kept` false: the organization's file rules refused it (its bytes are not a
 * type the library takes, it is too big, or storage is full), so it is listed but cannot be downloaded.
 */
export const MailAttachment = z.object({
  id: Id,
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  kept: z.boolean(),
})
export type MailAttachment = z.infer<typeof MailAttachment>

export const MailMessage = z.object({
  id: Id,
  messageId: z.string(),
  from: MailAddress,
  to: z.array(MailAddress),
  cc: z.array(MailAddress),
  subject: z.string(),
  text: z.string(),
  /**
   * The HTML body sanitised by the server (no scripts, event handlers, forms or styles that load anything;
   * links open in a new tab), remote images held back in `data-remote-src`; null for a text-only message. The
   * web shows it in a sandboxed frame that runs no script.
   */
  html: z.string().nullable(),
  attachments: z.array(MailAttachment),
  direction: z.enum(['in', 'out']),
  sentAt: z.string(),
})
export type MailMessage = z.infer<typeof MailMessage>
export const MailThread = MailThreadSummary.extend({
  messages: z.array(MailMessage),
  /** Whether the signed-in member may answer from here: only from their own mailbox. */
  canReply: z.boolean(),
})
export type MailThread = z.infer<typeof MailThread>

export const MailAttachmentParams = z.object({ attachmentId: Id })

export const MAIL_LIMITS = { maxBody: 100_000, maxSubject: 300, maxRecipients: 20 } as const

export const SendMail = z.object({
  /** Answering a thread: its recipients, subject and threading headers come from it unless given. */
  threadId: Id.optional(),
  to: z.array(Email).min(1, { message: 'Add at least one recipient' }).max(MAIL_LIMITS.maxRecipients).optional(),
  subject: z.string().trim().max(MAIL_LIMITS.maxSubject).optional(),
  text: z
    .string()
    .trim()
    .min(1, { message: 'Write a message first' })
    .max(MAIL_LIMITS.maxBody, { message: `Must be at most ${MAIL_LIMITS.maxBody} characters` }),
})
export type SendMail = z.input<typeof SendMail>

/** An email Closeroom itself sent for the organization (booking confirmations, room codes, invitations). */
export const CloseroomEmail = z.object({ id: Id, to: z.string(), subject: z.string(), text: z.string(), createdAt: z.string() })
export const CloseroomEmailQuery = z.object({
  /** The emails sent before this point (the previous page's `next`); none: the latest. */
  before: MailPageCursor.optional(),
  limit: z.coerce.number().int().min(1).max(MAIL_PAGE.max).default(MAIL_PAGE.size),
})
export const CloseroomEmailList = z.object({
  emails: z.array(CloseroomEmail),
  /** The `before` of the next, older page; null when this page is the last. */
  next: MailPageCursor.nullable(),
})
export type CloseroomEmail = z.infer<typeof CloseroomEmail>

/**
 * What belongs to a client, newest first: the emails of threads tied to them (those the member may read), the
 * deals they are a contact of, and the team's messages about them.
 */
export const ClientTimelineItem = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('email'),
    id: Id,
    at: z.string(),
    threadId: Id,
    subject: z.string(),
    direction: z.enum(['in', 'out']),
    from: MailAddress,
  }),
  z.object({ kind: z.literal('deal'), id: Id, at: z.string(), title: z.string() }),
  z.object({ kind: z.literal('message'), id: Id, at: z.string(), author: z.string(), body: z.string() }),
])
export type ClientTimelineItem = z.infer<typeof ClientTimelineItem>
export const ClientTimeline = z.object({ items: z.array(ClientTimelineItem) })
