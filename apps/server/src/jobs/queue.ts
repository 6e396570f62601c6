import type { FastifyBaseLogger } from 'fastify'
import { PgBoss } from 'pg-boss'
import type { Database } from '../db/client.ts'

/**
 * The job queue: pg-boss on the application's own database, so the embedded default needs no other
 * server and a job is never lost between a commit and a broker.
 */
export async function startJobs(database: Database, log: FastifyBaseLogger) {
  const boss = new PgBoss({ ...database.jobs, schedule: false })
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'))
  await boss.start()
  return boss
}

export type Jobs = PgBoss
