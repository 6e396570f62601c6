import { and, asc, eq, ne } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import { clients, dealContacts, dealLines, deals, organizations, products, users } from '../../db/schema/index.ts'
import { NotFound } from '../../http/errors.ts'
import { fetchLogo } from '../../lib/logo.ts'
import type { Outbound } from '../../lib/outbound.ts'
import type { OrderForm } from './pdf/order-form.ts'

// Organizations have no brand colour of their own (only a name and a logo): the product's green.
const BRAND_GREEN = '#00a76f'

/**
 * The deal's order form as a PDF: its lines, quantities, prices and totals in its currency, the client's details
 * (the deal's company when it has no client with an email) and the organization's name and logo, in the language
 * of the member making it. Deals carry no discounts or taxes yet, so the form shows none.
 */
export async function dealOrderForm(
  db: Db,
  organizationId: string,
  dealId: string,
  memberId: string,
  net: { outbound: Outbound; log: FastifyBaseLogger },
): Promise<Uint8Array> {
  const [deal] = await db
    .select({
      name: deals.name,
      company: deals.company,
      currency: deals.currency,
      organizationName: organizations.name,
      logoUrl: organizations.logoUrl,
    })
    .from(deals)
    .innerJoin(organizations, eq(organizations.id, deals.organizationId))
    .where(and(eq(deals.id, dealId), eq(deals.organizationId, organizationId)))
  if (!deal) throw NotFound('dealId: Deal not found')
  const [lines, [client], [member], logo] = await Promise.all([
    db
      .select({ name: products.name, description: products.description, quantity: dealLines.quantity, unitPrice: dealLines.unitPrice })
      .from(dealLines)
      .innerJoin(products, eq(products.id, dealLines.productId))
      .where(eq(dealLines.dealId, dealId))
      .orderBy(asc(dealLines.position), asc(products.name)),
    db
      .select({ name: clients.name, email: clients.email, company: clients.company, phone: clients.phone })
      .from(dealContacts)
      .innerJoin(clients, eq(clients.id, dealContacts.clientId))
      .where(and(eq(dealContacts.dealId, dealId), ne(clients.email, '')))
      .orderBy(asc(clients.name), asc(clients.id))
      .limit(1),
    db.select({ locale: users.locale }).from(users).where(eq(users.id, memberId)),
    fetchLogo(deal.logoUrl, net.outbound, net.log),
  ])
  const priced = lines.map((line) => ({ ...line, discount: 0, total: line.quantity * line.unitPrice }))
  const subtotal = priced.reduce((sum, line) => sum + line.total, 0)
  const form: OrderForm = {
    organization: { name: deal.organizationName, logo, brandColor: BRAND_GREEN },
    client: client
      ? { name: client.name, email: client.email, company: client.company || deal.company, phone: client.phone || undefined }
      : { name: deal.company || deal.name, company: deal.company || undefined },
    deal: { title: deal.name, currency: deal.currency, lines: priced, subtotal, discounts: 0, tax: null, total: subtotal },
    issuedOn: new Date().toISOString().slice(0, 10),
    locale: member?.locale ?? 'en',
  }
  // The PDF stack is loaded when it is first needed (see drafts.ts).
  const { orderFormPdf } = await import('./pdf/order-form.ts')
  return orderFormPdf(form)
}
