import type { Client, ClientListQuery, CreateClient, UpdateClient } from '@closeroom/shared'
import { and, asc, eq, ilike, or } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { clients } from '../../db/schema/index.ts'
import { NotFound } from '../../http/errors.ts'
import { authorize } from '../../permissions.ts'
import type { AuthContext } from '../auth/module.ts'
import type { WebhookEmit } from '../webhooks/module.ts'

export const CLIENT_NOT_FOUND = 'Client not found'

type ClientRow = typeof clients.$inferSelect

export function presentClient(row: ClientRow): Client {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    title: row.title,
    createdAt: row.createdAt.toISOString(),
  }
}

/** `%` and `_` typed by a user are looked for as themselves, not as wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * Buyer contacts of an organization. Any member reads, adds and edits them (a sales team shares its
 * contacts); only owners and admins delete one, since that also deletes its thread and its place on deals.
 *
 * Two clients may share an email address: people share mailboxes (sales@, a family address), change
 * companies, and a public "talk to sales" form must not fail because the buyer wrote to us before. As in
 * Twenty, duplicates are the user's to merge; the list searches by email so a form can show them first.
 */
export function createClientService({ db, emit }: { db: Db; emit: WebhookEmit }) {
  async function row(auth: AuthContext, id: string): Promise<ClientRow> {
    const [found] = await db
      .select()
      .from(clients)
      .where(and(eq(clients.id, id), eq(clients.organizationId, auth.user.organizationId)))
    if (!found) throw NotFound(CLIENT_NOT_FOUND)
    return found
  }

  async function list(auth: AuthContext, query: z.output<typeof ClientListQuery>): Promise<Client[]> {
    const pattern = query.q ? likePattern(query.q) : undefined
    const rows = await db
      .select()
      .from(clients)
      .where(
        and(
          eq(clients.organizationId, auth.user.organizationId),
          pattern ? or(ilike(clients.name, pattern), ilike(clients.email, pattern), ilike(clients.company, pattern)) : undefined,
        ),
      )
      .orderBy(asc(clients.name), asc(clients.id))
      .limit(query.limit)
    return rows.map(presentClient)
  }

  async function get(auth: AuthContext, id: string): Promise<Client> {
    return presentClient(await row(auth, id))
  }

  async function create(auth: AuthContext, input: z.output<typeof CreateClient>): Promise<Client> {
    const [created] = await db
      .insert(clients)
      .values({ ...input, organizationId: auth.user.organizationId })
      .returning()
    if (!created) throw new Error('client insert returned nothing')
    const client = presentClient(created)
    await emit(created.organizationId, 'client.created', client)
    return client
  }

  async function update(auth: AuthContext, id: string, input: Partial<z.output<typeof UpdateClient>>): Promise<Client> {
    const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined))
    if (Object.keys(changes).length === 0) return get(auth, id)
    const [updated] = await db
      .update(clients)
      .set(changes)
      .where(and(eq(clients.id, id), eq(clients.organizationId, auth.user.organizationId)))
      .returning()
    if (!updated) throw NotFound(CLIENT_NOT_FOUND)
    const client = presentClient(updated)
    await emit(updated.organizationId, 'client.updated', client)
    return client
  }

  async function remove(auth: AuthContext, id: string): Promise<void> {
    await row(auth, id)
    authorize(auth.user, 'clients.delete')
    await db.delete(clients).where(and(eq(clients.id, id), eq(clients.organizationId, auth.user.organizationId)))
  }

  return { list, get, create, update, remove }
}

export type ClientService = ReturnType<typeof createClientService>
