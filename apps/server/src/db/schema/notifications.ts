import type { NotificationData, NotificationPreferences } from '@closeroom/shared'
import { sql } from 'drizzle-orm'
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'

const userId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** The notification centre: what happened for a user, where to go to see it, and whether it was read. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userId(),
    kind: text().notNull(),
    /** The few words the centre and the push message are made of: names, titles, times. */
    data: jsonb().$type<NotificationData>().notNull().default({}),
    url: text().notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
)

/** A browser's push subscription (RFC 8030 endpoint and RFC 8291 keys), one row per endpoint. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userId(),
    endpoint: text().notNull().unique(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
)

/** Which kinds of notification a user wants pushed or emailed; kinds not named keep the defaults. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: userId().primaryKey(),
  preferences: jsonb().$type<NotificationPreferences>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
