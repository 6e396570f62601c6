import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { eventTypes, products } from '../../db/schema/index.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** The demo's published product room at /p/demo: Closeroom Enterprise, booking Olivia's product demo. */
export async function seedProductRoom(tx: Tx, organizationId: string) {
  const [demo] = await tx
    .select({ id: eventTypes.id })
    .from(eventTypes)
    .where(and(eq(eventTypes.organizationId, organizationId), eq(eventTypes.slug, 'demo')))
  await tx
    .update(products)
    .set({
      roomId: 'demo',
      roomPublished: true,
      roomEventTypeId: demo?.id ?? null,
      description:
        'Closeroom for sales teams that sell to larger companies.\n\nEverything in Team, plus urgent incidents answered within 4 business hours, a named engineer for onboarding and data migration, and answers for your security reviews. Per seat and month, billed yearly.',
    })
    .where(and(eq(products.organizationId, organizationId), eq(products.name, 'Closeroom Enterprise')))
}
