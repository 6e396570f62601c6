import type { PublicSigning, SignAgreement } from '@closeroom/shared'
import { and, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db, Tx } from '../../db/client.ts'
import { agreementFields, agreementRecipients, agreements, files, organizations, users } from '../../db/schema/index.ts'
import { Conflict, Invalid, NotFound } from '../../http/errors.ts'
import type { Jobs } from '../../jobs/queue.ts'
import { type Actor, audit, type Origin } from './audit.ts'
import type { Effects } from './effects.ts'
import { inviteCopies, inviteTurn, type Lifecycle, moveAgreement, QUEUES } from './lifecycle.ts'
import { roomLinks } from './links.ts'
import type { AgreementNews } from './news.ts'
import { type AgreementRow, fieldsOf, type RecipientRow, recipientsOf } from './present.ts'
import type { SigningTokens } from './tokens.ts'
import { acts, allows, canAct, finished, isComplete, whyNot } from './turns.ts'
import { checkValue } from './values.ts'

export const LINK_NOT_FOUND = 'Signing link not found'

type Deps = {
  db: Db
  jobs: Jobs
  tokens: SigningTokens
  effects: Effects
  news: AgreementNews
  lifecycle: Pick<Lifecycle, 'expire'>
}

const recipientActor = (r: RecipientRow): Actor => ({ type: 'recipient', name: r.name, email: r.email })

/**
 * A recipient's side, by the token of their link alone: they see their own fields and nothing of anyone else's,
 * sign or approve when it is their turn, or decline. Every move locks the agreement's row first, so two
 * recipients finishing at the same moment are taken one after the other and exactly one of them completes it.
 */
export function createSigningService({ db, jobs, tokens, effects, news, lifecycle }: Deps) {
  async function recipientOf(tx: Db | Tx, token: string): Promise<RecipientRow> {
    const [row] = await tx
      .select()
      .from(agreementRecipients)
      .where(eq(agreementRecipients.tokenHash, tokens.hashOf(token)))
    if (!row) throw NotFound(LINK_NOT_FOUND)
    return row
  }

  async function lockedAgreement(tx: Tx, agreementId: string): Promise<AgreementRow> {
    const [row] = await tx.select().from(agreements).where(eq(agreements.id, agreementId)).for('update')
    if (!row) throw NotFound(LINK_NOT_FOUND)
    return row
  }

  /** An agreement past its date expires as its recipient arrives, even before the expiry job runs. */
  async function expireIfDue(recipient: RecipientRow) {
    const [row] = await db
      .select({ status: agreements.status, expiresAt: agreements.expiresAt })
      .from(agreements)
      .where(eq(agreements.id, recipient.agreementId))
    if (row?.status === 'sent' && row.expiresAt && row.expiresAt <= new Date()) await lifecycle.expire(recipient.agreementId)
  }

  async function answer(recipient: RecipientRow): Promise<PublicSigning> {
    const [found] = await db
      .select({ agreement: agreements, organization: organizations, senderName: users.name, senderEmail: users.email })
      .from(agreements)
      .innerJoin(organizations, eq(organizations.id, agreements.organizationId))
      .innerJoin(users, eq(users.id, agreements.ownerId))
      .where(eq(agreements.id, recipient.agreementId))
    if (!found) throw NotFound(LINK_NOT_FOUND)
    const { agreement } = found
    const [recipients, fields, inRoom] = await Promise.all([
      recipientsOf(db, agreement.id),
      fieldsOf(db, agreement.id),
      roomLinks(db, tokens, agreement.dealId),
    ])
    const token = tokens.tokenOf(recipient.id)
    return {
      agreement: { title: agreement.title, status: agreement.status, expiresAt: agreement.expiresAt?.toISOString() ?? null },
      organization: { name: found.organization.name, logoUrl: found.organization.logoUrl },
      sender: { name: found.senderName, email: found.senderEmail },
      recipient: {
        name: recipient.name,
        email: recipient.email,
        role: recipient.role,
        status: recipient.status,
        language: recipient.language,
      },
      canAct: canAct(agreement, recipients, recipient.id),
      pages: agreement.pages,
      fields: fields
        .filter((f) => f.recipientId === recipient.id)
        .map((f) => ({
          id: f.id,
          type: f.type,
          page: f.page,
          x: f.x,
          y: f.y,
          width: f.width,
          height: f.height,
          required: f.required,
          value: f.value,
        })),
      documentUrl: `/api/public/signing/${token}/document`,
      salesroomUrl: inRoom(recipient),
    }
  }

  /** What the recipient's page shows; the first look marks them as having opened it. */
  async function view(token: string, origin: Origin): Promise<PublicSigning> {
    let recipient = await recipientOf(db, token)
    await expireIfDue(recipient)
    if (recipient.status === 'sent') {
      const opened = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(agreementRecipients)
          .set({ status: 'opened', openedAt: new Date(), ip: origin.ip, userAgent: origin.userAgent?.slice(0, 500) ?? null })
          .where(and(eq(agreementRecipients.id, recipient.id), eq(agreementRecipients.status, 'sent')))
          .returning()
        if (row) await audit(tx, row.agreementId, 'opened', recipientActor(row), origin)
        return row
      })
      if (opened) {
        recipient = opened
        const [row] = await db.select().from(agreements).where(eq(agreements.id, opened.agreementId))
        if (row) await effects.after(row, 'opened', { name: opened.name })
      }
    }
    return answer(recipient)
  }

  async function sign(token: string, input: z.output<typeof SignAgreement>, origin: Origin): Promise<PublicSigning> {
    await expireIfDue(await recipientOf(db, token))
    const today = new Date().toISOString().slice(0, 10)
    const outcome = await db.transaction(async (tx) => {
      const me = await recipientOf(tx, token)
      const row = await lockedAgreement(tx, me.agreementId)
      const recipients = await recipientsOf(tx, row.id)
      const current = recipients.find((r) => r.id === me.id) ?? me
      if (!canAct(row, recipients, me.id)) throw Conflict(whyNot(row, current))
      const mine = (await fieldsOf(tx, row.id)).filter((f) => f.recipientId === me.id)
      const unknown = Object.keys(input.values).find((id) => !mine.some((f) => f.id === id))
      if (unknown) throw Invalid(`values.${unknown}: This field is not yours to fill`)
      for (const field of mine)
        await tx
          .update(agreementFields)
          .set({ value: await checkValue(field, input.values[field.id], today) })
          .where(eq(agreementFields.id, field.id))
      const status = me.role === 'approver' ? 'approved' : 'signed'
      const [done] = await tx
        .update(agreementRecipients)
        .set({
          status,
          signedAt: new Date(),
          ip: origin.ip,
          userAgent: origin.userAgent?.slice(0, 500) ?? null,
          openedAt: me.openedAt ?? new Date(),
        })
        .where(and(eq(agreementRecipients.id, me.id), inArray(agreementRecipients.status, ['sent', 'opened'])))
        .returning()
      if (!done) throw Conflict(whyNot(row, current))
      await audit(tx, row.id, status, recipientActor(done), origin)
      const after = recipients.map((r) => (r.id === done.id ? done : r))
      if (isComplete(after)) {
        const completed = await moveAgreement(tx, row, { status: 'completed', completedAt: new Date() })
        // Emailed with everyone else once the seal is made (effects.completed).
        await inviteCopies(tx, row.id, tokens)
        // The partial unique index makes a second completion of one agreement fail, whatever happened before it.
        await audit(tx, row.id, 'completed', { type: 'system', name: 'Closeroom', email: null })
        return { me: done, row: completed, invited: [] as RecipientRow[], completed: true }
      }
      return { me: done, row, invited: await inviteTurn(tx, row, tokens), completed: false }
    })
    const { me, row } = outcome
    if (outcome.completed) await jobs.send(QUEUES.seal, { agreementId: row.id })
    await effects.after(row, me.status === 'approved' ? 'approved' : 'signed', { name: me.name }, async () => {
      await effects.signed(row, me)
      await effects.invite(row, outcome.invited)
      if (outcome.completed) await effects.fireCompleted(row)
    })
    return answer(me)
  }

  async function decline(token: string, reason: string, origin: Origin): Promise<PublicSigning> {
    await expireIfDue(await recipientOf(db, token))
    const { me, row } = await db.transaction(async (tx) => {
      const me = await recipientOf(tx, token)
      const row = await lockedAgreement(tx, me.agreementId)
      if (!allows('decline', row.status) || !acts(me) || finished(me) || me.status === 'declined' || me.status === 'not_sent')
        throw Conflict(whyNot(row, me))
      const [declined] = await tx
        .update(agreementRecipients)
        .set({
          status: 'declined',
          declinedAt: new Date(),
          declineReason: reason,
          ip: origin.ip,
          userAgent: origin.userAgent?.slice(0, 500) ?? null,
        })
        .where(and(eq(agreementRecipients.id, me.id), inArray(agreementRecipients.status, ['sent', 'opened'])))
        .returning()
      if (!declined) throw Conflict(whyNot(row, me))
      const moved = await moveAgreement(tx, row, { status: 'declined', endedAt: new Date() })
      await audit(tx, row.id, 'declined', recipientActor(declined), origin, reason)
      return { me: declined, row: moved }
    })
    await effects.after(row, 'declined', { name: me.name }, () => effects.declined(row, me, reason))
    return answer(me)
  }

  /**
   * The PDF the recipient signs, or the sealed one once there is one. A download (`saved`) is recorded in the
   * audit log; the signing page showing it is not.
   */
  async function document(token: string, origin: Origin, saved: boolean) {
    const me = await recipientOf(db, token)
    const [agreement] = await db.select().from(agreements).where(eq(agreements.id, me.agreementId))
    if (!agreement) throw NotFound(LINK_NOT_FOUND)
    const [file] = await db
      .select()
      .from(files)
      .where(eq(files.id, agreement.sealedFileId ?? agreement.originalFileId))
    if (!file) throw NotFound(LINK_NOT_FOUND)
    if (saved) {
      await audit(db, agreement.id, 'downloaded', recipientActor(me), origin)
      news.changed(agreement)
    }
    return file
  }

  return { view, sign, decline, document }
}

export type SigningService = ReturnType<typeof createSigningService>
