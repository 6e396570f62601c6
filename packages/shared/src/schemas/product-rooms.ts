import { z } from 'zod'
import { phone } from '../rules.ts'
import { PersonName } from './auth.ts'
import { PublicEventType } from './booking.ts'
import { Email, Id } from './common.ts'
import { EmbeddedRoutingForm } from './routing.ts'

// A product's public sales room at /p/{roomId}: its description, media and price, a booking widget, and a
// "talk to sales" form that turns a visitor into a client and a deal. The buyer sees only what the page shows.

export const PRODUCT_ROOM_LIMITS = { maxMessageLength: 2000 } as const

/** What the seller sets: whether the room is open, and which event type its booking widget offers (none hides it). */
export const ProductRoomSettings = z.object({
  published: z.boolean(),
  eventTypeId: Id.nullable(),
  /** A routing form of the organization the room shows; left out, the room keeps the one it has. */
  routingFormId: Id.nullable().optional(),
})
export type ProductRoomSettings = z.infer<typeof ProductRoomSettings>

/** The seller's view of the room. `roomId` and `url` stay null until the room is first published. */
export const ProductRoom = z.object({
  productId: Id,
  roomId: z.string().nullable(),
  url: z.string().nullable(),
  published: z.boolean(),
  eventType: z.object({ id: Id, title: z.string(), ownerName: z.string() }).nullable(),
  routingFormId: Id.nullable(),
})
export type ProductRoom = z.infer<typeof ProductRoom>

// Generated ids are 22 characters; the demo's room is plain 'demo'.
export const ProductRoomParams = z.object({ roomId: z.string().regex(/^[A-Za-z0-9_-]{4,64}$/, { message: 'Product not found' }) })

/** A product image; `url` is /api/public/products/{roomId}/files/{id}. */
export const PublicProductImage = z.object({ id: Id, name: z.string(), url: z.string() })
/** A document to download; `url` is /api/public/products/{roomId}/files/{id}. */
export const PublicProductDocument = z.object({
  id: Id,
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  url: z.string(),
})

/** The buyer's view at /p/{roomId}. */
export const PublicProduct = z.object({
  roomId: z.string(),
  name: z.string(),
  description: z.string(),
  /** Minor units of `currency`. */
  price: z.number().int(),
  currency: z.string(),
  organization: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
  images: z.array(PublicProductImage),
  documents: z.array(PublicProductDocument),
  /** The booking widget's event type, as the booking pages show it; null when the room offers none. */
  eventType: PublicEventType.nullable(),
  /** The routing form the room shows, while it is published. */
  routingForm: EmbeddedRoutingForm.nullable(),
})
export type PublicProduct = z.infer<typeof PublicProduct>

/** The "talk to sales" form. */
export const ProductInquiry = z.object({
  name: PersonName,
  email: Email,
  /** International, with a leading +; kept in E.164. */
  phone: phone.default(''),
  company: z.string().trim().max(200).default(''),
  message: z
    .string()
    .trim()
    .max(PRODUCT_ROOM_LIMITS.maxMessageLength, { message: `Must be at most ${PRODUCT_ROOM_LIMITS.maxMessageLength} characters` })
    .default(''),
})
export type ProductInquiry = z.input<typeof ProductInquiry>
