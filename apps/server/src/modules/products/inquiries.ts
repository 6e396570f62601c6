import type { ProductInquiry } from '@closeroom/shared'
import { and, asc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { eventTypes, users } from '../../db/schema/index.ts'
import type { ClientsModule } from '../clients/module.ts'
import type { DealsModule } from '../deals/module.ts'
import type { Notifications } from '../notifications/module.ts'
import { publishedProduct } from './room.ts'

type Input = z.output<typeof ProductInquiry>
type ProductRow = Awaited<ReturnType<typeof publishedProduct>>

type Deps = {
  db: Db
  deals: Pick<DealsModule, 'open'>
  clients: Pick<ClientsModule, 'findOrCreateByEmail'>
  notifications: Pick<Notifications, 'send'>
  /** The product's automations (they sit above products, whose rules they run). */
  automations: {
    fire(event: {
      organizationId: string
      productId: string
      trigger: 'product_form_submitted'
      event: { name: string; email: string; company: string; clientId: string; dealId: string }
    }): Promise<void>
  }
}

/**
 * The "talk to sales" form of a product room: the visitor becomes a client (the one with their email, if the
 * organization knows them) on a new deal for the product, in the pipeline's first open stage, owned by whoever
 * the room books meetings with, else the organization's owner. The buyer is answered with a thank-you only.
 */
export function createInquiryService({ db, deals, clients, notifications, automations }: Deps) {
  async function ownerOf(product: ProductRow): Promise<{ id: string }> {
    const active = and(eq(users.organizationId, product.organizationId), eq(users.status, 'active'))
    if (product.roomEventTypeId) {
      const [host] = await db
        .select({ id: users.id })
        .from(eventTypes)
        .innerJoin(users, eq(users.id, eventTypes.ownerId))
        .where(and(eq(eventTypes.id, product.roomEventTypeId), active))
      if (host) return host
    }
    const [owner] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(active, eq(users.role, 'owner')))
      .orderBy(asc(users.createdAt))
      .limit(1)
    if (!owner) throw new Error(`organization ${product.organizationId} has no active owner`)
    return owner
  }

  async function submit(roomId: string, input: Input): Promise<void> {
    const product = await publishedProduct(db, roomId)
    const { organizationId } = product
    const dealName = `${input.company || input.name} — ${product.name}`
    const owner = await ownerOf(product)
    const clientId = await clients.findOrCreateByEmail(organizationId, input)
    // No member made it: the timeline says who asked, about what, and what they wrote.
    const { id: dealId } = await deals.open({
      organizationId,
      name: dealName,
      company: input.company,
      ownerId: owner.id,
      clientId,
      product,
      notes: input.message,
      origin: { via: 'product_room', product: product.name, name: input.name, message: input.message },
      originProductId: product.id,
    })
    await notifications.send(
      {
        userId: owner.id,
        kind: 'product-inquiry',
        data: { name: input.name, product: product.name, deal: dealName },
        url: `/deals/${dealId}`,
      },
      { dealId, dealName, product: product.name, from: input.name },
    )
    await automations.fire({
      organizationId,
      productId: product.id,
      trigger: 'product_form_submitted',
      event: { name: input.name, email: input.email, company: input.company, clientId, dealId },
    })
  }

  return { submit }
}

export type InquiryService = ReturnType<typeof createInquiryService>
