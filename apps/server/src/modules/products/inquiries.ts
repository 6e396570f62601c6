import { type ProductInquiry, ProductSocketEvents } from '@closeroom/shared'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { clients, dealContacts, dealLines, deals, eventTypes, users } from '../../db/schema/index.ts'
import type { Realtime } from '../../realtime/server.ts'
import type { AutomationsModule } from '../automations/module.ts'
import { writeActivity } from '../deals/activities.ts'
import { endOfColumn, lockStage } from '../deals/placement.ts'
import { summaryOf } from '../deals/present.ts'
import { ensureStages, type Tx } from '../deals/stages.ts'
import type { Notifications } from '../notifications/service.ts'
import { publishedProduct } from './room.ts'

type Input = z.output<typeof ProductInquiry>
type ProductRow = Awaited<ReturnType<typeof publishedProduct>>

type Deps = {
  db: Db
  realtime: Pick<Realtime, 'toOrganization'>
  notifications: Pick<Notifications, 'send'>
  automations: Pick<AutomationsModule, 'fire'>
}

/**
 * The "talk to sales" form of a product room: the visitor becomes a client (the one with their email, if the
 * organization knows them) on a new deal for the product, in the pipeline's first open stage, owned by whoever
 * the room books meetings with, else the organization's owner. The buyer is answered with a thank-you only.
 */
export function createInquiryService({ db, realtime, notifications, automations }: Deps) {
  async function ownerOf(tx: Tx, product: ProductRow): Promise<{ id: string }> {
    const active = and(eq(users.organizationId, product.organizationId), eq(users.status, 'active'))
    if (product.roomEventTypeId) {
      const [host] = await tx
        .select({ id: users.id })
        .from(eventTypes)
        .innerJoin(users, eq(users.id, eventTypes.ownerId))
        .where(and(eq(eventTypes.id, product.roomEventTypeId), active))
      if (host) return host
    }
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(active, eq(users.role, 'owner')))
      .orderBy(asc(users.createdAt))
      .limit(1)
    if (!owner) throw new Error(`organization ${product.organizationId} has no active owner`)
    return owner
  }

  /** The organization's earliest client with this email, its empty phone and company filled in; else a new client. */
  async function clientFor(tx: Tx, organizationId: string, input: Input): Promise<string> {
    const [known] = await tx
      .select()
      .from(clients)
      .where(and(eq(clients.organizationId, organizationId), sql`lower(${clients.email}) = ${input.email}`))
      .orderBy(asc(clients.createdAt), asc(clients.id))
      .limit(1)
    if (known) {
      const blanks = { phone: known.phone || input.phone, company: known.company || input.company }
      if (blanks.phone !== known.phone || blanks.company !== known.company)
        await tx.update(clients).set(blanks).where(eq(clients.id, known.id))
      return known.id
    }
    const [created] = await tx
      .insert(clients)
      .values({ organizationId, name: input.name, email: input.email, phone: input.phone, company: input.company })
      .returning({ id: clients.id })
    if (!created) throw new Error('client insert returned nothing')
    return created.id
  }

  async function submit(roomId: string, input: Input): Promise<void> {
    const product = await publishedProduct(db, roomId)
    const { organizationId } = product
    const stages = await ensureStages(db, organizationId)
    const stage = stages.find((s) => s.kind === 'open') ?? stages[0]
    if (!stage) throw new Error(`organization ${organizationId} has no pipeline stage`)
    const dealName = `${input.company || input.name} — ${product.name}`

    const { dealId, clientId, ownerId } = await db.transaction(async (tx) => {
      const owner = await ownerOf(tx, product)
      const clientId = await clientFor(tx, organizationId, input)
      await lockStage(tx, stage.id)
      const [deal] = await tx
        .insert(deals)
        .values({
          organizationId,
          name: dealName,
          company: input.company,
          ownerId: owner.id,
          stageId: stage.id,
          amount: product.price,
          currency: product.currency,
          notes: input.message,
          position: await endOfColumn(tx, stage.id),
        })
        .returning({ id: deals.id })
      if (!deal) throw new Error('deal insert returned nothing')
      await tx.insert(dealContacts).values({ dealId: deal.id, clientId, organizationId })
      await tx.insert(dealLines).values({ dealId: deal.id, productId: product.id, organizationId, quantity: 1, unitPrice: product.price })
      // No member made it: the timeline says who asked, about what, and what they wrote.
      await writeActivity(tx, deal.id, 'created', null, {
        stage: stage.name,
        via: 'product_room',
        product: product.name,
        name: input.name,
        message: input.message,
      })
      return { dealId: deal.id, clientId, ownerId: owner.id }
    })

    realtime.toOrganization(organizationId, ProductSocketEvents.dealsChanged, { deal: await summaryOf(db, organizationId, dealId) })
    await notifications.send(
      {
        userId: ownerId,
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
