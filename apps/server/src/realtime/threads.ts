import { ClientRoomTarget, DealRoomTarget, type SocketAck, SocketEvents } from '@closeroom/shared'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { clients, deals } from '../db/schema/index.ts'
import { rooms } from './rooms.ts'
import type { IoSocket, SocketUser } from './socket.ts'

/** Says whether a deal or a client belongs to an organization: the only door into a thread's room. */
export type RoomAccess = {
  deal(organizationId: string, dealId: string): Promise<boolean>
  client(organizationId: string, clientId: string): Promise<boolean>
}

export function createRoomAccess(db: Db): RoomAccess {
  return {
    async deal(organizationId, dealId) {
      const found = await db
        .select({ id: deals.id })
        .from(deals)
        .where(and(eq(deals.id, dealId), eq(deals.organizationId, organizationId)))
      return found.length > 0
    },
    async client(organizationId, clientId) {
      const found = await db
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.id, clientId), eq(clients.organizationId, organizationId)))
      return found.length > 0
    },
  }
}

export const ROOM_SIGN_IN = 'Sign in to join this room'
export const DEAL_ROOM_REFUSED = 'This deal does not exist'
export const CLIENT_ROOM_REFUSED = 'This client does not exist'

const threads = [
  {
    join: SocketEvents.dealsJoinRoom,
    leave: SocketEvents.dealsLeaveRoom,
    id: DealRoomTarget.transform((p) => p.dealId),
    room: rooms.deal,
    allowed: (access: RoomAccess, user: SocketUser, id: string) => access.deal(user.organizationId, id),
    refused: DEAL_ROOM_REFUSED,
  },
  {
    join: SocketEvents.clientsJoinRoom,
    leave: SocketEvents.clientsLeaveRoom,
    id: ClientRoomTarget.transform((p) => p.clientId),
    room: rooms.client,
    allowed: (access: RoomAccess, user: SocketUser, id: string) => access.client(user.organizationId, id),
    refused: CLIENT_ROOM_REFUSED,
  },
] as const

/**
 * deals-join-room { dealId } and clients-join-room { clientId }, each acknowledged with { ok } or
 * { ok: false, message }. A socket joins only a thread of its user's organization; a socket without a
 * session joins none. Leaving is always allowed and always acknowledged.
 */
export function registerThreadRooms(socket: IoSocket, access: RoomAccess) {
  const { user } = socket.data
  // One socket's joins and leaves run in the order sent: a join still checking the database must not land
  // after the leave that followed it (a page opened and closed at once).
  let queue = Promise.resolve()
  const inOrder = (work: () => Promise<void>) => {
    queue = queue.then(work, work)
  }

  for (const thread of threads) {
    socket.on(thread.join, (payload: unknown, ack?: unknown) => {
      const reply = (answer: SocketAck) => {
        if (typeof ack === 'function') ack(answer)
      }
      inOrder(async () => {
        if (!user) return reply({ ok: false, message: ROOM_SIGN_IN })
        const parsed = thread.id.safeParse(payload)
        if (!parsed.success) return reply({ ok: false, message: thread.refused })
        let allowed = false
        try {
          allowed = await thread.allowed(access, user, parsed.data)
        } catch {
          return reply({ ok: false, message: 'Something went wrong' })
        }
        if (!allowed) return reply({ ok: false, message: thread.refused })
        if (!socket.connected) return
        await socket.join(thread.room(parsed.data))
        reply({ ok: true })
      })
    })
    socket.on(thread.leave, (payload: unknown, ack?: unknown) => {
      inOrder(async () => {
        const parsed = thread.id.safeParse(payload)
        if (parsed.success) await socket.leave(thread.room(parsed.data))
        if (typeof ack === 'function') ack({ ok: true } satisfies SocketAck)
      })
    })
  }
}
