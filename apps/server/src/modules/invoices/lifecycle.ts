import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db, Tx } from '../../db/client.ts'
import { invoiceSettings, invoices } from '../../db/schema/index.ts'
import { Conflict, Invalid } from '../../http/errors.ts'
import { authorize } from '../../permissions.ts'
import type { AuthContext } from '../auth/module.ts'
import type { DealsModule } from '../deals/module.ts'
import type { WebhookEmit } from '../webhooks/module.ts'
import { type InvoiceRow, invoiceOf, presentInvoice } from './present.ts'

type Deps = {
  db: Db
  deals: Pick<DealsModule, 'recordActivity'>
  /** Emails the sent invoice, its PDF attached, to the buyer. */
  deliver: (invoice: InvoiceRow) => Promise<void>
  emit: WebhookEmit
  log: FastifyBaseLogger
}

/**
 * The organization's next invoice number, taken inside the caller's transaction: the counter row is created once,
 * then `UPDATE … RETURNING` increments it under its row lock, so concurrent senders queue and each gets the next
 * number; a transaction that rolls back gives its number back, so the sequence has neither gaps nor duplicates.
 */
export async function nextInvoiceNumber(tx: Tx, organizationId: string, issueDate: string) {
  await tx.insert(invoiceSettings).values({ organizationId }).onConflictDoNothing()
  const [row] = await tx
    .update(invoiceSettings)
    .set({ lastNumber: sql`${invoiceSettings.lastNumber} + 1` })
    .where(eq(invoiceSettings.organizationId, organizationId))
    .returning({ sequence: invoiceSettings.lastNumber, prefix: invoiceSettings.prefix })
  if (!row) throw new Error('the invoice counter row is missing')
  return { sequence: row.sequence, number: `${row.prefix}${issueDate.slice(0, 4)}-${String(row.sequence).padStart(4, '0')}` }
}

/** An invoice's life after drafting: sent (numbered and emailed), then paid, or voided. */
export function createLifecycle({ db, deals, deliver, emit, log }: Deps) {
  /** The step on the deal's timeline; a failure there is logged, the step itself has happened. */
  async function onTimeline(row: InvoiceRow, step: 'sent' | 'paid' | 'voided', actorId: string) {
    if (!row.dealId) return
    try {
      await deals.recordActivity({
        organizationId: row.organizationId,
        dealId: row.dealId,
        kind: 'invoice',
        actorId,
        data: { invoiceId: row.id, title: row.number, step },
      })
    } catch (error) {
      log.error({ err: error, invoiceId: row.id, step }, 'an invoice step could not be put on its deal’s timeline')
    }
  }

  async function send(auth: AuthContext, id: string) {
    const organizationId = auth.user.organizationId
    const sent = await db.transaction(async (tx) => {
      const row = await invoiceOf(tx, organizationId, id, { lock: true })
      if (row.status !== 'draft') throw Conflict(`Invoice ${row.number} was sent already`)
      if (!row.buyerEmail) throw Invalid("buyer.email: Add the buyer's email to send the invoice")
      const { sequence, number } = await nextInvoiceNumber(tx, organizationId, row.issueDate)
      const [updated] = await tx
        .update(invoices)
        .set({
          status: 'sent',
          sequence,
          number,
          publicToken: randomBytes(24).toString('base64url'),
          sentAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(invoices.id, id))
        .returning()
      if (!updated) throw new Error('invoice update returned nothing')
      return updated
    })
    try {
      await deliver(sent)
    } catch (error) {
      log.error({ err: error, invoiceId: id }, 'a sent invoice’s email could not be queued')
    }
    await onTimeline(sent, 'sent', auth.user.id)
    const invoice = await presentInvoice(db, sent)
    await emit(organizationId, 'invoice.sent', invoice)
    return invoice
  }

  /** Paid or void, from sent only, by owners and admins. */
  async function settle(auth: AuthContext, id: string, to: 'paid' | 'void') {
    authorize(auth.user, 'invoices.settle')
    const row = await db.transaction(async (tx) => {
      const current = await invoiceOf(tx, auth.user.organizationId, id, { lock: true })
      if (current.status === 'draft')
        throw Conflict(to === 'paid' ? 'A draft cannot be paid: send it first' : 'A draft is deleted, not voided')
      if (current.status === 'paid') throw Conflict(`Invoice ${current.number} is paid already`)
      if (current.status === 'void') throw Conflict(`Invoice ${current.number} is void`)
      const now = new Date()
      const [updated] = await tx
        .update(invoices)
        .set(to === 'paid' ? { status: 'paid', paidAt: now, updatedAt: now } : { status: 'void', voidedAt: now, updatedAt: now })
        .where(eq(invoices.id, id))
        .returning()
      if (!updated) throw new Error('invoice update returned nothing')
      return updated
    })
    await onTimeline(row, to === 'paid' ? 'paid' : 'voided', auth.user.id)
    const invoice = await presentInvoice(db, row)
    if (to === 'paid') await emit(row.organizationId, 'invoice.paid', invoice)
    return invoice
  }

  return {
    send,
    markPaid: (auth: AuthContext, id: string) => settle(auth, id, 'paid'),
    void: (auth: AuthContext, id: string) => settle(auth, id, 'void'),
  }
}

export type InvoiceLifecycle = ReturnType<typeof createLifecycle>
