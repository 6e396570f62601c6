import { z } from 'zod'
import { MESSAGES } from '../messages.ts'
import { Slug } from './booking.ts'
import { Id, patchOf } from './common.ts'
import { PublicPostSummary } from './posts.ts'
import { EmbeddedRoutingForm } from './routing.ts'

// Landing pages: the organization's public page at /l/{publicId}, a hero, the products it features and the
// booking links (user and team handles) it shows, in the order the editor chose. Visitors see only that.

export const LANDING_LIMITS = { maxProducts: 24, maxBookingLinks: 12, maxIntro: 5000 } as const

const unique = <T>(list: T[]) => new Set(list).size === list.length

export const LandingPageFields = z.object({
  title: z.string().trim().min(1, { message: MESSAGES.title }).max(120),
  headline: z.string().trim().max(200).default(''),
  intro: z.string().trim().max(LANDING_LIMITS.maxIntro).default(''),
  /** The organization's products, in the order the page shows them; inactive ones are left out of the page. */
  productIds: z.array(Id).max(LANDING_LIMITS.maxProducts).refine(unique, { message: 'Each product once' }).default([]),
  /** Public handles of the organization's people and teams (/u/{handle}), in order. */
  handles: z.array(Slug).max(LANDING_LIMITS.maxBookingLinks).refine(unique, { message: 'Each booking link once' }).default([]),
  /** Unpublished pages answer 404 to visitors. */
  published: z.boolean().default(false),
  /** A routing form of the organization, shown on the page for visitors to answer; null for none. */
  routingFormId: Id.nullable().default(null),
})
export const CreateLandingPage = LandingPageFields
export type CreateLandingPage = z.input<typeof CreateLandingPage>
export const UpdateLandingPage = patchOf(LandingPageFields)
export type UpdateLandingPage = z.input<typeof UpdateLandingPage>

/** The editor's view of a page. */
export const LandingPage = z.object({
  id: Id,
  /** The page's address is /l/{publicId}. */
  publicId: z.string(),
  title: z.string(),
  headline: z.string(),
  intro: z.string(),
  productIds: z.array(Id),
  handles: z.array(z.string()),
  published: z.boolean(),
  routingFormId: Id.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type LandingPage = z.infer<typeof LandingPage>
export const LandingPageList = z.object({ landingPages: z.array(LandingPage) })

/** A booking page of the organization the editor can put on a landing page. */
export const BookingLinkOption = z.object({
  handle: z.string(),
  kind: z.enum(['user', 'team']),
  name: z.string(),
  avatarUrl: z.string().nullable(),
})
export type BookingLinkOption = z.infer<typeof BookingLinkOption>
export const BookingLinkOptionList = z.object({ bookingLinks: z.array(BookingLinkOption) })

/** What a visitor of /l/{publicId} sees, and nothing else of the organization. */
export const PublicLandingPage = z.object({
  publicId: z.string(),
  title: z.string(),
  headline: z.string(),
  intro: z.string(),
  organization: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
  products: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      price: z.number().int(),
      currency: z.string(),
      /** The product's public room /p/{roomId}, only while that room is published. */
      roomId: z.string().nullable(),
    }),
  ),
  bookingLinks: z.array(BookingLinkOption.extend({ eventTypes: z.array(z.string()) })),
  /** The routing form the page shows, while it is published: the page loads it by its slug. */
  routingForm: EmbeddedRoutingForm.nullable(),
  /** The organization's latest published posts, newest first; each opens at /l/{publicId}/posts/{slug}. */
  posts: z.array(PublicPostSummary),
})
export type PublicLandingPage = z.infer<typeof PublicLandingPage>

// Generated ids are 22 characters; the demo's page is plain 'demo'.
export const LandingPageParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{4,64}$/, { message: 'Page not found' }) })
