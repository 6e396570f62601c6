import { and, asc, eq, ne } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { clients, dealContacts, deals, users } from '../../db/schema/index.ts'
import { NotFound } from '../../http/errors.ts'
import type { DealParties } from './drafts.ts'

/** The organization's deal, its first contact that has an email (the client who signs) and its owner; 404 otherwise. */
export async function dealParties(db: Db, organizationId: string, dealId: string): Promise<DealParties> {
  const [deal] = await db
    .select({ id: deals.id, name: deals.name, ownerName: users.name, ownerEmail: users.email })
    .from(deals)
    .innerJoin(users, eq(users.id, deals.ownerId))
    .where(and(eq(deals.id, dealId), eq(deals.organizationId, organizationId)))
  if (!deal) throw NotFound('dealId: Deal not found')
  const [client] = await db
    .select({ name: clients.name, email: clients.email })
    .from(dealContacts)
    .innerJoin(clients, eq(clients.id, dealContacts.clientId))
    .where(and(eq(dealContacts.dealId, dealId), ne(clients.email, '')))
    .orderBy(asc(clients.name), asc(clients.id))
    .limit(1)
  return {
    deal: { id: deal.id, name: deal.name },
    client: client ?? null,
    owner: { name: deal.ownerName, email: deal.ownerEmail },
  }
}
