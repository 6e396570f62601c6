import type { Agent } from 'node:https'
import type { Db } from '../../db/client.ts'
import type { Jobs } from '../../jobs/queue.ts'
import type { Realtime } from '../../realtime/server.ts'
import type { Mailer } from '../mail/module.ts'
import { createPush } from './push.ts'
import { createNotifications } from './service.ts'

export type { Notifications } from './service.ts'

/** The notification centre with its delivery by web push and email. */
export async function createNotificationsModule(deps: {
  db: Db
  realtime: Pick<Realtime, 'toUser'>
  jobs: Jobs
  mailer: Mailer
  appUrl: string
  /** Trusts the local push service of the tests' HTTPS endpoint; production uses the system's CAs. */
  pushAgent?: Agent
}) {
  const push = await createPush({ db: deps.db, appUrl: deps.appUrl, agent: deps.pushAgent })
  const notifications = await createNotifications({ ...deps, push })
  return { push, notifications }
}

export type NotificationsModule = Awaited<ReturnType<typeof createNotificationsModule>>
