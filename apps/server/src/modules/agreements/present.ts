import { type Actor, type Agreement, type AgreementSummary, can, type Field, type Recipient } from '@closeroom/shared'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { agreementFields, agreementRecipients, agreements, deals, users } from '../../db/schema/index.ts'
import { NotFound } from '../../http/errors.ts'
import { roomLinks } from './links.ts'
import type { SigningTokens } from './tokens.ts'

export const AGREEMENT_NOT_FOUND = 'Agreement not found'

export type AgreementRow = typeof agreements.$inferSelect
export type RecipientRow = typeof agreementRecipients.$inferSelect
export type FieldRow = typeof agreementFields.$inferSelect

const iso = (d: Date | null) => d?.toISOString() ?? null

/** The organization's agreement (or template), optionally locked for the transaction's change; 404 otherwise. */
export async function agreementOf(tx: Db | Tx, organizationId: string, id: string, forUpdate = false): Promise<AgreementRow> {
  const query = tx
    .select()
    .from(agreements)
    .where(and(eq(agreements.id, id), eq(agreements.organizationId, organizationId)))
  const [row] = forUpdate ? await query.for('update') : await query
  if (!row) throw NotFound(AGREEMENT_NOT_FOUND)
  return row
}

export const recipientsOf = (tx: Db | Tx, agreementId: string) =>
  tx
    .select()
    .from(agreementRecipients)
    .where(eq(agreementRecipients.agreementId, agreementId))
    .orderBy(asc(agreementRecipients.position), asc(agreementRecipients.createdAt), asc(agreementRecipients.id))

export const fieldsOf = (tx: Db | Tx, agreementId: string) =>
  tx.select().from(agreementFields).where(eq(agreementFields.agreementId, agreementId)).orderBy(asc(agreementFields.position))

/**
 * `links`: whether the reader may see the recipient's own links (agreements.seeLinks); `inRoom`: their link
 * into the deal's sales room, given only with their signing link (it carries the same token).
 */
export function presentRecipient(
  row: RecipientRow,
  tokens: SigningTokens,
  links: boolean,
  inRoom: (r: RecipientRow) => string | null,
): Recipient {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    order: row.position,
    placeholder: row.placeholder,
    status: row.status,
    language: row.language,
    signingUrl: links && row.tokenHash ? tokens.urlOf(row.id) : null,
    salesroomUrl: links && row.tokenHash ? inRoom(row) : null,
    sentAt: iso(row.sentAt),
    openedAt: iso(row.openedAt),
    signedAt: iso(row.signedAt),
    declinedAt: iso(row.declinedAt),
    declineReason: row.declineReason,
  }
}

export function presentField(row: FieldRow, recipientEmail: string): Field {
  return {
    id: row.id,
    recipient: recipientEmail,
    recipientId: row.recipientId,
    type: row.type,
    page: row.page,
    x: row.x,
    y: row.y,
    width: row.width,
    height: row.height,
    required: row.required,
    value: row.value,
  }
}

async function peopleOf(db: Db | Tx, rows: AgreementRow[]) {
  const ownerIds = [...new Set(rows.map((r) => r.ownerId))]
  const dealIds = [...new Set(rows.flatMap((r) => (r.dealId ? [r.dealId] : [])))]
  const [owners, dealRows] = await Promise.all([
    ownerIds.length
      ? db.select({ id: users.id, name: users.name, avatarUrl: users.avatarUrl }).from(users).where(inArray(users.id, ownerIds))
      : [],
    dealIds.length ? db.select({ id: deals.id, name: deals.name }).from(deals).where(inArray(deals.id, dealIds)) : [],
  ])
  const owner = (id: string) => owners.find((o) => o.id === id) ?? { id, name: '', avatarUrl: null }
  const deal = (id: string | null) => dealRows.find((d) => d.id === id) ?? null
  return { owner, deal }
}

/** The whole agreement as a member of its organization sees it: the recipients' links for those who may see them. */
export async function presentAgreement(db: Db | Tx, row: AgreementRow, tokens: SigningTokens, reader: Actor): Promise<Agreement> {
  const links = can(reader, 'agreements.seeLinks', row)
  const [recipients, fields, people, inRoom] = await Promise.all([
    recipientsOf(db, row.id),
    fieldsOf(db, row.id),
    peopleOf(db, [row]),
    roomLinks(db, tokens, row.dealId),
  ])
  const emailOf = (id: string) => recipients.find((r) => r.id === id)?.email ?? ''
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    template: row.template,
    signingOrder: row.signingOrder,
    expiresAt: iso(row.expiresAt),
    reminderEveryDays: row.reminderEveryDays,
    deal: people.deal(row.dealId),
    owner: people.owner(row.ownerId),
    pages: row.pages,
    recipients: recipients.map((r) => presentRecipient(r, tokens, links, inRoom)),
    fields: fields.map((f) => presentField(f, emailOf(f.recipientId))),
    documentUrl: `/api/agreements/${row.id}/document`,
    originalSha256: row.originalSha256,
    sealedSha256: row.sealedSha256,
    voidReason: row.voidReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    sentAt: iso(row.sentAt),
    completedAt: iso(row.completedAt),
  }
}

export async function presentSummaries(db: Db | Tx, rows: AgreementRow[]): Promise<AgreementSummary[]> {
  const ids = rows.map((r) => r.id)
  const [recipients, people] = await Promise.all([
    ids.length
      ? db
          .select()
          .from(agreementRecipients)
          .where(inArray(agreementRecipients.agreementId, ids))
          .orderBy(asc(agreementRecipients.position), asc(agreementRecipients.createdAt))
      : [],
    peopleOf(db, rows),
  ])
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    status: row.status,
    template: row.template,
    deal: people.deal(row.dealId),
    owner: people.owner(row.ownerId),
    recipients: recipients
      .filter((r) => r.agreementId === row.id)
      .map((r) => ({ id: r.id, name: r.name, email: r.email, role: r.role, status: r.status })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    completedAt: iso(row.completedAt),
  }))
}
