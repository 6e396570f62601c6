import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { eventTypes, productRoomVisits, products } from '../../db/schema/index.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** The demo's published product room at /p/demo: Closeroom Enterprise, booking Olivia's product demo. */
export async function seedProductRoom(tx: Tx, organizationId: string) {
  const [demo] = await tx
    .select({ id: eventTypes.id, ownerId: eventTypes.ownerId })
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
  // Six weeks of visits to the room, a few a day, for the products dashboard's funnel.
  const [room] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.organizationId, organizationId), eq(products.name, 'Closeroom Enterprise')))
  if (!room) return
  const now = Date.now()
  await tx.insert(productRoomVisits).values(
    Array.from({ length: 120 }, (_, i) => ({
      organizationId,
      productId: room.id,
      // The room books Olivia's demo: its visits are hers.
      ownerId: demo?.ownerId ?? null,
      visitedAt: new Date(now - ((i * 7919) % 42) * 86_400_000 - ((i * 104_729) % 86_400) * 1000),
    })),
  )
}
