import { Readable } from 'node:stream'
import type {
  Agreement,
  AgreementList,
  AgreementListQuery,
  CreateAgreement,
  SaveAsTemplate,
  UpdateAgreement,
  UploadAgreement,
} from '@closeroom/shared'
import { and, desc, eq, lt, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db, Tx } from '../../db/client.ts'
import { agreementFields, agreementRecipients, agreements } from '../../db/schema/index.ts'
import { Conflict, Invalid, NotFound } from '../../http/errors.ts'
import type { AuthContext } from '../auth/module.ts'
import type { FileStore, Incoming, Library } from '../files/module.ts'
import { type Actor, audit, type Origin } from './audit.ts'
import type { Effects } from './effects.ts'
import type { AgreementNews } from './news.ts'
import { type AgreementRow, agreementOf, fieldsOf, presentAgreement, presentSummaries, recipientsOf } from './present.ts'
import type { SigningTokens } from './tokens.ts'

export const userActor = (auth: AuthContext): Actor => ({ type: 'user', name: auth.user.name, email: auth.user.email })

/** The deal's parties an agreement can be made for: its first client with an email, and its owner. */
export type DealParties = {
  deal: { id: string; name: string }
  client: { name: string; email: string } | null
  owner: { name: string; email: string }
}

type Deps = {
  db: Db
  files: FileStore
  tokens: SigningTokens
  news: AgreementNews
  /** The live update and the step on the deal's timeline. */
  effects: Pick<Effects, 'after'>
  /** The organization's deal with its parties; 404 when it is not the organization's. */
  parties: (organizationId: string, dealId: string) => Promise<DealParties>
  /** The deal's order form as a PDF, in the organization's branding. */
  orderForm: (auth: AuthContext, dealId: string) => Promise<Uint8Array>
  /** A file of the organization's library; 404 otherwise. */
  libraryFile: Pick<Library, 'fileOf'>['fileOf']
}

const Cursor = z.object({ t: z.string().max(64), id: z.uuid() })
function decodeCursor(raw: string) {
  try {
    return Cursor.parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')))
  } catch {
    throw Invalid('cursor: Not a cursor of this list')
  }
}

/**
 * Agreements before they are sent: made from an upload, a template or a deal's order form, edited (recipients,
 * fields, order, expiry, reminders), saved as templates, listed and downloaded.
 */
export function createDraftService({ db, files, tokens, news, effects, parties, orderForm, libraryFile }: Deps) {
  const present = (auth: AuthContext, row: AgreementRow) => presentAgreement(db, row, tokens, auth.user)

  /** Records a checked PDF (already in storage) as a new draft of the caller's; the bytes go if anything fails. */
  async function insertDraft(
    auth: AuthContext,
    received: Awaited<ReturnType<FileStore['receive']>>,
    input: { title: string; dealId: string | null },
    origin: Origin,
    after: (tx: Tx, row: AgreementRow) => Promise<void> = async () => undefined,
  ): Promise<Agreement> {
    const row = await files.keep(received, async () => {
      // The PDF stack (@libpdf/core, font shaping and subsetting, signing: about 20 MB of heap and script
      // source) is imported where a request first needs it, here and in deal-order-form.ts, sealing.ts and
      // values.ts, so a server that never handles a PDF does not hold it.
      const { inspectPdf } = await import('./pdf/inspect.ts')
      const { pages } = await inspectPdf(await files.bytes(received))
      if (input.dealId) await parties(auth.user.organizationId, input.dealId)
      return db.transaction(async (tx) => {
        const file = await files.record(tx, received, { organizationId: auth.user.organizationId, uploadedBy: auth.user.id })
        const [created] = await tx
          .insert(agreements)
          .values({
            organizationId: auth.user.organizationId,
            dealId: input.dealId,
            ownerId: auth.user.id,
            title: input.title,
            originalFileId: file.id,
            originalSha256: file.sha256,
            pages,
          })
          .returning()
        if (!created) throw new Error('agreement insert returned nothing')
        await after(tx, created)
        await audit(tx, created.id, 'created', userActor(auth), origin)
        return created
      })
    })
    await effects.after(row, 'created', { userId: auth.user.id, name: auth.user.name })
    return present(auth, row)
  }

  async function upload(auth: AuthContext, incoming: Incoming<UploadAgreement>, origin: Origin): Promise<Agreement> {
    const { file, fields } = await incoming()
    return insertDraft(auth, file, { title: fields.title, dealId: fields.dealId ?? null }, origin)
  }

  /** The deal's order form, its client already the signer when the deal has one with an email. */
  async function fromOrderForm(auth: AuthContext, input: CreateAgreement & { dealId: string }, origin: Origin) {
    const party = await parties(auth.user.organizationId, input.dealId)
    const pdf = await orderForm(auth, input.dealId)
    const received = await files.receive(Readable.from([Buffer.from(pdf)]), { use: 'agreement', filename: `${input.title}.pdf` })
    return insertDraft(auth, received, { title: input.title, dealId: input.dealId }, origin, async (tx, row) => {
      if (party.client)
        await tx
          .insert(agreementRecipients)
          .values({ agreementId: row.id, ...party.client, role: 'signer', position: 1, placeholder: 'client', language: auth.user.locale })
    })
  }

  /** A copy of a template for a deal: its recipients' placeholders become the deal's client and owner. */
  async function fromTemplate(auth: AuthContext, templateId: string, input: CreateAgreement, origin: Origin): Promise<Agreement> {
    const template = await agreementOf(db, auth.user.organizationId, templateId).catch(() => {
      throw NotFound('Template not found')
    })
    if (!template.template) throw NotFound('Template not found')
    const party = input.dealId ? await parties(auth.user.organizationId, input.dealId) : null
    // A placeholder's name and email in the template are whoever it was saved from (an earlier deal's client):
    // never sent the new agreement. A client the deal cannot give stays an empty recipient for the sender to fill
    // in (sending refuses it until then); without a deal, the owner is the member making the agreement.
    const fill = (r: { name: string; email: string; placeholder: 'client' | 'owner' | null }) =>
      r.placeholder === 'client'
        ? (party?.client ?? { name: '', email: '' })
        : r.placeholder === 'owner'
          ? (party?.owner ?? { name: auth.user.name, email: auth.user.email })
          : // Only the person: the whole row would carry the template recipient's id into the copy.
            { name: r.name, email: r.email }
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(agreements)
        .values({
          organizationId: auth.user.organizationId,
          dealId: input.dealId ?? null,
          ownerId: auth.user.id,
          title: input.title,
          signingOrder: template.signingOrder,
          reminderEveryDays: template.reminderEveryDays,
          originalFileId: template.originalFileId,
          originalSha256: template.originalSha256,
          libraryFileId: template.libraryFileId,
          pages: template.pages,
        })
        .returning()
      if (!created) throw new Error('agreement insert returned nothing')
      await copyParties(tx, template.id, created.id, (r) => ({ ...fill(r), placeholder: r.placeholder }))
      await audit(tx, created.id, 'created', userActor(auth), origin, `From the template ${template.title}`)
      return created
    })
    await effects.after(row, 'created', { userId: auth.user.id, name: auth.user.name })
    return present(auth, row)
  }

  /** Copies recipients (as `map` says) and their fields from one agreement to another. */
  async function copyParties(
    tx: Tx,
    fromId: string,
    toId: string,
    map: (r: { name: string; email: string; placeholder: 'client' | 'owner' | null }) => {
      name: string
      email: string
      placeholder: 'client' | 'owner' | null
    },
  ) {
    const [recipients, fields] = await Promise.all([recipientsOf(tx, fromId), fieldsOf(tx, fromId)])
    const ids = new Map<string, string>()
    // Two placeholders filled with one person (the owner signs as the client), or left empty, keep the first.
    const seen = new Set<string>()
    for (const r of recipients) {
      const person = map(r)
      if (seen.has(person.email)) continue
      seen.add(person.email)
      const [copy] = await tx
        .insert(agreementRecipients)
        .values({ agreementId: toId, ...person, role: r.role, position: r.position, language: r.language })
        .returning({ id: agreementRecipients.id })
      if (copy) ids.set(r.id, copy.id)
    }
    const copies = fields.flatMap(({ id: _id, agreementId: _a, recipientId, value: _v, ...f }) => {
      const to = ids.get(recipientId)
      return to ? [{ ...f, agreementId: toId, recipientId: to }] : []
    })
    if (copies.length) await tx.insert(agreementFields).values(copies)
  }

  /**
   * A library PDF, by reference: the draft shows the library's current version (a new one reaches it), and
   * sending keeps a copy of the version sent (lifecycle.ts), so what is signed never changes under the signers.
   */
  async function fromLibrary(auth: AuthContext, input: CreateAgreement & { fileId: string }, origin: Origin): Promise<Agreement> {
    const file = await libraryFile(auth, input.fileId)
    if (file.contentType !== 'application/pdf')
      throw Invalid(`fileId: ${file.name} is not a PDF: only a PDF can be signed`, { code: 'not_pdf' })
    const { inspectPdf } = await import('./pdf/inspect.ts')
    const { pages } = await inspectPdf(await files.bytes(file))
    if (input.dealId) await parties(auth.user.organizationId, input.dealId)
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(agreements)
        .values({
          organizationId: auth.user.organizationId,
          dealId: input.dealId ?? null,
          ownerId: auth.user.id,
          title: input.title,
          originalFileId: file.id,
          originalSha256: file.sha256,
          libraryFileId: file.id,
          pages,
        })
        .returning()
      if (!created) throw new Error('agreement insert returned nothing')
      await audit(tx, created.id, 'created', userActor(auth), origin, `From the library file ${file.name}`)
      return created
    })
    await effects.after(row, 'created', { userId: auth.user.id, name: auth.user.name })
    return present(auth, row)
  }

  async function create(auth: AuthContext, input: CreateAgreement, origin: Origin): Promise<Agreement> {
    if (input.from === 'library') {
      if (!input.fileId) throw Invalid('fileId: Choose a PDF from the library')
      return fromLibrary(auth, { ...input, fileId: input.fileId }, origin)
    }
    if (input.from === 'order-form') {
      if (!input.dealId) throw Invalid('dealId: An order form is made from a deal: choose one')
      return fromOrderForm(auth, { ...input, dealId: input.dealId }, origin)
    }
    return fromTemplate(auth, input.from, input, origin)
  }

  async function get(auth: AuthContext, id: string): Promise<Agreement> {
    return present(auth, await agreementOf(db, auth.user.organizationId, id))
  }

  async function list(auth: AuthContext, query: z.output<typeof AgreementListQuery>): Promise<AgreementList> {
    const after = query.cursor ? decodeCursor(query.cursor) : null
    const rows = await db
      .select({ row: agreements, t: sql<string>`${agreements.createdAt}::text` })
      .from(agreements)
      .where(
        and(
          eq(agreements.organizationId, auth.user.organizationId),
          eq(agreements.template, query.template === 'true'),
          query.status ? eq(agreements.status, query.status) : undefined,
          query.dealId ? eq(agreements.dealId, query.dealId) : undefined,
          query.ownerId ? eq(agreements.ownerId, query.ownerId) : undefined,
          after
            ? or(
                lt(agreements.createdAt, sql`${after.t}::timestamptz`),
                and(eq(agreements.createdAt, sql`${after.t}::timestamptz`), lt(agreements.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(agreements.createdAt), desc(agreements.id))
      .limit(query.limit + 1)
    const page = rows.slice(0, query.limit)
    const last = page.at(-1)
    const nextCursor =
      rows.length > query.limit && last ? Buffer.from(JSON.stringify({ t: last.t, id: last.row.id })).toString('base64url') : null
    return {
      agreements: await presentSummaries(
        db,
        page.map((r) => r.row),
      ),
      nextCursor,
    }
  }

  /** Only a draft changes; recipients and fields are checked against each other and the PDF's pages. */
  async function update(auth: AuthContext, id: string, patch: z.output<typeof UpdateAgreement>): Promise<Agreement> {
    const row = await db.transaction(async (tx) => {
      const current = await agreementOf(tx, auth.user.organizationId, id, true)
      if (current.status !== 'draft') throw Conflict('Only a draft can be edited: this agreement was sent already')
      if (patch.expiresAt && new Date(patch.expiresAt) <= new Date()) throw Invalid('expiresAt: Choose a date in the future')
      const existing = await recipientsOf(tx, id)
      const recipients = patch.recipients ?? existing.map((r) => ({ ...r, order: r.position }))
      const roles = new Map(recipients.map((r) => [r.email, r.role]))
      patch.fields?.forEach((field, i) => {
        if (field.page > current.pages.length)
          throw Invalid(`fields.${i}.page: This PDF has ${current.pages.length} page${current.pages.length === 1 ? '' : 's'}`)
        const role = roles.get(field.recipient)
        if (!role) throw Invalid(`fields.${i}.recipient: ${field.recipient} is not a recipient of this agreement`)
        if (role !== 'signer') throw Invalid(`fields.${i}.recipient: Only signers fill fields; ${field.recipient} is not one`)
      })

      let byEmail = new Map(existing.map((r) => [r.email, r.id]))
      if (patch.recipients) {
        // Fields not given again follow their recipient by email; a removed recipient's fields go with them.
        const kept = patch.fields
          ? []
          : (await fieldsOf(tx, id)).map((f) => ({ ...f, email: existing.find((r) => r.id === f.recipientId)?.email }))
        await tx.delete(agreementRecipients).where(eq(agreementRecipients.agreementId, id))
        const inserted = patch.recipients.length
          ? await tx
              .insert(agreementRecipients)
              .values(
                patch.recipients.map((r, i) => ({
                  agreementId: id,
                  name: r.name,
                  email: r.email,
                  role: r.role,
                  position: r.order ?? i + 1,
                  placeholder: r.placeholder ?? null,
                  // Left out: the one this recipient had (an editor that does not show it keeps it), else the
                  // sender's language (the member editing the draft).
                  language: r.language ?? existing.find((e) => e.email === r.email)?.language ?? auth.user.locale,
                })),
              )
              .returning({ id: agreementRecipients.id, email: agreementRecipients.email })
          : []
        byEmail = new Map(inserted.map((r) => [r.email, r.id]))
        const carried = kept.flatMap(({ id: _id, email, recipientId: _r, ...f }) => {
          const recipientId = email ? byEmail.get(email) : undefined
          return recipientId ? [{ ...f, recipientId }] : []
        })
        if (carried.length) await tx.insert(agreementFields).values(carried)
      }
      if (patch.fields) {
        await tx.delete(agreementFields).where(eq(agreementFields.agreementId, id))
        if (patch.fields.length)
          await tx.insert(agreementFields).values(
            patch.fields.map(({ recipient, ...f }, position) => ({
              ...f,
              agreementId: id,
              position,
              recipientId: byEmail.get(recipient) as string,
            })),
          )
      }
      const [updated] = await tx
        .update(agreements)
        .set({
          title: patch.title,
          signingOrder: patch.signingOrder,
          expiresAt: patch.expiresAt === undefined ? undefined : patch.expiresAt === null ? null : new Date(patch.expiresAt),
          reminderEveryDays: patch.reminderEveryDays,
          updatedAt: new Date(),
        })
        .where(eq(agreements.id, id))
        .returning()
      return updated ?? current
    })
    news.changed(row)
    return present(auth, row)
  }

  /**
   * A copy of the agreement as a template, sharing its PDF. Recipients who are the deal's client or owner
   * become those placeholders, so the template fills itself in for the next deal.
   */
  async function saveAsTemplate(auth: AuthContext, id: string, input: SaveAsTemplate, origin: Origin): Promise<Agreement> {
    const source = await agreementOf(db, auth.user.organizationId, id)
    const party = source.dealId ? await parties(auth.user.organizationId, source.dealId).catch(() => null) : null
    const placeholderOf = (r: { email: string; placeholder: 'client' | 'owner' | null }) =>
      r.placeholder ?? (party?.client?.email === r.email ? 'client' : party?.owner.email === r.email ? 'owner' : null)
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(agreements)
        .values({
          organizationId: source.organizationId,
          ownerId: auth.user.id,
          title: input.title ?? source.title,
          template: true,
          signingOrder: source.signingOrder,
          reminderEveryDays: source.reminderEveryDays,
          originalFileId: source.originalFileId,
          originalSha256: source.originalSha256,
          // A template from a sent agreement keeps the copy it was sent with; from a draft, the library file.
          libraryFileId: source.originalFileId === source.libraryFileId ? source.libraryFileId : null,
          pages: source.pages,
        })
        .returning()
      if (!created) throw new Error('template insert returned nothing')
      await copyParties(tx, source.id, created.id, (r) => ({ name: r.name, email: r.email, placeholder: placeholderOf(r) }))
      await audit(tx, created.id, 'created', userActor(auth), origin, `Saved as a template from ${source.title}`)
      return created
    })
    news.changed(row)
    return present(auth, row)
  }

  /** A draft or template goes, and its PDF unless another agreement shares it. Sent agreements stay: they are records. */
  async function remove(auth: AuthContext, id: string): Promise<void> {
    const gone = await db.transaction(async (tx) => {
      const row = await agreementOf(tx, auth.user.organizationId, id, true)
      if (row.status !== 'draft') throw Conflict('A sent agreement is a record: void it instead of deleting it')
      await tx.delete(agreements).where(eq(agreements.id, id))
      return row
    })
    await files.release([gone.originalFileId])
    news.changed({ ...gone, status: 'draft' })
  }

  /**
   * The PDF: the sealed one once there is one, the original before. Only a download (`saved`: the file is saved,
   * not shown in a page) goes in the audit log; the editor and the agreement's page show it on every visit.
   */
  async function document(auth: AuthContext, id: string, origin: Origin, saved: boolean) {
    const row = await agreementOf(db, auth.user.organizationId, id)
    const file = await files.ofOrganization(auth, row.sealedFileId ?? row.originalFileId)
    if (saved) {
      await audit(db, row.id, 'downloaded', userActor(auth), origin)
      news.changed(row)
    }
    return file
  }

  return { upload, create, get, list, update, saveAsTemplate, remove, document }
}

export type DraftService = ReturnType<typeof createDraftService>
