import { z } from 'zod'

/** How much one CSV file may hold: the import runs in one transaction, answered while the member waits. */
export const IMPORT_LIMITS = { maxBytes: 5_000_000, maxRows: 5_000, sampleRows: 5, maxRefusedShown: 200 }

/** The client fields a CSV column can fill; `name` is required. */
export const CLIENT_IMPORT_FIELDS = ['name', 'email', 'phone', 'company', 'title'] as const
export const ClientImportField = z.enum(CLIENT_IMPORT_FIELDS)
export type ClientImportField = z.infer<typeof ClientImportField>

/** The deal fields a CSV column can fill; `name` is required. Amounts are in the currency's major unit (12.50). */
export const DEAL_IMPORT_FIELDS = ['name', 'company', 'amount', 'currency', 'stage', 'owner', 'expectedCloseDate', 'contactEmail'] as const
export const DealImportField = z.enum(DEAL_IMPORT_FIELDS)
export type DealImportField = z.infer<typeof DealImportField>

const columnIndex = z.number().int().min(0).max(500)

/**
 * A CSV file to import: its text, which column fills which field (the server suggests one from the headers when
 * none is given), what to do with rows whose email the organization already has, and whether only to check.
 */
const importRequest = <F extends z.ZodEnum>(field: F) =>
  z.object({
    csv: z
      .string()
      .min(1, { message: 'The file is empty' })
      .max(IMPORT_LIMITS.maxBytes, { message: `The file is over ${IMPORT_LIMITS.maxBytes / 1_000_000} MB` }),
    mapping: z.partialRecord(field, columnIndex.nullable()).optional(),
    duplicates: z.enum(['refuse', 'skip']).default('refuse'),
    dryRun: z.boolean().default(false),
  })
export const ClientImportRequest = importRequest(ClientImportField)
export type ClientImportRequest = z.input<typeof ClientImportRequest>
export const DealImportRequest = importRequest(DealImportField)
export type DealImportRequest = z.input<typeof DealImportRequest>

/**
 * A row the import refuses, by its line in the file (the header is line 1), with the field and why: a value the
 * field's rule refuses (`message` is the rule's), an email the organization has already, or one an earlier line
 * of the file has (`sameAs`), or a name or email that finds nothing (a deal's stage, owner or contact).
 */
export const RefusedRow = z.object({
  line: z.number().int(),
  field: z.string().optional(),
  reason: z.enum(['invalid', 'exists', 'repeated', 'not_found']),
  message: z.string(),
  sameAs: z.number().int().optional(),
})
export type RefusedRow = z.infer<typeof RefusedRow>

/**
 * What a file holds and what the import did or would do: its columns and first rows (to map them), the mapping
 * used, the required fields no column fills, the rows refused (all or nothing: one refused row and nothing is imported), and the rows imported or
 * skipped as duplicates.
 */
export const ImportReport = z.object({
  columns: z.array(z.string()),
  sample: z.array(z.array(z.string())),
  rowCount: z.number().int(),
  mapping: z.record(z.string(), columnIndex.nullable()),
  /** Required fields no column fills: the member chooses their columns before anything can be imported. */
  missing: z.array(z.string()),
  refused: z.array(RefusedRow),
  refusedCount: z.number().int(),
  imported: z.number().int(),
  skipped: z.number().int(),
  dryRun: z.boolean(),
})
export type ImportReport = z.infer<typeof ImportReport>
