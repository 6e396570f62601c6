/** A value as it goes into a CSV file: raw, never formatted for a language (Excel and scripts read it back). */
export type CsvValue = string | number | boolean | null | undefined

// Excel reads a file without a byte order mark in the machine's code page: é and ع come out garbled.
const BOM = '\uFEFF'

/**
 * A spreadsheet opens a cell that starts with = + - @ as a formula (CSV injection): such text gets a leading
 * apostrophe. Numbers stay numbers, negative ones included.
 */
function cell(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** RFC 4180 text: a header row, then one line per row, CRLF line ends, with a UTF-8 byte order mark for Excel. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return `${BOM}${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`
}

/** A file name from a chart's title and period: `pipeline-by-stage_2026-11-01_2026-11-30.csv`. */
export function csvFileName(title: string, period?: { from: string; to: string }): string {
  const slug =
    title
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .normalize('NFC')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'chart'
  return `${slug}${period ? `_${period.from}_${period.to}` : ''}.csv`
}

/** Hands `csv` to the browser as a download named `fileName`. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // The download has started from the object URL by now; revoking later lets slow browsers read it first.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
