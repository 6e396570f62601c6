import { ProductSocketEvents, type SalesroomChange } from '@closeroom/shared'
import type { Realtime } from '../../realtime/server.ts'
import { chatRoom } from './chat.ts'

/** The seller's team with the room's editor open: signed-in sockets that joined the room by the deal's id. */
export const teamRoom = (dealId: string) => `salesroom-team:${dealId}`

/**
 * Tells open pages that a room changed, so the seller sees a buyer's ticks and visits as they happen and the
 * buyer sees the seller's edits. Only the room's public id travels: a buyer's page learns nothing new.
 */
export function createRoomNews(realtime: Pick<Realtime, 'io'>) {
  const emit = (to: string, change: SalesroomChange) => realtime.io.to(to).emit(ProductSocketEvents.salesroomChanged, change)
  return {
    /** Settings, links, steps or documents: every open page of the room reads it again. */
    content: (room: { dealId: string; publicId: string }) => emit(chatRoom(room.dealId), { publicId: room.publicId, part: 'content' }),
    /** A visit, a link or document opened: the editors' engagement reads again. */
    engagement: (room: { dealId: string; publicId: string }) =>
      emit(teamRoom(room.dealId), { publicId: room.publicId, part: 'engagement' }),
  }
}

export type RoomNews = ReturnType<typeof createRoomNews>
