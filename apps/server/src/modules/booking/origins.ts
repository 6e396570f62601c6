import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { deals } from '../../db/schema/index.ts'
import { Invalid } from '../../http/errors.ts'
import type { DealsModule } from '../deals/module.ts'
import type { EventTypeRow } from './event-types.ts'
import type { BookingRow } from './present.ts'

/** Which room a booking was made from: a deal's sales room, a product's room, or neither (a booking page). */
export type BookingOrigin = { dealId: string | null; productId: string | null }
export type RoomRef = { salesroomId?: string; productRoomId?: string }

type Deps = {
  db: Db
  /** The sales room a buyer may open with this pass (sales rooms sit above booking: they offer its pages). */
  visitors: { visitor(publicId: string, pass: string | undefined): Promise<{ room: { dealId: string; organizationId: string } }> }
  /** The product's automations (they sit above booking, through the products whose rules they run). */
  automations: {
    fire(event: {
      organizationId: string
      productId: string
      trigger: 'booking_made'
      event: { bookingUid: string; name: string; email: string }
    }): Promise<void>
  }
  /** The published product whose room has this public id (products sit above booking: their rooms offer its pages). */
  productRoom: (roomId: string) => Promise<{ id: string; roomEventTypeId: string | null }>
  deals: Pick<DealsModule, 'recordActivity'>
}

/**
 * Bookings made from rooms. Before the booking: the room must be one the buyer may open (a private sales room
 * asks for its pass) and must offer the event type. After it: the deal's timeline and board hear of it, and
 * the product's automations run.
 */
export function createBookingOrigins({ db, visitors, automations, productRoom, deals: pipeline }: Deps) {
  async function resolve(from: RoomRef, eventType: EventTypeRow, roomPass: string | undefined): Promise<BookingOrigin> {
    if (from.salesroomId && from.productRoomId) throw Invalid('productRoomId: A booking comes from one room at most')
    if (from.salesroomId) {
      const { room } = await visitors.visitor(from.salesroomId, roomPass)
      const [deal] = await db
        .select({ ownerId: deals.ownerId })
        .from(deals)
        .where(and(eq(deals.id, room.dealId), eq(deals.organizationId, room.organizationId)))
      // A sales room offers its deal owner's booking page: their own event types.
      const offered =
        deal && eventType.organizationId === room.organizationId && eventType.kind === 'personal' && eventType.ownerId === deal.ownerId
      if (!offered) throw Invalid('eventTypeId: This sales room does not offer this meeting')
      return { dealId: room.dealId, productId: null }
    }
    if (from.productRoomId) {
      const product = await productRoom(from.productRoomId)
      if (product.roomEventTypeId !== eventType.id) throw Invalid('eventTypeId: This product room does not offer this meeting')
      return { dealId: null, productId: product.id }
    }
    return { dealId: null, productId: null }
  }

  async function booked(row: BookingRow): Promise<void> {
    // Teammates with the deal open see the meeting on its timeline at once.
    if (row.dealId)
      await pipeline.recordActivity(
        {
          organizationId: row.organizationId,
          dealId: row.dealId,
          kind: 'booking',
          data: { title: row.title, start: row.startAt.toISOString(), attendee: row.attendeeName },
        },
        { announce: true },
      )
    if (row.productId)
      await automations.fire({
        organizationId: row.organizationId,
        productId: row.productId,
        trigger: 'booking_made',
        event: { bookingUid: row.uid, name: row.attendeeName, email: row.attendeeEmail },
      })
  }

  return { resolve, booked }
}

export type BookingOrigins = ReturnType<typeof createBookingOrigins>
