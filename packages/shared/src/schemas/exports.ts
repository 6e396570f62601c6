import { z } from 'zod'
import { Id } from './common.ts'

/** Where an organization export stands; `expired` once its archive was deleted (7 days after it was ready). */
export const EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed', 'expired'] as const
export const ExportStatus = z.enum(EXPORT_STATUSES)
export type ExportStatus = z.infer<typeof ExportStatus>

/** The steps of an export, in order: each writes one kind's `.csv` and `.json`, or the agreements' PDFs. */
export const EXPORT_STEPS = [
  'users',
  'teams',
  'clients',
  'products',
  'deals',
  'deal-lines',
  'deal-activities',
  'deal-notes',
  'deal-stage-history',
  'event-types',
  'bookings',
  'salesrooms',
  'salesroom-visits',
  'salesroom-document-views',
  'salesroom-messages',
  'agreements',
  'agreement-signers',
  'agreement-events',
  'agreement-pdfs',
  'invoices',
  'invoice-lines',
  'recordings',
  'files',
] as const
export const ExportStep = z.enum(EXPORT_STEPS)
export type ExportStep = z.infer<typeof ExportStep>

/** Why an export failed: the server stopped while building it, or building it failed. */
export const EXPORT_ERRORS = ['interrupted', 'build_failed'] as const
export const ExportError = z.enum(EXPORT_ERRORS)
export type ExportError = z.infer<typeof ExportError>

/** How long a ready archive can be downloaded. */
export const EXPORT_KEEP_DAYS = 7

export const OrganizationExport = z.object({
  id: Id,
  status: ExportStatus,
  requestedBy: z.object({ id: Id, name: z.string() }).nullable(),
  progress: z.object({
    done: z.number().int(),
    total: z.number().int(),
    /** The step being worked on; null before the first and once finished. */
    step: ExportStep.nullable(),
  }),
  /** The archive's size in bytes, once ready. */
  size: z.number().int().nullable(),
  error: ExportError.nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
})
export type OrganizationExport = z.infer<typeof OrganizationExport>

export const OrganizationExportList = z.object({ exports: z.array(OrganizationExport) })
export type OrganizationExportList = z.infer<typeof OrganizationExportList>

/** organization-export-changed: an export of the organization moved on, to its admins. */
export const OrganizationExportChanged = z.object({ export: OrganizationExport })
export type OrganizationExportChanged = z.infer<typeof OrganizationExportChanged>
