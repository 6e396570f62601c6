import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { organizations, users } from './accounts.ts'

/**
 * An archive of everything an organization owns, built by a job (modules/exports). Its bytes live in file
 * storage under `storageKey` until `expiresAt`, when a job deletes them and the row says `expired`.
 */
export const organizationExports = pgTable(
  'organization_exports',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    requestedById: uuid('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    status: text({ enum: ['queued', 'running', 'ready', 'failed', 'expired'] })
      .notNull()
      .default('queued'),
    stepsDone: integer('steps_done').notNull().default(0),
    stepsTotal: integer('steps_total').notNull().default(0),
    /** The step being worked on (`clients`, `agreement-pdfs`…); null before the first and once finished. */
    step: text(),
    storageKey: text('storage_key'),
    size: bigint({ mode: 'number' }),
    /** Why it failed, as a stable code the app translates (`interrupted`, `build_failed`). */
    errorCode: text('error_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last time the job said something: a running export silent for long was interrupted. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('organization_exports_org_idx').on(t.organizationId, t.createdAt),
    // One export queued or running per organization at a time, whatever the race between two requests.
    uniqueIndex('organization_exports_one_active_key').on(t.organizationId).where(sql`${t.status} in ('queued', 'running')`),
    check('organization_exports_status_check', sql`${t.status} in ('queued', 'running', 'ready', 'failed', 'expired')`),
    check('organization_exports_steps_check', sql`${t.stepsDone} >= 0 and ${t.stepsDone} <= ${t.stepsTotal}`),
  ],
)
