import { currencyExponent, type InvoiceSettings, type PublicRoomInvoice } from '@closeroom/shared'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import { invoiceSettings, invoices } from '../../db/schema/index.ts'
import { NotFound } from '../../http/errors.ts'
import { fetchLogo } from '../../lib/logo.ts'
import type { Outbound } from '../../lib/outbound.ts'
import { authorize } from '../../permissions.ts'
import type { AuthContext } from '../auth/module.ts'
import type { DealsModule } from '../deals/module.ts'
import { layout, type Mailer } from '../mail/module.ts'
import type { WebhookEmit } from '../webhooks/module.ts'
import { createDraftService } from './drafts.ts'
import { createLifecycle } from './lifecycle.ts'
import { INVOICE_NOT_FOUND, type InvoiceRow, invoiceOf, presentInvoice, publicPdfPath, settingsOf } from './present.ts'
import { formatDay, formatMoney, INVOICE_TEXTS } from './texts.ts'

type Deps = {
  db: Db
  mailer: Mailer
  deals: Pick<DealsModule, 'recordActivity'>
  appUrl: string
  /** How the organization's logo is fetched for the PDF (only public addresses: lib/outbound.ts). */
  outbound: Outbound
  emit: WebhookEmit
  log: FastifyBaseLogger
}

/**
 * Invoices, assembled: drafts (by hand or from a won deal), the lifecycle (send with its number, paid, void), the
 * PDF in the organization's branding, the buyer's email and the deal's sales room list. Other modules see only this file.
 */
export function createInvoicesModule({ db, mailer, deals, appUrl, outbound, emit, log }: Deps) {
  const drafts = createDraftService({ db })

  /** The invoice's PDF: the PDF stack is loaded when it is first needed. */
  async function pdfOf(row: InvoiceRow) {
    const invoice = await presentInvoice(db, row)
    const [{ invoicePdf }, logo] = await Promise.all([import('./pdf.ts'), fetchLogo(invoice.seller.logoUrl, outbound, log)])
    return { invoice, bytes: await invoicePdf(invoice, logo) }
  }

  const fileName = (row: InvoiceRow) => `${row.number ?? 'draft-invoice'}.pdf`

  /** The sent invoice to its buyer, in their language, its PDF attached and a link to it. */
  async function deliver(row: InvoiceRow) {
    const { invoice, bytes } = await pdfOf(row)
    const texts = INVOICE_TEXTS[row.language]
    const url = `${appUrl}${publicPdfPath(row.publicToken ?? '')}`
    const email = texts.email({
      buyerName: row.buyerName,
      organizationName: invoice.seller.name,
      number: row.number ?? '',
      total: formatMoney(row.total, row.currency, currencyExponent(row.currency), row.language),
      due: formatDay(row.dueDate, row.language),
    })
    const html = layout(email.lines, { label: email.label, url })
    await mailer.send({
      to: row.buyerEmail,
      organizationId: row.organizationId,
      subject: email.subject.replace(/[\r\n]+/g, ' '),
      text: `${email.lines.join('\n\n')}\n\n${email.label}: ${url}\n`,
      html:
        row.language === 'ar'
          ? `<div dir="rtl" lang="ar">${html}</div>`
          : `<div lang="${row.language === 'cn' ? 'zh-Hans' : row.language}">${html}</div>`,
      attachments: [
        { filename: fileName(row), contentType: 'application/pdf', content: Buffer.from(bytes).toString('base64'), encoding: 'base64' },
      ],
    })
  }

  const lifecycle = createLifecycle({ db, deals, deliver, emit, log })

  /** The PDF for a member of the organization, drafts included. */
  async function pdf(auth: AuthContext, id: string) {
    const row = await invoiceOf(db, auth.user.organizationId, id)
    return { name: fileName(row), bytes: (await pdfOf(row)).bytes }
  }

  /** The PDF for whoever holds the buyer's link: sent and paid invoices only. */
  async function publicPdf(token: string) {
    const [row] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.publicToken, token), inArray(invoices.status, ['sent', 'paid'])))
    if (!row) throw NotFound(INVOICE_NOT_FOUND)
    return { name: fileName(row), bytes: (await pdfOf(row)).bytes }
  }

  const settings = {
    get: (auth: AuthContext) => settingsOf(db, auth.user.organizationId),
    async update(auth: AuthContext, input: InvoiceSettings) {
      authorize(auth.user, 'invoices.configure')
      await db
        .insert(invoiceSettings)
        .values({ organizationId: auth.user.organizationId, ...input })
        .onConflictDoUpdate({ target: invoiceSettings.organizationId, set: input })
      return settingsOf(db, auth.user.organizationId)
    },
  }

  /** The deal's invoices as its sales room lists them: sent and paid ones, never drafts or voided ones. */
  async function roomInvoices(dealId: string): Promise<PublicRoomInvoice[]> {
    const rows = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.dealId, dealId), inArray(invoices.status, ['sent', 'paid'])))
      .orderBy(asc(invoices.sentAt), asc(invoices.id))
    return rows.flatMap((row) =>
      row.number && row.publicToken && (row.status === 'sent' || row.status === 'paid')
        ? [
            {
              number: row.number,
              status: row.status,
              currency: row.currency,
              total: row.total,
              issueDate: row.issueDate,
              dueDate: row.dueDate,
              pdfUrl: publicPdfPath(row.publicToken),
            },
          ]
        : [],
    )
  }

  return { drafts, lifecycle, pdf, publicPdf, settings, roomInvoices }
}

export type InvoicesModule = ReturnType<typeof createInvoicesModule>
