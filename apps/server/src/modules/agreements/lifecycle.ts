import type { Agreement } from '@closeroom/shared'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { agreementRecipients, agreements } from '../../db/schema/index.ts'
import { Conflict, Invalid } from '../../http/errors.ts'
import type { Jobs } from '../../jobs/queue.ts'
import { authorize } from '../../permissions.ts'
import type { AuthContext } from '../auth/module.ts'
import type { FileStore } from '../files/module.ts'
import { audit, type Origin, SYSTEM } from './audit.ts'
import { userActor } from './drafts.ts'
import type { Effects } from './effects.ts'
import type { LibraryAgreements } from './library-file.ts'
import type { AgreementNews } from './news.ts'
import { type AgreementRow, agreementOf, fieldsOf, presentAgreement, type RecipientRow, recipientsOf } from './present.ts'
import type { SigningTokens } from './tokens.ts'
import { acts, allows, inTurn, refusal } from './turns.ts'

export const QUEUES = { seal: 'agreement-seal', remind: 'agreement-remind', expire: 'agreement-expire' } as const
const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Gives a link to every recipient whose turn has come and who has none yet, in the caller's transaction. Says
 * who they are, to email once the transaction is committed.
 */
export async function inviteTurn(tx: Tx, row: AgreementRow, tokens: SigningTokens): Promise<RecipientRow[]> {
  const recipients = await recipientsOf(tx, row.id)
  const due = inTurn(row.signingOrder, recipients).filter((r) => r.status === 'not_sent')
  const invited: RecipientRow[] = []
  for (const r of due) {
    const [updated] = await tx
      .update(agreementRecipients)
      .set({ status: 'sent', tokenHash: tokens.hashFor(r.id), sentAt: new Date() })
      .where(and(eq(agreementRecipients.id, r.id), eq(agreementRecipients.status, 'not_sent')))
      .returning()
    if (updated) invited.push(updated)
  }
  return invited
}

/**
 * cc recipients hear only at completion: each gets a link of their own then, in the completing transaction, to
 * read the completed agreement and download its sealed PDF (they have no fields and never act).
 */
export async function inviteCopies(tx: Tx, agreementId: string, tokens: SigningTokens): Promise<void> {
  const copies = (await recipientsOf(tx, agreementId)).filter((r) => r.role === 'cc' && r.status === 'not_sent')
  for (const r of copies)
    await tx
      .update(agreementRecipients)
      .set({ status: 'sent', tokenHash: tokens.hashFor(r.id), sentAt: new Date() })
      .where(and(eq(agreementRecipients.id, r.id), eq(agreementRecipients.status, 'not_sent')))
}

/** Moves the agreement from a state `transition` allows to its next, in the caller's transaction (the row is locked). */
export async function moveAgreement(tx: Tx, row: AgreementRow, values: Partial<typeof agreements.$inferInsert>): Promise<AgreementRow> {
  const [moved] = await tx
    .update(agreements)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(agreements.id, row.id), eq(agreements.status, row.status)))
    .returning()
  if (!moved) throw Conflict('This agreement changed meanwhile: reload it')
  return moved
}

type Deps = {
  db: Db
  jobs: Jobs
  tokens: SigningTokens
  effects: Effects
  news: AgreementNews
  /** A draft made from a library PDF gets its own copy of it when sent. */
  fromLibrary: Pick<LibraryAgreements, 'copyToSend' | 'keepSentVersion'>
  discard: FileStore['discard']
}

/** The sender's moves (send, void) and the product's own (expire, remind), each only from where it is legal. */
export function createLifecycle({ db, jobs, tokens, effects, news, fromLibrary, discard }: Deps) {
  async function send(auth: AuthContext, id: string, origin: Origin): Promise<Agreement> {
    // The library's bytes are copied before the transaction (storage is slow), recorded in it, dropped if it fails.
    const copy = await fromLibrary.copyToSend(await agreementOf(db, auth.user.organizationId, id))
    const sending = db.transaction(async (tx) => {
      let current = await agreementOf(tx, auth.user.organizationId, id, true)
      if (current.template) throw Conflict('A template is not sent: make an agreement from it first')
      if (!allows('send', current.status)) throw Conflict(refusal('send', current.status))
      const [recipients, fields] = await Promise.all([recipientsOf(tx, id), fieldsOf(tx, id)])
      if (!recipients.some(acts)) throw Invalid('recipients: Add at least one signer or approver')
      // A template's placeholder the deal could not fill.
      if (recipients.some((r) => r.email === '')) throw Invalid('recipients: Fill in the name and email of every recipient')
      const bare = recipients.find((r) => r.role === 'signer' && !fields.some((f) => f.recipientId === r.id))
      if (bare) throw Invalid(`fields: Place at least one field for ${bare.name} to sign`)
      if (current.expiresAt && current.expiresAt <= new Date()) throw Invalid('expiresAt: The expiry date has passed: choose a later one')
      if (copy) {
        if (current.originalFileId !== current.libraryFileId) throw Conflict('This agreement changed meanwhile: reload it')
        current = await fromLibrary.keepSentVersion(tx, current, copy, auth.user.id)
      }
      const sent = await moveAgreement(tx, current, { status: 'sent', sentAt: new Date() })
      const invited = await inviteTurn(tx, sent, tokens)
      await audit(tx, id, 'sent', userActor(auth), origin, invited.map((r) => r.email).join(', '))
      return { row: sent, invited }
    })
    const { row, invited } = await sending.catch(async (error: unknown) => {
      if (copy) await discard(copy)
      throw error
    })
    if (row.expiresAt) await jobs.send(QUEUES.expire, { agreementId: row.id }, { startAfter: row.expiresAt, retryLimit: 5 })
    await scheduleReminder(row)
    await effects.after(row, 'sent', { userId: auth.user.id, name: auth.user.name }, () => effects.invite(row, invited))
    return presentAgreement(db, row, tokens, auth.user)
  }

  async function scheduleReminder(row: AgreementRow) {
    if (row.reminderEveryDays)
      await jobs.send(
        QUEUES.remind,
        { agreementId: row.id },
        { startAfter: new Date(Date.now() + row.reminderEveryDays * DAY_MS), retryLimit: 3 },
      )
  }

  async function voidIt(auth: AuthContext, id: string, reason: string, origin: Origin): Promise<Agreement> {
    const { row, told } = await db.transaction(async (tx) => {
      const current = await agreementOf(tx, auth.user.organizationId, id, true)
      authorize(auth.user, 'agreements.void', current)
      if (!allows('void', current.status)) throw Conflict(refusal('void', current.status))
      const voided = await moveAgreement(tx, current, { status: 'voided', voidReason: reason, endedAt: new Date() })
      await audit(tx, id, 'voided', userActor(auth), origin, reason || null)
      const told = (await recipientsOf(tx, id)).filter((r) => r.status === 'sent' || r.status === 'opened' || r.status === 'signed')
      return { row: voided, told }
    })
    await effects.after(row, 'voided', { userId: auth.user.id, name: auth.user.name }, () => effects.voided(row, told, reason))
    return presentAgreement(db, row, tokens, auth.user)
  }

  /** The expiry job, or a recipient's visit after the date: a sent agreement past its date expires. Says whether it did. */
  async function expire(agreementId: string): Promise<boolean> {
    const row = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(agreements).where(eq(agreements.id, agreementId)).for('update')
      if (!current || !allows('expire', current.status) || !current.expiresAt || current.expiresAt > new Date()) return null
      const expired = await moveAgreement(tx, current, { status: 'expired', endedAt: new Date() })
      await audit(tx, agreementId, 'expired', SYSTEM)
      return expired
    })
    if (row) await effects.after(row, 'expired', { name: SYSTEM.name })
    return row !== null
  }

  /**
   * The reminder job: those whose turn it is and who have not acted get the link again, and the next reminder
   * is queued. It stops by itself once the agreement is complete, declined, voided or expired. Says how many it reminded.
   */
  async function remind(agreementId: string): Promise<number> {
    const [row] = await db.select().from(agreements).where(eq(agreements.id, agreementId))
    if (row?.status !== 'sent') return 0
    if (await expire(agreementId)) return 0
    const waiting = inTurn(row.signingOrder, await recipientsOf(db, agreementId)).filter(
      (r) => acts(r) && (r.status === 'sent' || r.status === 'opened'),
    )
    if (waiting.length) {
      await db
        .update(agreementRecipients)
        .set({ remindedAt: new Date() })
        .where(
          inArray(
            agreementRecipients.id,
            waiting.map((r) => r.id),
          ),
        )
      for (const r of waiting) await audit(db, agreementId, 'reminded', SYSTEM, undefined, r.email)
      // Not a step on the deal's timeline, but the agreement's page shows its audit log live.
      news.changed(row)
      await effects.invite(row, waiting, 'reminder')
    }
    await scheduleReminder(row)
    return waiting.length
  }

  async function start() {
    await jobs.createQueue(QUEUES.remind)
    await jobs.work<{ agreementId: string }>(QUEUES.remind, { pollingIntervalSeconds: 5 }, async ([job]) => {
      if (job) await remind(job.data.agreementId)
    })
    await jobs.createQueue(QUEUES.expire)
    await jobs.work<{ agreementId: string }>(QUEUES.expire, { pollingIntervalSeconds: 5 }, async ([job]) => {
      if (job) await expire(job.data.agreementId)
    })
  }

  return { send, void: voidIt, expire, remind, start }
}

export type Lifecycle = ReturnType<typeof createLifecycle>
