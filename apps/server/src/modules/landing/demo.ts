import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { landingPages, products } from '../../db/schema/index.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** The demo's published landing page at /l/demo: every demo product, cheapest first, Olivia's page and the Enterprise team's. */
export async function seedLandingPage(tx: Tx, organizationId: string) {
  const catalogue = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.organizationId, organizationId))
    .orderBy(asc(products.price), asc(products.name))
  await tx.insert(landingPages).values({
    organizationId,
    publicId: 'demo',
    title: 'Closeroom for sales teams',
    headline: 'Close deals in one room',
    intro:
      'Meet your buyers, share proposals and agree on the next steps in one place. Pick the plan that fits your team, or book a call and we will walk you through it.',
    productIds: catalogue.map((p) => p.id),
    handles: ['demo', 'enterprise'],
    published: true,
  })
}
