import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { actionSteps, deals, salesroomLinks, salesroomMessages, salesrooms } from '../../db/schema/index.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/**
 * The demo's published room at /d/demo, for the Northwind pilot: a welcome, two links, a mutual action
 * plan with steps on both sides, pricing from the deal's lines, and a first message from the buyer.
 */
export async function seedSalesroom(tx: Tx, organizationId: string) {
  const [deal] = await tx
    .select({ id: deals.id })
    .from(deals)
    .where(and(eq(deals.organizationId, organizationId), eq(deals.name, 'Northwind pilot')))
  if (!deal) return
  await tx.insert(salesrooms).values({
    dealId: deal.id,
    organizationId,
    publicId: 'demo',
    title: 'Northwind × Acme Sales',
    welcome:
      'Hello Northwind team,\n\nEverything for your pilot lives here: the plan we agreed, pricing and a chat with us. Book a call whenever it suits you.',
    published: true,
  })
  await tx.insert(salesroomLinks).values([
    { dealId: deal.id, title: 'Security and data protection overview', url: 'https://closeroom.example/security' },
    { dealId: deal.id, title: 'Pilot success criteria', url: 'https://closeroom.example/pilot' },
  ])
  await tx.insert(actionSteps).values([
    { dealId: deal.id, title: 'Kick-off call', side: 'seller', ownerName: 'Olivia Owner', dueDate: inDays(-3), done: true },
    { dealId: deal.id, title: 'Share success criteria', side: 'buyer', ownerName: 'Bea Buyer', dueDate: inDays(4), done: false },
    { dealId: deal.id, title: 'Security review', side: 'buyer', ownerName: 'Northwind IT', dueDate: inDays(14), done: false },
    { dealId: deal.id, title: 'Send the order form', side: 'seller', ownerName: 'Olivia Owner', dueDate: inDays(21), done: false },
  ])
  await tx.insert(salesroomMessages).values({
    dealId: deal.id,
    side: 'buyer',
    authorName: 'Bea Buyer',
    visitorEmail: 'bea@northwind.example',
    body: 'Thanks! Could the pilot start with ten seats?',
  })
}
