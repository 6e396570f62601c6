import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { clients } from '../../db/schema/index.ts'
import type { WebhookEmit, WebhookEmitMany } from '../webhooks/module.ts'
import { createClientImport } from './import.ts'
import { createClientService, presentClient } from './service.ts'

export { CLIENT_NOT_FOUND } from './service.ts'

/** Someone who reached the organization from outside: a buyer's form, a booking. */
export type Person = { email: string; name: string; phone?: string; company?: string }

/** Buyer contacts: the members' service, and the commands other modules find or add a client with. */
export function createClientsModule({ db, emit, emitMany }: { db: Db; emit: WebhookEmit; emitMany: WebhookEmitMany }) {
  /** Whether the organization has this client. */
  async function has(organizationId: string, id: string): Promise<boolean> {
    const [found] = await db
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.organizationId, organizationId), eq(clients.id, id)))
    return found !== undefined
  }

  /** The organization's earliest client with this email (in any case): the one a buyer's email stands for. */
  async function byEmail(organizationId: string, email: string) {
    const [known] = await db
      .select()
      .from(clients)
      .where(and(eq(clients.organizationId, organizationId), sql`lower(${clients.email}) = ${email.toLowerCase()}`))
      .orderBy(asc(clients.createdAt), asc(clients.id))
      .limit(1)
    return known
  }

  /** The id of the client this email stands for, if the organization has one. */
  async function findByEmail(organizationId: string, email: string): Promise<string | undefined> {
    return (await byEmail(organizationId, email))?.id
  }

  /**
   * The organization's earliest client with this email (in any case), its empty phone and company filled in
   * from `person`; else a new client. Duplicates stay the members' to merge (see the service).
   */
  async function findOrCreateByEmail(organizationId: string, person: Person): Promise<string> {
    const known = await byEmail(organizationId, person.email)
    if (known) {
      const blanks = { phone: known.phone || (person.phone ?? ''), company: known.company || (person.company ?? '') }
      if (blanks.phone !== known.phone || blanks.company !== known.company) {
        await db.update(clients).set(blanks).where(eq(clients.id, known.id))
        await emit(organizationId, 'client.updated', presentClient({ ...known, ...blanks }))
      }
      return known.id
    }
    const [created] = await db
      .insert(clients)
      .values({ organizationId, name: person.name, email: person.email, phone: person.phone ?? '', company: person.company ?? '' })
      .returning()
    if (!created) throw new Error('client insert returned nothing')
    await emit(organizationId, 'client.created', presentClient(created))
    return created.id
  }

  return {
    clients: createClientService({ db, emit }),
    importClients: createClientImport({ db, emitMany }),
    has,
    findByEmail,
    findOrCreateByEmail,
  }
}

export type ClientsModule = ReturnType<typeof createClientsModule>
