import type { ProductInquiry } from '@closeroom/shared'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import type { ClientsModule } from '../clients/module.ts'
import type { DealsModule } from '../deals/module.ts'
import type { Notifications } from '../notifications/module.ts'
import { publishedProduct, roomOwnerOf } from './room.ts'

type Input = z.output<typeof ProductInquiry>

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
  async function submit(roomId: string, input: Input): Promise<void> {
    const product = await publishedProduct(db, roomId)
    const { organizationId } = product
    const dealName = `${input.company || input.name} — ${product.name}`
    const owner = await roomOwnerOf(db, product)
    if (!owner) throw new Error(`organization ${organizationId} has no active owner`)
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
