import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import type { Jobs } from '../../jobs/queue.ts'
import type { Realtime } from '../../realtime/server.ts'
import type { FileStore } from '../files/module.ts'
import type { Notifications } from '../notifications/module.ts'
import { createExportService, QUEUES } from './service.ts'

/**
 * Organization exports: an admin asks for one, a job writes everything the organization owns into one zip in
 * file storage (CSV and JSON per kind, the agreements' PDFs, a manifest), the admins follow its progress live,
 * and the archive can be downloaded for EXPORT_KEEP_DAYS days. It reads the other modules' tables, never writes them.
 */
export async function createExportsModule(deps: {
  db: Db
  jobs: Jobs
  realtime: Pick<Realtime, 'toUser'>
  notifications: Pick<Notifications, 'send'>
  files: FileStore
  log: FastifyBaseLogger
}) {
  const { jobs, log } = deps
  const exports = createExportService({ ...deps, storage: deps.files.storage })
  await jobs.createQueue(QUEUES.build)
  await jobs.work<{ exportId: string }>(QUEUES.build, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
    if (job) await exports.build(job.data.exportId)
  })
  await jobs.createQueue(QUEUES.expire)
  await jobs.work<{ exportId: string }>(QUEUES.expire, { pollingIntervalSeconds: 30 }, async ([job]) => {
    if (job) await exports.expire(job.data.exportId)
  })
  // Archives that came due while the server was down go now.
  void exports.expire().catch((error: unknown) => log.error({ err: error }, 'expired exports could not be deleted'))
  return { exports, files: deps.files }
}

export type ExportsModule = Awaited<ReturnType<typeof createExportsModule>>

declare module 'fastify' {
  interface FastifyInstance {
    exports: ExportsModule['exports']
  }
}
