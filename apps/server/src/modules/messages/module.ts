import { ProductSocketEvents, SocketEvents } from '@closeroom/shared'
import type { Db } from '../../db/client.ts'
import { rooms } from '../../realtime/rooms.ts'
import type { Realtime } from '../../realtime/server.ts'
import type { DealsModule } from '../deals/module.ts'
import { recentThreads } from './recent.ts'
import { createClientThread, createDealThread } from './threads.ts'

export { seedConversations } from './demo.ts'

/**
 * The deal chat and the client threads, wired to socket.io. A new message goes to the thread's room and,
 * as a notification, to every socket of the organization outside that room, except the author's own.
 * Sockets, not users: a teammate with the deal open in one tab and the board in another hears it in both ways.
 */
export function createMessagesModule({
  db,
  realtime,
  deals,
}: {
  db: Db
  realtime: Pick<Realtime, 'io'>
  deals: Pick<DealsModule, 'recordActivity' | 'rewordMessageActivity' | 'removeMessageActivity'>
}) {
  const { io } = realtime
  const elsewhere = (organizationId: string, room: string, authorId: string) =>
    io.to(rooms.organization(organizationId)).except([room, rooms.user(authorId)])

  const dealThread = createDealThread({
    db,
    timeline: deals,
    events: {
      posted(auth, deal, message) {
        const room = rooms.deal(deal.id)
        io.to(room).emit(SocketEvents.dealsNewMessage, { dealId: deal.id, message })
        elsewhere(auth.user.organizationId, room, auth.user.id).emit(SocketEvents.userNewDealMessage, {
          dealId: deal.id,
          dealName: deal.name,
          message,
        })
        // The team chat's unread counts: every member may read the deal's chat, its author aside.
        io.to(rooms.organization(auth.user.organizationId)).except(rooms.user(auth.user.id)).emit(ProductSocketEvents.chatThreadMessage, {
          kind: 'deal',
          id: deal.id,
          authorId: auth.user.id,
        })
      },
      // The spec has no event for an edited deal message: the room sees the edit on its next load.
    },
  })

  const clientThread = createClientThread({
    db,
    events: {
      posted(auth, client, message) {
        const room = rooms.client(client.id)
        io.to(room).emit(SocketEvents.clientsNewMessage, { clientId: client.id, message })
        elsewhere(auth.user.organizationId, room, auth.user.id).emit(SocketEvents.userNewClientMessage, {
          clientId: client.id,
          clientName: client.name,
          message,
        })
        io.to(rooms.organization(auth.user.organizationId)).except(rooms.user(auth.user.id)).emit(ProductSocketEvents.chatThreadMessage, {
          kind: 'client',
          id: client.id,
          authorId: auth.user.id,
        })
      },
      edited(_auth, client, message) {
        io.to(rooms.client(client.id)).emit(SocketEvents.clientsUpdatedMessage, { clientId: client.id, message })
      },
    },
  })

  return {
    dealThread,
    clientThread,
    /** The organization's deal chats and client threads, latest message first (the team chat lists them). */
    recent: (organizationId: string, limit: number) => recentThreads(db, organizationId, limit),
  }
}

export type MessagesModule = ReturnType<typeof createMessagesModule>
