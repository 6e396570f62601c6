import { PublicRoomTarget, type SocketAck, SocketEvents } from '@closeroom/shared'
import { fastifyCookie } from '@fastify/cookie'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { deals } from '../../db/schema/index.ts'
import { rooms } from '../../realtime/rooms.ts'
import type { Realtime } from '../../realtime/server.ts'
import type { IoSocket } from '../../realtime/socket.ts'
import { roomCookie } from './access.ts'
import type { VisitorService } from './visitors.ts'

export const ROOM_REFUSED = 'This sales room is not open to you'

/**
 * deals-join-public-room and deals-leave-public-room: the sales room's chat, live. A buyer's socket joins
 * with the room's public id (and, for a private room, the pass cookie its handshake carries); a signed-in
 * socket joins with the deal's id when the deal is its organization's.
 */
export function registerRoomSockets({ db, realtime, visitors }: { db: Db; realtime: Pick<Realtime, 'io'>; visitors: VisitorService }) {
  /** The deal the socket may follow, and whether it is on the seller's team (signed in, by the deal's id). */
  async function dealOf(socket: IoSocket, payload: unknown): Promise<{ dealId: string; team: boolean } | null> {
    const target = PublicRoomTarget.safeParse(payload)
    if (!target.success) return null
    if ('dealId' in target.data) {
      const { user } = socket.data
      if (!user) return null
      const [deal] = await db
        .select({ id: deals.id })
        .from(deals)
        .where(and(eq(deals.id, target.data.dealId), eq(deals.organizationId, user.organizationId)))
      return deal ? { dealId: deal.id, team: true } : null
    }
    const { publicId } = target.data
    const cookies = fastifyCookie.parse(socket.handshake.headers.cookie ?? '')
    try {
      return { dealId: (await visitors.visitor(publicId, cookies[roomCookie(publicId)])).room.dealId, team: false }
    } catch {
      return null
    }
  }

  realtime.io.on('connection', (socket) => {
    socket.on(SocketEvents.dealsJoinPublicRoom, async (payload: unknown, ack?: unknown) => {
      const reply = (answer: SocketAck) => typeof ack === 'function' && ack(answer)
      const target = await dealOf(socket, payload)
      if (!target) return reply({ ok: false, message: ROOM_REFUSED })
      await socket.join(target.team ? [rooms.salesroom(target.dealId), rooms.salesroomTeam(target.dealId)] : rooms.salesroom(target.dealId))
      reply({ ok: true })
    })
    socket.on(SocketEvents.dealsLeavePublicRoom, async (payload: unknown, ack?: unknown) => {
      const target = await dealOf(socket, payload)
      if (target) await Promise.all([socket.leave(rooms.salesroom(target.dealId)), socket.leave(rooms.salesroomTeam(target.dealId))])
      if (typeof ack === 'function') ack({ ok: true })
    })
  })
}
