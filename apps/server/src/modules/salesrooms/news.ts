import { ProductSocketEvents, type SalesroomChange } from '@closeroom/shared'
import { rooms } from '../../realtime/rooms.ts'
import type { Realtime } from '../../realtime/server.ts'

/**
 * Tells open pages that a room changed, so the seller sees a buyer's ticks and visits as they happen and the
 * buyer sees the seller's edits. Only the room's public id travels: a buyer's page learns nothing new.
 */
export function createRoomNews(realtime: Pick<Realtime, 'toRoom'>) {
  const emit = (to: string, change: SalesroomChange) => realtime.toRoom(to, ProductSocketEvents.salesroomChanged, change)
  return {
    /** Settings, links, steps or documents: every open page of the room reads it again. */
    content: (room: { dealId: string; publicId: string }) =>
      emit(rooms.salesroom(room.dealId), { publicId: room.publicId, part: 'content' }),
    /** A visit, a link or document opened: the editors' engagement reads again. */
    engagement: (room: { dealId: string; publicId: string }) =>
      emit(rooms.salesroomTeam(room.dealId), { publicId: room.publicId, part: 'engagement' }),
  }
}

export type RoomNews = ReturnType<typeof createRoomNews>
