import { IMPORT_LIMITS, type ImportReport, type RefusedRow } from '@closeroom/shared'
import { parse } from 'csv-parse/sync'
import { Invalid } from '../http/errors.ts'

const unreadable = { code: 'csv_unreadable' } as const

/** A CSV file read for an import: its header and its rows, each with its line in the file. */
export type CsvTable = { columns: string[]; rows: { line: number; cells: string[] }[] }

/**
 * Reads a CSV file as spreadsheets write it: comma, semicolon (Excel in much of Europe) or tab between cells,
 * quotes, a byte-order mark, blank lines skipped. The first row names the columns. A file that cannot be read,
 * has no row under its header or more than the limit is refused as a whole.
 */
export function readCsv(text: string): CsvTable {
  let records: { record: string[]; info: { lines: number } }[]
  try {
    // With `info`, each record comes with where it ends; csv-parse's types do not follow that option.
    records = parse(text, {
      bom: true,
      delimiter: [',', ';', '\t'],
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as unknown as typeof records
  } catch (error) {
    throw Invalid(`csv: The file is not a CSV file a spreadsheet would write (${(error as Error).message})`, unreadable)
  }
  const [header, ...body] = records
  if (!header || header.record.every((cell) => cell === '')) throw Invalid('csv: The file has no header row naming its columns', unreadable)
  if (body.length === 0) throw Invalid('csv: The file has no row under its header', unreadable)
  if (body.length > IMPORT_LIMITS.maxRows)
    throw Invalid(`csv: The file has ${body.length} rows; an import takes up to ${IMPORT_LIMITS.maxRows} (split the file)`, {
      code: 'csv_too_many_rows',
    })
  return {
    columns: header.record,
    // info.lines is where the record ends: a quoted cell may span lines, and that line is the one a reader finds.
    rows: body.map(({ record, info }) => ({ line: info.lines, cells: record })),
  }
}

/** A column's name as written, for matching: lower case, letters and digits only ("E-mail " → "email"). */
const key = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]/g, '')

/**
 * The mapping a member starts from: each field's column found by its name or a usual other name (a CRM's
 * export, a spreadsheet in French), at most one field per column; a mapping given by the member wins.
 */
export function suggestMapping<F extends string>(
  columns: string[],
  synonyms: Record<F, string[]>,
  given?: Partial<Record<F, number | null>>,
): Record<F, number | null> {
  const keys = columns.map(key)
  const taken = new Set<number>()
  const mapping = {} as Record<F, number | null>
  for (const field of Object.keys(synonyms) as F[]) {
    const chosen = given?.[field]
    if (chosen !== undefined) {
      if (chosen !== null && chosen >= columns.length) throw Invalid(`mapping.${field}: The file has no column ${chosen + 1}`)
      mapping[field] = chosen
      if (chosen !== null) taken.add(chosen)
    }
  }
  for (const field of Object.keys(synonyms) as F[]) {
    if (mapping[field] !== undefined) continue
    const names = [field, ...synonyms[field]].map(key)
    const found = keys.findIndex((k, index) => !taken.has(index) && names.includes(k))
    mapping[field] = found === -1 ? null : found
    if (found !== -1) taken.add(found)
  }
  return mapping
}

/** The cell of `field` in a row, or '' when no column fills it. */
export const cellOf = <F extends string>(cells: string[], mapping: Record<F, number | null>, field: F) => {
  const column = mapping[field]
  return column === null ? '' : (cells[column] ?? '')
}

/** The report's part every import shares: the file's columns and first rows, the mapping, the refused rows. */
export function reportOf(
  table: CsvTable,
  mapping: Record<string, number | null>,
  missing: string[],
  refused: RefusedRow[],
  done: { imported: number; skipped: number; dryRun: boolean },
): ImportReport {
  return {
    columns: table.columns,
    sample: table.rows.slice(0, IMPORT_LIMITS.sampleRows).map((row) => row.cells),
    rowCount: table.rows.length,
    mapping,
    missing,
    refused: refused.slice(0, IMPORT_LIMITS.maxRefusedShown),
    refusedCount: refused.length,
    ...done,
  }
}

/** The first problem zod finds with a row, as a refused row: the field it names and its message. */
export function refusal(line: number, issues: { path: PropertyKey[]; message: string }[]): RefusedRow {
  const [first] = issues
  const field = first?.path[0]
  return { line, ...(typeof field === 'string' && { field }), reason: 'invalid', message: first?.message ?? 'This row is not valid' }
}

/** Rows written per statement: PostgreSQL takes at most 65,535 parameters in one. */
export const IMPORT_CHUNK = 500

/**
 * What an import whose required name column is not mapped answers: in a dry run, the file's columns with the field
 * said missing (the member chooses it); otherwise a refusal naming the field.
 */
export function nameMissing(table: CsvTable, mapping: Record<string, number | null>, dryRun: boolean, sentence: string): ImportReport {
  if (!dryRun) throw Invalid(`mapping.name: ${sentence}`)
  return reportOf(table, mapping, ['name'], [], { imported: 0, skipped: 0, dryRun: true })
}

/** All or nothing: an import (not a dry run) with a refused row writes nothing and says how many were refused. */
export function refuseUnlessClean(table: CsvTable, refused: RefusedRow[], dryRun: boolean) {
  if (refused.length > 0 && !dryRun)
    throw Invalid(`csv: ${refused.length} of ${table.rows.length} rows are refused, so nothing was imported (check the file first)`, {
      code: 'import_refused',
    })
}
