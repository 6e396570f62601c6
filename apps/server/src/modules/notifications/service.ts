import {
  DEFAULT_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationData,
  type NotificationEntry,
  type NotificationKind,
  type NotificationPreferences,
  SocketEvents,
} from '@closeroom/shared'
import { and, count, desc, eq, gt, inArray, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { notificationPreferences, notifications, users } from '../../db/schema/index.ts'
import type { Jobs } from '../../jobs/queue.ts'
import type { Realtime } from '../../realtime/server.ts'
import type { AuthContext } from '../auth/module.ts'
import type { Mailer } from '../mail/module.ts'
import { layout } from '../mail/module.ts'
import type { Push } from './push.ts'
import { notificationText } from './texts.ts'

const DELIVER_QUEUE = 'notification-deliver'
const PAGE = 30

/**
 * A buyer writing in a sales room sends several messages in a row: the first is pushed or emailed, and the
 * next ones to the same page, while an earlier one is unread and less than five minutes old, go to the
 * notification centre and the open app only. One buzz per conversation, not one per line.
 */
const QUIET_AFTER: Partial<Record<NotificationKind, number>> = { 'salesroom-message': 5 * 60_000 }

type Row = typeof notifications.$inferSelect
const present = (row: Row): NotificationEntry => ({
  id: row.id,
  kind: row.kind as NotificationKind,
  data: row.data,
  url: row.url,
  readAt: row.readAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
})

export type Notice = { userId: string; kind: NotificationKind; data: NotificationData; url: string }

type Deps = { db: Db; realtime: Pick<Realtime, 'toUser'>; jobs: Jobs; mailer: Mailer; push: Push; appUrl: string }

/**
 * What happened for a user: kept for the notification centre, sent live as user-new-notification (with
 * whatever the page that shows it live needs), then pushed and emailed by the job queue as the user chose.
 */
export async function createNotifications({ db, realtime, jobs, mailer, push, appUrl }: Deps) {
  /** Whether an unread notice of the same kind and page, younger than `ms`, went to the user already. */
  async function followsUnread(notice: Notice, ms: number) {
    const [earlier] = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, notice.userId),
          eq(notifications.kind, notice.kind),
          eq(notifications.url, notice.url),
          isNull(notifications.readAt),
          gt(notifications.createdAt, new Date(Date.now() - ms)),
        ),
      )
      .limit(1)
    return Boolean(earlier)
  }

  async function send(notice: Notice, live: Record<string, unknown> = {}) {
    const quiet = QUIET_AFTER[notice.kind]
    const delivered = quiet === undefined || !(await followsUnread(notice, quiet))
    const [row] = await db.insert(notifications).values(notice).returning()
    if (!row) throw new Error('notification insert returned nothing')
    realtime.toUser(notice.userId, SocketEvents.userNewNotification, { type: notice.kind, ...live, notification: present(row) })
    if (delivered) await jobs.send(DELIVER_QUEUE, { id: row.id })
  }

  async function list(auth: AuthContext) {
    const mine = eq(notifications.userId, auth.user.id)
    const [rows, [unread]] = await Promise.all([
      db.select().from(notifications).where(mine).orderBy(desc(notifications.createdAt)).limit(PAGE),
      db
        .select({ n: count() })
        .from(notifications)
        .where(and(mine, isNull(notifications.readAt))),
    ])
    return { notifications: rows.map(present), unread: Number(unread?.n ?? 0) }
  }

  /** Marks the given ones read, or all of them. */
  async function markRead(auth: AuthContext, ids?: string[]) {
    const which = ids ? and(eq(notifications.userId, auth.user.id), inArray(notifications.id, ids)) : eq(notifications.userId, auth.user.id)
    await db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(which, isNull(notifications.readAt)))
    return list(auth)
  }

  /** Every kind with its channels: the user's choice, or the defaults. */
  async function preferencesOf(userId: string): Promise<Required<NotificationPreferences>> {
    const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId))
    return Object.fromEntries(
      NOTIFICATION_KINDS.map((kind) => [kind, row?.preferences[kind] ?? DEFAULT_CHANNELS]),
    ) as Required<NotificationPreferences>
  }

  async function setPreferences(auth: AuthContext, changes: NotificationPreferences) {
    const preferences = { ...(await preferencesOf(auth.user.id)), ...changes }
    await db
      .insert(notificationPreferences)
      .values({ userId: auth.user.id, preferences })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: { preferences, updatedAt: new Date() } })
    return preferences
  }

  async function deliver(id: string) {
    const [found] = await db
      .select({ notification: notifications, email: users.email, status: users.status, organizationId: users.organizationId })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(notifications.id, id))
    if (found?.status !== 'active') return
    const { notification } = found
    const kind = notification.kind as NotificationKind
    const channels = (await preferencesOf(notification.userId))[kind]
    const { title, body } = notificationText(kind, notification.data)
    if (channels.push) await push.deliver(notification.userId, { title, body, url: notification.url })
    if (channels.email) {
      const url = `${appUrl}${notification.url}`
      await mailer.send({
        to: found.email,
        organizationId: found.organizationId,
        subject: title,
        text: `${body}\n\n${url}\n`,
        html: layout([body], { label: 'Open Closeroom', url }),
      })
    }
  }

  await jobs.createQueue(DELIVER_QUEUE, { retryLimit: 3, retryDelay: 10, retryBackoff: true })
  await jobs.work<{ id: string }>(DELIVER_QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
    if (job) await deliver(job.data.id)
  })

  return { send, list, markRead, preferences: (auth: AuthContext) => preferencesOf(auth.user.id), setPreferences }
}

export type Notifications = Awaited<ReturnType<typeof createNotifications>>
