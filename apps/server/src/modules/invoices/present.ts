import type { Invoice, InvoiceSummary } from '@closeroom/shared'
import { and, asc, eq } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { deals, invoiceLines, invoiceSettings, invoices, organizations, users } from '../../db/schema/index.ts'
import { NotFound } from '../../http/errors.ts'

export type InvoiceRow = typeof invoices.$inferSelect
export const INVOICE_NOT_FOUND = 'Invoice not found'

export const DEFAULT_SETTINGS = { prefix: 'INV-', address: '', brandColor: '#00a76f' }

/** The organization's invoicing settings, the defaults until an admin saves them. */
export async function settingsOf(db: Db | Tx, organizationId: string) {
  const [row] = await db.select().from(invoiceSettings).where(eq(invoiceSettings.organizationId, organizationId))
  return row ? { prefix: row.prefix, address: row.address, brandColor: row.brandColor } : DEFAULT_SETTINGS
}

/** The invoice if it is the organization's; another organization's reads as not found. */
export async function invoiceOf(db: Db | Tx, organizationId: string, id: string, { lock = false } = {}): Promise<InvoiceRow> {
  const query = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.organizationId, organizationId)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw NotFound(INVOICE_NOT_FOUND)
  return row
}

export const publicPdfPath = (token: string) => `/api/public/invoices/${token}/pdf`

/** The whole invoice as the API answers it: its lines, its deal, who made it and the seller as printed. */
export async function presentInvoice(db: Db | Tx, row: InvoiceRow): Promise<Invoice> {
  const [lines, [deal], [creator], [org], settings] = await Promise.all([
    db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, row.id)).orderBy(asc(invoiceLines.position)),
    row.dealId ? db.select({ id: deals.id, name: deals.name }).from(deals).where(eq(deals.id, row.dealId)) : [],
    row.createdById ? db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, row.createdById)) : [],
    db
      .select({ name: organizations.name, logoUrl: organizations.logoUrl })
      .from(organizations)
      .where(eq(organizations.id, row.organizationId)),
    settingsOf(db, row.organizationId),
  ])
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    deal: deal ?? null,
    buyer: { name: row.buyerName, email: row.buyerEmail, company: row.buyerCompany, address: row.buyerAddress },
    currency: row.currency,
    language: row.language,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    notes: row.notes,
    lines: lines.map((line) => ({
      description: line.description,
      productId: line.productId,
      quantity: Number(line.quantity),
      unitPrice: line.unitPrice,
      discount: line.discount,
      taxRate: line.taxRate,
      net: line.net,
      tax: line.tax,
      total: line.total,
    })),
    subtotal: row.subtotal,
    tax: row.tax,
    total: row.total,
    createdBy: creator ?? null,
    seller: { name: org?.name ?? '', address: settings.address, logoUrl: org?.logoUrl ?? null, brandColor: settings.brandColor },
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    voidedAt: row.voidedAt?.toISOString() ?? null,
    pdfUrl: `/api/invoices/${row.id}/pdf`,
    publicPdfUrl: row.publicToken && (row.status === 'sent' || row.status === 'paid') ? publicPdfPath(row.publicToken) : null,
  }
}

export type SummaryRow = Pick<
  InvoiceRow,
  'id' | 'number' | 'status' | 'currency' | 'issueDate' | 'dueDate' | 'total' | 'createdAt' | 'buyerName' | 'buyerCompany'
> & { dealId: string | null; dealName: string | null; creatorId: string | null; creatorName: string | null }

export function presentSummary(row: SummaryRow): InvoiceSummary {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    deal: row.dealId && row.dealName !== null ? { id: row.dealId, name: row.dealName } : null,
    buyer: { name: row.buyerName, company: row.buyerCompany },
    currency: row.currency,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    total: row.total,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.creatorId && row.creatorName !== null ? { id: row.creatorId, name: row.creatorName } : null,
  }
}
