import { z } from 'zod'
import { Id } from './common.ts'

/** What a user can be told about; each has its words in the centre, its push text and its preference. */
export const NOTIFICATION_KINDS = [
  'booking-created',
  'booking-rescheduled',
  'booking-cancelled',
  'salesroom-first-visit',
  'salesroom-document-opened',
  'salesroom-message',
  'product-inquiry',
  'automation',
  'agreement-signed',
  'routing-no-booking',
  'webhook-paused',
  'export-ready',
] as const
export const NotificationKind = z.enum(NOTIFICATION_KINDS)
export type NotificationKind = z.infer<typeof NotificationKind>

/** Names, titles and times a notification's sentence is made of (never HTML). */
export const NotificationData = z.record(z.string(), z.union([z.string(), z.null()]))
export type NotificationData = z.infer<typeof NotificationData>

export const NotificationEntry = z.object({
  id: Id,
  kind: NotificationKind,
  data: NotificationData,
  /** Where in the app to see it. */
  url: z.string(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
})
export type NotificationEntry = z.infer<typeof NotificationEntry>

export const NotificationList = z.object({
  notifications: z.array(NotificationEntry),
  unread: z.number().int(),
})
export type NotificationList = z.infer<typeof NotificationList>

export const MarkNotificationsRead = z.object({
  /** The ones to mark; none means all of them. */
  ids: z.array(Id).max(200).optional(),
})

export const Channels = z.object({ push: z.boolean(), email: z.boolean() })
export const NotificationPreferences = z.partialRecord(NotificationKind, Channels)
export type NotificationPreferences = z.infer<typeof NotificationPreferences>
/**
 * What the server answers: every kind, its defaults filled in. An object of named keys rather than a record,
 * so the OpenAPI document (and the web's types from it) lists each kind.
 */
export const AllNotificationPreferences = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, Channels])) as Record<NotificationKind, typeof Channels>,
)
export type AllNotificationPreferences = z.infer<typeof AllNotificationPreferences>

/** Pushed, not emailed, unless the user says otherwise: a booking's host gets its emails already. */
export const DEFAULT_CHANNELS = { push: true, email: false } as const

/** A browser's PushSubscription as `toJSON()` gives it. */
export const PushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https?$/, message: 'endpoint: Must be a valid URL' }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
})
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>
