import { z } from 'zod'
import { Locale, PersonName } from './auth.ts'
import { Instant } from './booking.ts'
import { Email, Id } from './common.ts'
import { Person } from './deals.ts'

// Agreements: a PDF with fields placed on its pages, sent to recipients who sign it in turn or together,
// then sealed once (fields flattened, a certificate page, one PAdES signature). Positions are fractions of the
// page from its top-left corner, so they hold at any rendering size. Recipients act through a link of their
// own (/sign/{token}); they see only their own fields.

const MB = 1024 * 1024

/** The largest PDF an agreement accepts, uploaded or generated. */
export const AGREEMENT_MAX_BYTES = 20 * MB
/** The most pages an agreement's PDF may have. */
export const AGREEMENT_MAX_PAGES = 100

export const AGREEMENT_LIMITS = {
  maxRecipients: 20,
  maxFields: 500,
  maxPageSize: 100,
  maxReminderDays: 30,
  maxDeclineReason: 1000,
  maxTextValue: 1000,
  /** A drawn or uploaded signature as a PNG data URL. */
  maxSignatureChars: 700_000,
} as const

export const AGREEMENT_STATUSES = ['draft', 'sent', 'completed', 'declined', 'voided', 'expired'] as const
export const AgreementStatus = z.enum(AGREEMENT_STATUSES)
export type AgreementStatus = z.infer<typeof AgreementStatus>

export const RECIPIENT_STATUSES = ['not_sent', 'sent', 'opened', 'signed', 'approved', 'declined'] as const
export const RecipientStatus = z.enum(RECIPIENT_STATUSES)
export type RecipientStatus = z.infer<typeof RecipientStatus>

/** Signers fill their fields and sign; approvers approve; viewers get a link to read; cc get the sealed copy. */
export const RECIPIENT_ROLES = ['signer', 'approver', 'viewer', 'cc'] as const
export const RecipientRole = z.enum(RECIPIENT_ROLES)
export type RecipientRole = z.infer<typeof RecipientRole>

export const FIELD_TYPES = ['signature', 'initials', 'name', 'email', 'date', 'text', 'checkbox'] as const
export const FieldType = z.enum(FIELD_TYPES)
export type FieldType = z.infer<typeof FieldType>

/** Parallel: everyone whose turn it is at once. Sequential: by `order`, the next one invited when the one before finishes. */
export const SigningOrder = z.enum(['parallel', 'sequential'])
export type SigningOrder = z.infer<typeof SigningOrder>

/** In a template, who a recipient stands for: the deal's client or its owner, filled in when the template is used. */
export const RecipientPlaceholder = z.enum(['client', 'owner'])
export type RecipientPlaceholder = z.infer<typeof RecipientPlaceholder>

export const AUDIT_KINDS = [
  'created',
  'sent',
  'opened',
  'signed',
  'approved',
  'declined',
  'voided',
  'expired',
  'reminded',
  'downloaded',
  'completed',
] as const
export const AuditKind = z.enum(AUDIT_KINDS)
export type AuditKind = z.infer<typeof AuditKind>

const Title = z.string().trim().min(1, { message: 'Title is required' }).max(200, { message: 'Must be at most 200 characters' })
const Fraction = z.number().min(0, { message: 'Must be between 0 and 1' }).max(1, { message: 'Must be between 0 and 1' })

// ---- Creating ----

/** The multipart fields beside `file` (a PDF) on POST /api/agreements. */
export const UploadAgreement = z.object({ title: Title, dealId: Id.optional() })
export type UploadAgreement = z.infer<typeof UploadAgreement>

/**
 * POST /api/agreements as JSON: the deal's order form generated as a PDF (`from: 'order-form'`, dealId required),
 * or a copy of a saved template (`from: templateId`), its placeholders filled from the deal's client and owner.
 */
export const CreateAgreement = z
  .object({
    title: Title,
    dealId: Id.optional(),
    from: z.union([z.literal('order-form'), z.literal('library'), Id], { message: "Must be 'order-form', 'library' or a template's id" }),
    /** With `from: 'library'`: the library PDF to sign, shown by reference until the agreement is sent. */
    fileId: Id.optional(),
  })
  .refine((body) => body.from !== 'order-form' || body.dealId !== undefined, {
    message: 'An order form is made from a deal: choose one',
    path: ['dealId'],
  })
  .refine((body) => body.from !== 'library' || body.fileId !== undefined, {
    message: 'Choose a PDF from the library',
    path: ['fileId'],
  })
export type CreateAgreement = z.infer<typeof CreateAgreement>

// ---- Editing ----

export const RecipientInput = z.object({
  name: PersonName,
  email: Email,
  role: RecipientRole,
  /** The position with sequential order, from 1; recipients sharing a position act together. Ignored in parallel. */
  order: z.number().int().min(1).max(AGREEMENT_LIMITS.maxRecipients).optional(),
  /** In a template: fill this recipient from the deal's client or owner when the template is used. */
  placeholder: RecipientPlaceholder.nullable().optional(),
  /** The language of their emails and signing page; when left out, the sender's language. */
  language: Locale.optional(),
})
export type RecipientInput = z.input<typeof RecipientInput>

export const FieldInput = z
  .object({
    /** The email of one of the agreement's recipients. */
    recipient: Email,
    type: FieldType,
    /** From 1. */
    page: z.number().int().min(1),
    x: Fraction,
    y: Fraction,
    width: Fraction.refine((w) => w > 0, { message: 'Must be more than 0' }),
    height: Fraction.refine((h) => h > 0, { message: 'Must be more than 0' }),
    required: z.boolean().default(true),
  })
  .superRefine((field, ctx) => {
    // A little slack for rounding in the editor's fractions.
    if (field.x + field.width > 1.000001) ctx.addIssue({ code: 'custom', message: 'The field runs off the page', path: ['width'] })
    if (field.y + field.height > 1.000001) ctx.addIssue({ code: 'custom', message: 'The field runs off the page', path: ['height'] })
  })
export type FieldInput = z.input<typeof FieldInput>

/**
 * PATCH /api/agreements/:id, drafts only. `recipients` and `fields` replace the whole list when given; fields name
 * their recipient by email, so both can change in one request.
 */
export const UpdateAgreement = z.object({
  title: Title.optional(),
  signingOrder: SigningOrder.optional(),
  expiresAt: Instant.nullable().optional(),
  /** Remind those whose turn it is every this many days until they act; null: no reminders. */
  reminderEveryDays: z.number().int().min(1).max(AGREEMENT_LIMITS.maxReminderDays).nullable().optional(),
  recipients: z
    .array(RecipientInput)
    .max(AGREEMENT_LIMITS.maxRecipients, { message: `An agreement has at most ${AGREEMENT_LIMITS.maxRecipients} recipients` })
    .refine((list) => new Set(list.map((r) => r.email)).size === list.length, { message: 'Each recipient once (by email)' })
    .optional(),
  fields: z
    .array(FieldInput)
    .max(AGREEMENT_LIMITS.maxFields, { message: `An agreement has at most ${AGREEMENT_LIMITS.maxFields} fields` })
    .optional(),
})
export type UpdateAgreement = z.input<typeof UpdateAgreement>

/** POST /api/agreements/:id/template: a copy of the agreement saved as a template (the agreement itself is unchanged). */
export const SaveAsTemplate = z.object({ title: Title.optional() })
export type SaveAsTemplate = z.input<typeof SaveAsTemplate>

/** POST /api/agreements/:id/void: the sender calls a sent agreement off. */
export const VoidAgreement = z.object({ reason: z.string().trim().max(AGREEMENT_LIMITS.maxDeclineReason).default('') })
export type VoidAgreement = z.input<typeof VoidAgreement>

// ---- Answers ----

export const PageSize = z.object({ width: z.number(), height: z.number() })
export type PageSize = z.infer<typeof PageSize>

export const Recipient = z.object({
  id: Id,
  name: z.string(),
  email: z.string(),
  role: RecipientRole,
  order: z.number().int().nullable(),
  placeholder: RecipientPlaceholder.nullable(),
  status: RecipientStatus,
  /** The language of their emails and signing page. */
  language: Locale,
  /**
   * The recipient's own link (/sign/{token}), for the sender to copy; null until the agreement is sent to them, and
   * for a member other than its sender, the owners and the admins (agreements.seeLinks).
   */
  signingUrl: z.string().nullable(),
  /**
   * Their link into the deal's published sales room (/d/{id}?sign={token}), which their invitation and reminders
   * carry: null while signingUrl is, when the deal has no published room, or when the room is private and they are
   * not invited to it.
   */
  salesroomUrl: z.string().nullable(),
  sentAt: z.string().nullable(),
  openedAt: z.string().nullable(),
  /** When they signed or approved. */
  signedAt: z.string().nullable(),
  declinedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
})
export type Recipient = z.infer<typeof Recipient>

export const Field = z.object({
  id: Id,
  /** The recipient's email. */
  recipient: z.string(),
  recipientId: Id,
  type: FieldType,
  page: z.number().int(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  required: z.boolean(),
  /** What the recipient filled in, once they have signed: text, 'true'/'false', or a signature as a PNG data URL or typed text. */
  value: z.string().nullable(),
})
export type Field = z.infer<typeof Field>

/** GET /api/agreements/:id, as the organization sees it. */
export const Agreement = z.object({
  id: Id,
  title: z.string(),
  status: AgreementStatus,
  template: z.boolean(),
  signingOrder: SigningOrder,
  expiresAt: z.string().nullable(),
  reminderEveryDays: z.number().int().nullable(),
  deal: z.object({ id: Id, name: z.string() }).nullable(),
  owner: Person,
  pages: z.array(PageSize),
  recipients: z.array(Recipient),
  fields: z.array(Field),
  /** GET /api/agreements/{id}/document: the original PDF, or the sealed one once completed; `?download=1` to save it (audited). */
  documentUrl: z.string(),
  originalSha256: z.string(),
  /** Set once the completed agreement is sealed; until then the download serves the original. */
  sealedSha256: z.string().nullable(),
  voidReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
  completedAt: z.string().nullable(),
})
export type Agreement = z.infer<typeof Agreement>

export const AgreementSummary = z.object({
  id: Id,
  title: z.string(),
  status: AgreementStatus,
  template: z.boolean(),
  deal: z.object({ id: Id, name: z.string() }).nullable(),
  owner: Person,
  recipients: z.array(Recipient.pick({ id: true, name: true, email: true, role: true, status: true })),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
})
export type AgreementSummary = z.infer<typeof AgreementSummary>

export const AgreementListQuery = z.object({
  status: AgreementStatus.optional(),
  dealId: Id.optional(),
  ownerId: Id.optional(),
  /** 'true': the saved templates only; by default, agreements only. */
  template: z.enum(['true', 'false']).default('false'),
  limit: z.coerce.number().int().min(1).max(AGREEMENT_LIMITS.maxPageSize).default(50),
  /** The opaque nextCursor of the previous page. */
  cursor: z.string().max(500).optional(),
})
export type AgreementListQuery = z.input<typeof AgreementListQuery>
/** Newest first. */
export const AgreementList = z.object({ agreements: z.array(AgreementSummary), nextCursor: z.string().nullable() })
export type AgreementList = z.infer<typeof AgreementList>

/** One line of the audit log: who (a member, a recipient or the system), what, when, from where. */
export const AuditEntry = z.object({
  id: Id,
  kind: AuditKind,
  actor: z.object({ type: z.enum(['user', 'recipient', 'system']), name: z.string(), email: z.string().nullable() }),
  at: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The decline or void reason, the recipient reminded… */
  detail: z.string().nullable(),
})
export type AuditEntry = z.infer<typeof AuditEntry>
/** Oldest first. */
export const AuditLog = z.object({ entries: z.array(AuditEntry) })
export type AuditLog = z.infer<typeof AuditLog>

// ---- Signing, by the recipient's token ----

// Tokens are 43 characters of base64url (32 random bytes); anything else is not found.
export const SigningParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: 'Signing link not found' }) })

/** One of the recipient's own fields, with what they filled in (null until they sign). */
export const SigningField = Field.omit({ recipient: true, recipientId: true })
export type SigningField = z.infer<typeof SigningField>

/** GET /api/public/signing/:token: what the recipient's page shows. Never another recipient's fields. */
export const PublicSigning = z.object({
  agreement: z.object({ title: z.string(), status: AgreementStatus, expiresAt: z.string().nullable() }),
  organization: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
  sender: z.object({ name: z.string(), email: z.string() }),
  /** `language`: the one the sender chose for them, for the signing page to open in. */
  recipient: z.object({ name: z.string(), email: z.string(), role: RecipientRole, status: RecipientStatus, language: Locale }),
  /**
   * Whether the recipient can sign (signer) or approve (approver) now: the agreement is sent, it is their turn and
   * they have not acted yet. Viewers and cc never act.
   */
  canAct: z.boolean(),
  pages: z.array(PageSize),
  fields: z.array(SigningField),
  /** GET /api/public/signing/{token}/document: the PDF they sign, or the sealed one once completed; `?download=1` to save it (audited). */
  documentUrl: z.string(),
  /** The deal's published sales room, to sign inside it (/d/{id}?sign={token}); null when there is none or they may not enter it. */
  salesroomUrl: z.string().nullable(),
})
export type PublicSigning = z.infer<typeof PublicSigning>

/** POST /api/public/signing/:token: a value for each of the recipient's fields (by field id); an approver sends none. */
export const SignAgreement = z.object({
  values: z.record(Id, z.string().max(AGREEMENT_LIMITS.maxSignatureChars)).default({}),
})
export type SignAgreement = z.input<typeof SignAgreement>

/** POST /api/public/signing/:token/decline. */
export const DeclineAgreement = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { message: 'Say why you decline' })
    .max(AGREEMENT_LIMITS.maxDeclineReason, { message: `Must be at most ${AGREEMENT_LIMITS.maxDeclineReason} characters` }),
})
export type DeclineAgreement = z.input<typeof DeclineAgreement>

/**
 * In a sales room's public answer: the deal's agreements once sent (a voided one is withdrawn and left out), by
 * title and status, nothing of who signs what. A buyer signs through their own link only.
 */
export const PublicRoomAgreement = z.object({ id: Id, title: z.string(), status: AgreementStatus.exclude(['draft', 'voided']) })
export type PublicRoomAgreement = z.infer<typeof PublicRoomAgreement>

/** agreement-changed: an agreement of the organization changed (its page and lists read again). */
export const AgreementChange = z.object({ agreementId: Id, dealId: Id.nullable(), status: AgreementStatus })
export type AgreementChange = z.infer<typeof AgreementChange>
