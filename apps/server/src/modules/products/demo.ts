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
        'Closeroom for sales teams that sell to larger companies.\n\nEverything in Team, plus single sign-on, an audit log of every change and priority support. Per seat and month, billed yearly.',
    })
    .where(and(eq(products.organizationId, organizationId), eq(products.name, 'Closeroom Enterprise')))
}
