import type { Message, ThreadPageQuery } from '@closeroom/shared'
import { and, eq } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { clients, deals } from '../../db/schema/index.ts'
import { NotFound } from '../../http/errors.ts'
import type { AuthContext } from '../auth/module.ts'
import { CLIENT_NOT_FOUND } from '../clients/module.ts'
import type { DealsModule } from '../deals/module.ts'
import { createThreadStore } from './thread.ts'

export const DEAL_NOT_FOUND = 'Deal not found'
const EXCERPT_LENGTH = 140

type Parent = { id: string; name: string }

/** What the timeline shows of a message: its first words on one line. */
export function excerpt(body: string): string {
  const line = body.replace(/\s+/g, ' ').trim()
  return line.length <= EXCERPT_LENGTH ? line : `${line.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…`
}

/** Who hears about a message: the thread's room, and the rest of the organization as a notification. */
export type ThreadEvents = {
  posted(auth: AuthContext, parent: Parent, message: Message): void
  edited?(auth: AuthContext, parent: Parent, message: Message): void
}

/**
 * A deal's internal chat. Each message is also a line of the deal's timeline (kind 'message', with an
 * excerpt), which the deals module writes in the message's transaction, so the two never disagree.
 */
export function createDealThread({
  db,
  events,
  timeline,
}: {
  db: Db
  events: ThreadEvents
  timeline: Pick<DealsModule, 'recordActivity' | 'rewordMessageActivity' | 'removeMessageActivity'>
}) {
  const store = createThreadStore(db, 'deal')

  async function dealOf(auth: AuthContext, dealId: string): Promise<Parent> {
    const [found] = await db
      .select({ id: deals.id, name: deals.name })
      .from(deals)
      .where(and(eq(deals.id, dealId), eq(deals.organizationId, auth.user.organizationId)))
    if (!found) throw NotFound(DEAL_NOT_FOUND)
    return found
  }

  async function list(auth: AuthContext, dealId: string, page: ThreadPageQuery) {
    await dealOf(auth, dealId)
    return store.list(dealId, page)
  }

  async function post(auth: AuthContext, dealId: string, body: string) {
    const deal = await dealOf(auth, dealId)
    const message = await db.transaction(async (tx: Tx) => {
      const created = await store.insert(tx, deal.id, auth, body)
      await timeline.recordActivity(
        {
          organizationId: auth.user.organizationId,
          dealId: deal.id,
          kind: 'message',
          actorId: auth.user.id,
          data: { messageId: created.id, excerpt: excerpt(created.body) },
        },
        { tx },
      )
      return created
    })
    events.posted(auth, deal, message)
    return message
  }

  async function edit(auth: AuthContext, dealId: string, messageId: string, body: string) {
    const deal = await dealOf(auth, dealId)
    return db.transaction(async (tx: Tx) => {
      const message = await store.edit(tx, deal.id, auth, messageId, body)
      await timeline.rewordMessageActivity(tx, { dealId: deal.id, messageId, excerpt: excerpt(message.body) })
      return message
    })
  }

  async function remove(auth: AuthContext, dealId: string, messageId: string) {
    const deal = await dealOf(auth, dealId)
    await db.transaction(async (tx: Tx) => {
      await store.remove(tx, deal.id, auth, messageId)
      await timeline.removeMessageActivity(tx, { dealId: deal.id, messageId })
    })
  }

  return { list, post, edit, remove }
}

/** The team's thread about one client: notes and messages, edited in place. */
export function createClientThread({ db, events }: { db: Db; events: ThreadEvents }) {
  const store = createThreadStore(db, 'client')

  async function clientOf(auth: AuthContext, clientId: string): Promise<Parent> {
    const [found] = await db
      .select({ id: clients.id, name: clients.name })
      .from(clients)
      .where(and(eq(clients.id, clientId), eq(clients.organizationId, auth.user.organizationId)))
    if (!found) throw NotFound(CLIENT_NOT_FOUND)
    return found
  }

  async function list(auth: AuthContext, clientId: string, page: ThreadPageQuery) {
    await clientOf(auth, clientId)
    return store.list(clientId, page)
  }

  async function post(auth: AuthContext, clientId: string, body: string) {
    const client = await clientOf(auth, clientId)
    const message = await store.insert(db, client.id, auth, body)
    events.posted(auth, client, message)
    return message
  }

  async function edit(auth: AuthContext, clientId: string, messageId: string, body: string) {
    const client = await clientOf(auth, clientId)
    const message = await store.edit(db, client.id, auth, messageId, body)
    events.edited?.(auth, client, message)
    return message
  }

  async function remove(auth: AuthContext, clientId: string, messageId: string) {
    const client = await clientOf(auth, clientId)
    await store.remove(db, client.id, auth, messageId)
  }

  return { list, post, edit, remove }
}

export type DealThread = ReturnType<typeof createDealThread>
export type ClientThread = ReturnType<typeof createClientThread>
