import { randomUUID } from 'node:crypto'
import {
  EXPORT_KEEP_DAYS,
  EXPORT_STEPS,
  type ExportError,
  type ExportStep,
  type OrganizationExport,
  ProductSocketEvents,
} from '@closeroom/shared'
import { and, desc, eq, inArray, lt, lte } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import { organizationExports, organizations, users } from '../../db/schema/index.ts'
import { Conflict, HttpError, isUniqueViolation, NotFound } from '../../http/errors.ts'
import type { Jobs } from '../../jobs/queue.ts'
import { authorize } from '../../permissions.ts'
import type { Realtime } from '../../realtime/server.ts'
import type { AuthContext } from '../auth/module.ts'
import type { FileStorage } from '../files/module.ts'
import type { Notifications } from '../notifications/module.ts'
import { buildArchive } from './archive.ts'

export const QUEUES = { build: 'organization-export-build', expire: 'organization-export-expire' } as const

/** A queued or running export this long silent was cut short (the server stopped): a new one may start. */
const SILENT_MS = 30 * 60_000
const DAY_MS = 24 * 60 * 60_000
/** How many of the organization's exports the card lists. */
const LISTED = 5
const SETTINGS_PATH = '/admin-settings/account'
const NOT_FOUND = 'Export not found'

type Row = typeof organizationExports.$inferSelect
type Deps = {
  db: Db
  jobs: Jobs
  realtime: Pick<Realtime, 'toUser'>
  notifications: Pick<Notifications, 'send'>
  storage: FileStorage
  log: FastifyBaseLogger
}

/** A ready export past its date shows as expired even before the job deleting it has run. */
const statusOf = (row: Row, now = new Date()) =>
  row.status === 'ready' && row.expiresAt && row.expiresAt <= now ? ('expired' as const) : row.status

export function createExportService({ db, jobs, realtime, notifications, storage, log }: Deps) {
  async function present(row: Row): Promise<OrganizationExport> {
    const [requester] = row.requestedById
      ? await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, row.requestedById))
      : []
    return {
      id: row.id,
      status: statusOf(row),
      requestedBy: requester ?? null,
      progress: { done: row.stepsDone, total: row.stepsTotal, step: row.step as ExportStep | null },
      size: row.size,
      error: row.errorCode as ExportError | null,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
    }
  }

  /** Tells the organization's owners and admins, on every tab they have open, where the export stands. */
  async function announce(row: Row) {
    const admins = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.organizationId, row.organizationId), inArray(users.role, ['owner', 'admin']), eq(users.status, 'active')))
    const payload = { export: await present(row) }
    for (const admin of admins) realtime.toUser(admin.id, ProductSocketEvents.organizationExportChanged, payload)
  }

  async function update(id: string, changes: Partial<Row>) {
    const [row] = await db
      .update(organizationExports)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(organizationExports.id, id))
      .returning()
    if (row) await announce(row)
    return row
  }

  /** An export of the caller's organization, or 404 (another organization's id included). */
  async function ofOrganization(auth: AuthContext, id: string): Promise<Row> {
    authorize(auth.user, 'exports.manage')
    const [row] = await db
      .select()
      .from(organizationExports)
      .where(and(eq(organizationExports.id, id), eq(organizationExports.organizationId, auth.user.organizationId)))
    if (!row) throw NotFound(NOT_FOUND)
    return row
  }

  async function list(auth: AuthContext) {
    authorize(auth.user, 'exports.manage')
    const rows = await db
      .select()
      .from(organizationExports)
      .where(eq(organizationExports.organizationId, auth.user.organizationId))
      .orderBy(desc(organizationExports.createdAt))
      .limit(LISTED)
    return Promise.all(rows.map(present))
  }

  const get = async (auth: AuthContext, id: string) => present(await ofOrganization(auth, id))

  /** Queues an export of the caller's organization; 409 while another is queued or running. */
  async function request(auth: AuthContext) {
    authorize(auth.user, 'exports.manage')
    const organizationId = auth.user.organizationId
    // One cut short by a stopped server would otherwise hold the organization's turn for ever.
    const interrupted = await db
      .update(organizationExports)
      .set({ status: 'failed', errorCode: 'interrupted', step: null, finishedAt: new Date() })
      .where(
        and(
          eq(organizationExports.organizationId, organizationId),
          inArray(organizationExports.status, ['queued', 'running']),
          lt(organizationExports.updatedAt, new Date(Date.now() - SILENT_MS)),
        ),
      )
      .returning()
    for (const row of interrupted) if (row.storageKey) await storage.remove(row.storageKey)
    const row = await db
      .insert(organizationExports)
      .values({ organizationId, requestedById: auth.user.id, stepsTotal: EXPORT_STEPS.length })
      .returning()
      .then(([inserted]) => inserted)
      .catch((error: unknown) => {
        if (isUniqueViolation(error, 'organization_exports_one_active_key'))
          throw Conflict('An export of your organization is already being prepared. Wait for it to finish, then start another.')
        throw error
      })
    if (!row) throw new Error('export insert returned nothing')
    await jobs.send(QUEUES.build, { exportId: row.id }, { retryLimit: 1, expireInSeconds: 60 * 60 })
    await announce(row)
    return present(row)
  }

  /** The ready archive, for download: 410 once expired. */
  async function archive(auth: AuthContext, id: string) {
    const row = await ofOrganization(auth, id)
    const status = statusOf(row)
    if (status === 'expired')
      throw new HttpError(
        410,
        `This export expired ${EXPORT_KEEP_DAYS} days after it was ready and its archive was deleted. Start a new export.`,
      )
    if (status !== 'ready' || !row.storageKey || row.size === null)
      throw Conflict('This export is not ready yet: download it once it is ready.')
    const [organization] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, row.organizationId))
    const slug = (organization?.name ?? 'organization')
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/[\s_]+/g, '-')
      .toLowerCase()
    const date = (row.finishedAt ?? row.createdAt).toISOString().slice(0, 10)
    return { storageKey: row.storageKey, size: row.size, name: `closeroom-export-${slug || 'organization'}-${date}.zip` }
  }

  /** The job: builds the archive, step after step, saying so as it goes. */
  async function build(id: string) {
    const [found] = await db.select().from(organizationExports).where(eq(organizationExports.id, id))
    if (!found || (found.status !== 'queued' && found.status !== 'running')) return
    // A retry after a stopped server starts again from the beginning; what the first try stored goes.
    if (found.storageKey) await storage.remove(found.storageKey)
    const storageKey = `exports/${found.organizationId}/${randomUUID()}`
    const [organization] = await db
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, found.organizationId))
    if (!organization) return
    await update(id, { status: 'running', storageKey, stepsDone: 0, stepsTotal: EXPORT_STEPS.length, step: EXPORT_STEPS[0] })
    try {
      const { size } = await buildArchive({
        db,
        storage,
        organization,
        storageKey,
        onStep: async (step, done) => {
          await update(id, { step, stepsDone: done })
        },
      })
      const finishedAt = new Date()
      const expiresAt = new Date(finishedAt.getTime() + EXPORT_KEEP_DAYS * DAY_MS)
      const ready = await update(id, { status: 'ready', step: null, stepsDone: EXPORT_STEPS.length, size, finishedAt, expiresAt })
      await jobs.send(QUEUES.expire, { exportId: id }, { startAfter: expiresAt, retryLimit: 5 })
      if (ready?.requestedById)
        await notifications.send({
          userId: ready.requestedById,
          kind: 'export-ready',
          data: { organization: organization.name, expires: expiresAt.toISOString() },
          url: SETTINGS_PATH,
        })
    } catch (error) {
      log.error({ err: error, exportId: id }, 'organization export failed')
      await update(id, { status: 'failed', errorCode: 'build_failed', step: null, storageKey: null, finishedAt: new Date() })
    }
  }

  /** Deletes the archives of ready exports past their date; one id, or every one due (at start). */
  async function expire(id?: string) {
    const due = await db
      .select()
      .from(organizationExports)
      .where(
        and(
          eq(organizationExports.status, 'ready'),
          lte(organizationExports.expiresAt, new Date()),
          id ? eq(organizationExports.id, id) : undefined,
        ),
      )
    for (const row of due) {
      if (row.storageKey) await storage.remove(row.storageKey)
      await update(row.id, { status: 'expired', storageKey: null })
    }
    return due.length
  }

  return { list, get, request, archive, build, expire }
}

export type ExportService = ReturnType<typeof createExportService>
