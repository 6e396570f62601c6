import { type InvoiceInput, type InvoiceInput as InvoiceInputSchema, type InvoicePrefill, priceInvoice } from '@closeroom/shared'
import { and, asc, desc, eq, ilike, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db, Tx } from '../../db/client.ts'
import { clients, dealContacts, dealLines, deals, invoiceLines, invoices, pipelineStages, products, users } from '../../db/schema/index.ts'
import { Conflict, Invalid, NotFound } from '../../http/errors.ts'
import type { AuthContext } from '../auth/module.ts'
import { invoiceOf, presentInvoice, presentSummary } from './present.ts'

type Input = z.output<typeof InvoiceInputSchema>
type ListQuery = { status?: 'draft' | 'sent' | 'paid' | 'void'; q?: string; dealId?: string; limit: number; cursor?: string }

const Cursor = z.object({ t: z.string().max(64), id: z.uuid() })
function decodeCursor(raw: string) {
  try {
    return Cursor.parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')))
  } catch {
    throw Invalid('cursor: Not a cursor of this list')
  }
}

const today = () => new Date().toISOString().slice(0, 10)
const inDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
/** Escapes LIKE's wildcards in what a person typed. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** Drafting invoices: list, read, create (by hand or from a won deal), edit and delete while a draft. */
export function createDraftService({ db }: { db: Db }) {
  /** The deal if it is the organization's, else a 404 naming the field. */
  async function dealOf(tx: Db | Tx, organizationId: string, dealId: string) {
    const [deal] = await tx
      .select({ id: deals.id, name: deals.name, company: deals.company, currency: deals.currency, kind: pipelineStages.kind })
      .from(deals)
      .innerJoin(pipelineStages, eq(pipelineStages.id, deals.stageId))
      .where(and(eq(deals.id, dealId), eq(deals.organizationId, organizationId)))
    if (!deal) throw NotFound('dealId: Deal not found')
    return deal
  }

  /** Lines, with their amounts computed once here; the stored totals are their sums. */
  async function writeLines(tx: Tx, invoiceId: string, organizationId: string, input: Input) {
    const productIds = [...new Set(input.lines.flatMap((line) => (line.productId ? [line.productId] : [])))]
    if (productIds.length) {
      const known = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(inArray(products.id, productIds), eq(products.organizationId, organizationId)))
      const missing = input.lines.findIndex((line) => line.productId && !known.some((p) => p.id === line.productId))
      if (missing >= 0) throw NotFound(`lines.${missing}.productId: Product not found`)
    }
    const priced = priceInvoice(input.lines)
    await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId))
    await tx.insert(invoiceLines).values(
      priced.lines.map((line, position) => ({
        invoiceId,
        position,
        description: line.description,
        productId: line.productId,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        discount: line.discount,
        taxRate: line.taxRate,
        net: line.net,
        tax: line.tax,
        total: line.total,
      })),
    )
    return { subtotal: priced.subtotal, tax: priced.tax, total: priced.total }
  }

  const fields = (input: Input) => ({
    dealId: input.dealId,
    buyerName: input.buyer.name,
    buyerEmail: input.buyer.email,
    buyerCompany: input.buyer.company,
    buyerAddress: input.buyer.address,
    currency: input.currency,
    language: input.language,
    issueDate: input.issueDate,
    dueDate: input.dueDate,
    notes: input.notes,
  })

  async function list(auth: AuthContext, query: ListQuery) {
    const organizationId = auth.user.organizationId
    const conditions: (SQL | undefined)[] = [eq(invoices.organizationId, organizationId)]
    if (query.status) conditions.push(eq(invoices.status, query.status))
    if (query.dealId) conditions.push(eq(invoices.dealId, query.dealId))
    if (query.q) {
      const like = likeText(query.q)
      conditions.push(
        or(
          ilike(invoices.number, like),
          ilike(invoices.buyerName, like),
          ilike(invoices.buyerCompany, like),
          ilike(invoices.buyerEmail, like),
          ilike(deals.name, like),
        ),
      )
    }
    const after = query.cursor ? decodeCursor(query.cursor) : null
    if (after)
      conditions.push(
        or(
          lt(invoices.createdAt, sql`${after.t}::timestamptz`),
          and(eq(invoices.createdAt, sql`${after.t}::timestamptz`), lt(invoices.id, after.id)),
        ),
      )
    const rows = await db
      .select({
        t: sql<string>`${invoices.createdAt}::text`,
        id: invoices.id,
        number: invoices.number,
        status: invoices.status,
        currency: invoices.currency,
        issueDate: invoices.issueDate,
        dueDate: invoices.dueDate,
        total: invoices.total,
        createdAt: invoices.createdAt,
        buyerName: invoices.buyerName,
        buyerCompany: invoices.buyerCompany,
        dealId: invoices.dealId,
        dealName: deals.name,
        creatorId: invoices.createdById,
        creatorName: users.name,
      })
      .from(invoices)
      .leftJoin(deals, eq(deals.id, invoices.dealId))
      .leftJoin(users, eq(users.id, invoices.createdById))
      .where(and(...conditions))
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(query.limit + 1)
    const page = rows.slice(0, query.limit)
    const last = page.at(-1)
    const nextCursor =
      rows.length > query.limit && last ? Buffer.from(JSON.stringify({ t: last.t, id: last.id })).toString('base64url') : null
    return { invoices: page.map(presentSummary), nextCursor }
  }

  async function get(auth: AuthContext, id: string) {
    return presentInvoice(db, await invoiceOf(db, auth.user.organizationId, id))
  }

  async function create(auth: AuthContext, input: Input) {
    const organizationId = auth.user.organizationId
    const id = await db.transaction(async (tx) => {
      if (input.dealId) await dealOf(tx, organizationId, input.dealId)
      const [row] = await tx
        .insert(invoices)
        .values({ ...fields(input), organizationId, createdById: auth.user.id, subtotal: 0, tax: 0, total: 0 })
        .returning({ id: invoices.id })
      if (!row) throw new Error('invoice insert returned nothing')
      const totals = await writeLines(tx, row.id, organizationId, input)
      await tx.update(invoices).set(totals).where(eq(invoices.id, row.id))
      return row.id
    })
    return get(auth, id)
  }

  /** A draft's whole content again; a sent invoice is a record and stays as sent. */
  async function update(auth: AuthContext, id: string, input: Input) {
    const organizationId = auth.user.organizationId
    await db.transaction(async (tx) => {
      const row = await invoiceOf(tx, organizationId, id, { lock: true })
      if (row.status !== 'draft') throw Conflict(`Invoice ${row.number} was sent: it can no longer be edited (void it and make a new one)`)
      if (input.dealId) await dealOf(tx, organizationId, input.dealId)
      const totals = await writeLines(tx, id, organizationId, input)
      await tx
        .update(invoices)
        .set({ ...fields(input), ...totals, updatedAt: new Date() })
        .where(eq(invoices.id, id))
    })
    return get(auth, id)
  }

  async function remove(auth: AuthContext, id: string) {
    await db.transaction(async (tx) => {
      const row = await invoiceOf(tx, auth.user.organizationId, id, { lock: true })
      if (row.status !== 'draft') throw Conflict(`Invoice ${row.number} was sent: it is kept (void it instead)`)
      await tx.delete(invoices).where(eq(invoices.id, id))
    })
  }

  /**
   * What a won deal puts on a new invoice: its lines at their prices, its currency, its first contact with an
   * email as the buyer (the deal's company otherwise), issued today, due in 30 days, in the member's language.
   */
  async function fromDeal(auth: AuthContext, dealId: string): Promise<InvoicePrefill> {
    const organizationId = auth.user.organizationId
    const deal = await dealOf(db, organizationId, dealId)
    if (deal.kind !== 'won')
      throw Conflict('dealId: Only a won deal is invoiced from its lines; make the invoice by hand or win the deal first')
    const [lines, [contact]] = await Promise.all([
      db
        .select({ productId: products.id, name: products.name, quantity: dealLines.quantity, unitPrice: dealLines.unitPrice })
        .from(dealLines)
        .innerJoin(products, eq(products.id, dealLines.productId))
        .where(eq(dealLines.dealId, dealId))
        .orderBy(asc(dealLines.position), asc(products.name)),
      db
        .select({ name: clients.name, email: clients.email, company: clients.company })
        .from(dealContacts)
        .innerJoin(clients, eq(clients.id, dealContacts.clientId))
        .where(and(eq(dealContacts.dealId, dealId), ne(clients.email, '')))
        .orderBy(asc(clients.name), asc(clients.id))
        .limit(1),
    ])
    const issueDate = today()
    return {
      dealId,
      buyer: contact
        ? { name: contact.name, email: contact.email, company: contact.company || deal.company, address: '' }
        : { name: deal.company || deal.name, email: '', company: deal.company, address: '' },
      currency: deal.currency,
      language: auth.user.locale,
      issueDate,
      dueDate: inDays(issueDate, 30),
      notes: '',
      lines: lines.map((line) => ({
        description: line.name,
        productId: line.productId,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        discount: 0,
        taxRate: 0,
      })),
    }
  }

  return { list, get, create, update, remove, fromDeal }
}

export type DraftService = ReturnType<typeof createDraftService>
export type { InvoiceInput }
