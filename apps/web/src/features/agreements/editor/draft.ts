import type { Agreement, FieldType, Language, RecipientPlaceholder, RecipientRole, SigningOrder, UpdateAgreement } from '@closeroom/shared'
import type { Place } from './placement'

// The editor works on a draft of its own until it saves: recipients and fields carry local keys, so a field keeps
// its recipient while that recipient's email is being typed, and the server hears fields by email only on save.

export type RecipientDraft = {
  key: string
  name: string
  email: string
  role: RecipientRole
  placeholder: RecipientPlaceholder | null
  /** Their emails' and signing page's language: as saved, or the sender's for one just added. */
  language: Language
}
export type FieldDraft = Place & { key: string; recipientKey: string; type: FieldType; page: number; required: boolean }
export type Draft = {
  title: string
  signingOrder: SigningOrder
  expiresAt: string | null
  reminderEveryDays: number | null
  recipients: RecipientDraft[]
  fields: FieldDraft[]
}

/** The saved agreement as a draft, recipients in their signing order. */
export function draftOf(agreement: Agreement): Draft {
  const recipients = [...agreement.recipients].sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
  return {
    title: agreement.title,
    signingOrder: agreement.signingOrder,
    expiresAt: agreement.expiresAt,
    reminderEveryDays: agreement.reminderEveryDays,
    recipients: recipients.map(({ id, name, email, role, placeholder, language }) => ({
      key: id,
      name,
      email,
      role,
      placeholder,
      language,
    })),
    fields: agreement.fields.map(({ id, recipientId, type, page, x, y, width, height, required }) => ({
      key: id,
      recipientKey: recipientId,
      type,
      page,
      x,
      y,
      width,
      height,
      required,
    })),
  }
}

/** The PATCH that saves the draft: positions follow the list's order, fields name their recipient by email. */
export function updateOf(draft: Draft): UpdateAgreement {
  const emailOf = new Map(draft.recipients.map((recipient) => [recipient.key, recipient.email.trim()]))
  return {
    title: draft.title,
    signingOrder: draft.signingOrder,
    expiresAt: draft.expiresAt,
    reminderEveryDays: draft.reminderEveryDays,
    recipients: draft.recipients.map(({ name, email, role, placeholder, language }, index) => ({
      name,
      email: email.trim(),
      role,
      placeholder,
      language,
      ...(draft.signingOrder === 'sequential' ? { order: index + 1 } : {}),
    })),
    fields: draft.fields.flatMap(({ recipientKey, type, page, x, y, width, height, required }) => {
      const recipient = emailOf.get(recipientKey)
      return recipient === undefined ? [] : [{ recipient, type, page, x, y, width, height, required }]
    }),
  }
}

/** Only signers fill fields: approvers approve the whole, viewers and cc read. */
export const fillsFields = (role: RecipientRole) => role === 'signer'

/** The draft without a recipient, and without the fields that were theirs. */
export function withoutRecipient(draft: Draft, key: string): Draft {
  return {
    ...draft,
    recipients: draft.recipients.filter((recipient) => recipient.key !== key),
    fields: draft.fields.filter((field) => field.recipientKey !== key),
  }
}

/** The draft with a recipient moved one place up (-1) or down (+1) in the signing order. */
export function withRecipientMoved(draft: Draft, key: string, by: -1 | 1): Draft {
  const from = draft.recipients.findIndex((recipient) => recipient.key === key)
  const to = from + by
  if (from === -1 || to < 0 || to >= draft.recipients.length) return draft
  const recipients = [...draft.recipients]
  const [moved] = recipients.splice(from, 1) as [RecipientDraft]
  recipients.splice(to, 0, moved)
  return { ...draft, recipients }
}

/** The draft with a recipient changed; one who no longer signs loses the fields that were theirs. */
export function withRecipient(draft: Draft, key: string, change: Partial<Omit<RecipientDraft, 'key'>>): Draft {
  const dropsFields = change.role !== undefined && !fillsFields(change.role)
  return {
    ...draft,
    recipients: draft.recipients.map((recipient) => (recipient.key === key ? { ...recipient, ...change } : recipient)),
    fields: dropsFields ? draft.fields.filter((field) => field.recipientKey !== key) : draft.fields,
  }
}
