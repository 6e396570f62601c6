import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { deals, meetings } from '../../db/schema/index.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** /m/demo: Olivia's room for the Northwind pilot, open to anyone who wants to try their camera and microphone. */
export async function seedMeeting(tx: Tx, organizationId: string, hostId: string) {
  const [deal] = await tx
    .select({ id: deals.id })
    .from(deals)
    .where(and(eq(deals.organizationId, organizationId), eq(deals.name, 'Northwind pilot')))
  await tx
    .insert(meetings)
    .values({ publicId: 'demo', organizationId, hostId, dealId: deal?.id ?? null, title: 'Northwind pilot: weekly call' })
}
