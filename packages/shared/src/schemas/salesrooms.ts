import { z } from 'zod'
import { MESSAGES } from '../messages.ts'
import { httpsUrl } from '../rules.ts'
import { PublicRoomAgreement } from './agreements.ts'
import { PersonName } from './auth.ts'
import { IsoDate } from './booking.ts'
import { Email, Id } from './common.ts'
import { DealLine, MessageBody } from './deals.ts'
import { DocumentEvent, PublicRoomDocument } from './files.ts'
import { PublicRoomInvoice } from './invoices.ts'
import { PublicRoomRecording } from './recordings.ts'
import { ThreadNext } from './thread-pages.ts'

// A sales room: one living page per deal that the seller shares with the buyer at /d/{publicId}. The
// buyer sees only what the room shows: never internal notes, internal messages or other deals.

export const SALESROOM_LIMITS = { maxLinks: 50, maxSteps: 50, maxInvited: 50, codeTtlMinutes: 15, accessDays: 30 } as const

/** The cookie that lets a code-verified visitor into one private room (the server's pages read it too). */
export const salesroomPassCookie = (publicId: string) => `closeroom_room_${publicId}`

/** Who may open the link: anyone who has it, or only invited emails after a one-time code by email. */
export const SalesroomAccess = z.enum(['link', 'invited'])

const Title = (label: string, max = 200) =>
  z
    .string()
    .trim()
    .min(1, { message: `${label} is required` })
    .max(max)

export const SalesroomLink = z.object({ id: Id, title: z.string(), url: z.string() })
export const CreateSalesroomLink = z.object({
  title: Title('Title'),
  url: httpsUrl.refine((u) => u !== '', { message: MESSAGES.link }),
})
export const UpdateSalesroomLink = CreateSalesroomLink.partial()

/** A step of the mutual action plan: who does it (seller or buyer side), by when, done or not. */
export const ActionStep = z.object({
  id: Id,
  title: z.string(),
  side: z.enum(['seller', 'buyer']),
  ownerName: z.string(),
  dueDate: IsoDate.nullable(),
  done: z.boolean(),
})
export type ActionStep = z.infer<typeof ActionStep>
export const CreateActionStep = z.object({
  title: Title('Title'),
  side: z.enum(['seller', 'buyer']).default('seller'),
  ownerName: z.string().trim().max(120).default(''),
  dueDate: IsoDate.nullable().default(null),
  done: z.boolean().default(false),
})
export const UpdateActionStep = z
  .object({
    title: Title('Title'),
    side: z.enum(['seller', 'buyer']),
    ownerName: z.string().trim().max(120),
    dueDate: IsoDate.nullable(),
    done: z.boolean(),
  })
  .partial()

export const SalesroomSettings = z.object({
  title: Title('Title'),
  welcome: z.string().trim().max(10_000).default(''),
  /** A welcome video to embed or link (https). */
  videoUrl: httpsUrl.default(''),
  access: SalesroomAccess.default('link'),
  invitedEmails: z
    .array(Email)
    .max(SALESROOM_LIMITS.maxInvited)
    .default([])
    .transform((emails) => [...new Set(emails)]),
  /** Show the deal's products and prices in the room. */
  showPricing: z.boolean().default(true),
  /** Unpublished rooms answer 404 to everyone but the seller's team. */
  published: z.boolean().default(false),
})
export type SalesroomSettings = z.input<typeof SalesroomSettings>

/** The seller's view of the room. */
export const Salesroom = z.object({
  dealId: Id,
  publicId: z.string(),
  url: z.string(),
  title: z.string(),
  welcome: z.string(),
  videoUrl: z.string(),
  access: SalesroomAccess,
  invitedEmails: z.array(z.string()),
  showPricing: z.boolean(),
  published: z.boolean(),
  links: z.array(SalesroomLink),
  steps: z.array(ActionStep),
  createdAt: z.string(),
})
export type Salesroom = z.infer<typeof Salesroom>

/** The buyer's view at /d/{publicId}. */
export const PublicSalesroom = z.object({
  publicId: z.string(),
  title: z.string(),
  welcome: z.string(),
  videoUrl: z.string(),
  organization: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
  seller: z.object({ name: z.string(), avatarUrl: z.string().nullable() }),
  links: z.array(SalesroomLink),
  /** Documents to open at /api/public/salesrooms/{publicId}/documents/{id}. */
  documents: z.array(PublicRoomDocument),
  /** Call recordings the seller shared, to play at /api/public/salesrooms/{publicId}/recordings/{id}/file. */
  recordings: z.array(PublicRoomRecording),
  steps: z.array(ActionStep),
  /** The deal's lines and total when the seller shows pricing; empty otherwise. */
  lines: z.array(DealLine),
  total: z.object({ amount: z.number().int(), currency: z.string() }).nullable(),
  /** The seller's booking page handle, for the booking widget (GET /api/public/users/{handle}). */
  bookingHandle: z.string().nullable(),
  /** Who the visitor is, once an invited email has entered its code. */
  visitorEmail: z.string().nullable(),
  /** The deal's agreements once sent, with their status; a buyer signs through the link in their own email (?sign={token}). */
  agreements: z.array(PublicRoomAgreement),
  /** The deal's sent and paid invoices, each PDF at its public link. */
  invoices: z.array(PublicRoomInvoice),
})
export type PublicSalesroom = z.infer<typeof PublicSalesroom>

// Generated ids are 22 characters; the demo's room is plain 'demo'.
export const SalesroomParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{4,64}$/, { message: 'Sales room not found' }) })
export const RequestRoomCode = z.object({ email: Email })
export const VerifyRoomCode = z.object({
  email: Email,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: 'Enter the 6-digit code from the email' }),
})

/** What the buyer's page reports: a visit starting, time on the page (heartbeats), a link opened. */
export const RoomEvent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('visit') }),
  z.object({ kind: z.literal('heartbeat'), visitId: Id }),
  z.object({ kind: z.literal('link_opened'), visitId: Id, linkId: Id }),
])
export const RoomVisit = z.object({ visitId: Id })

/** What the seller sees of the buyers' engagement. */
export const Engagement = z.object({
  visits: z.array(
    z.object({
      id: Id,
      visitor: z.string().nullable(),
      startedAt: z.string(),
      seconds: z.number().int(),
      linksOpened: z.array(z.object({ linkId: Id, title: z.string(), at: z.string() })),
      /** Documents opened or downloaded during the visit, in order. */
      documentEvents: z.array(DocumentEvent),
    }),
  ),
  totalSeconds: z.number().int(),
  firstVisitAt: z.string().nullable(),
})
export type Engagement = z.infer<typeof Engagement>

/** The room's chat between buyer and seller; the buyer signs with a name (and the invited email when known). */
export const RoomMessage = z.object({
  id: Id,
  side: z.enum(['buyer', 'seller']),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
})
export type RoomMessage = z.infer<typeof RoomMessage>
/** A page of the room's chat, oldest first (ThreadPageQuery asks for it). */
export const RoomMessageList = z.object({ messages: z.array(RoomMessage), next: ThreadNext })
export type RoomMessageList = z.infer<typeof RoomMessageList>
export const PostRoomMessage = z.object({ body: MessageBody, name: PersonName.optional() })
export const ToggleStep = z.object({ done: z.boolean() })
export const RoomStepParams = SalesroomParams.extend({ stepId: Id })
export const PublicRoomDocumentParams = SalesroomParams.extend({ documentId: Id })
export const PublicRoomRecordingParams = SalesroomParams.extend({ recordingId: Id })
