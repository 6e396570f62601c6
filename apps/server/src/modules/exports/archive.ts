import { Readable, Transform } from 'node:stream'
import { finished } from 'node:stream/promises'
import { EXPORT_STEPS, type ExportStep } from '@closeroom/shared'
import { type CastingContext, stringify } from 'csv-stringify/sync'
import { ZipFile } from 'yazl'
import type { Db } from '../../db/client.ts'
import type { FileStorage } from '../files/module.ts'
import { agreementPdfs, PAGE_SIZE, type Row, type Section, sectionsOf } from './sections.ts'

/** The archive's layout, said in its manifest: a reader of version 1 knows what to find where. */
export const FORMAT_VERSION = 1

export type Manifest = {
  formatVersion: number
  organization: { id: string; name: string }
  exportedAt: string
  /** Rows in each `.csv` and `.json` (the same), and the number of files under `agreements/`. */
  files: Record<string, number>
}

const cast = {
  // Spreadsheets read ISO 8601; csv-stringify's default would write milliseconds since 1970.
  date: (value: Date) => value.toISOString(),
  boolean: (value: boolean) => (value ? 'true' : 'false'),
  object: (value: object, _context: CastingContext) => JSON.stringify(value),
}

/** A section's rows, page after page. */
async function* rowsOf(section: Section): AsyncGenerator<Row> {
  let last: Row | null = null
  for (;;) {
    const rows = await section.page(last)
    yield* rows
    const end = rows.at(-1)
    if (!end || rows.length < PAGE_SIZE) return
    last = end
  }
}

/**
 * RFC 4180 CSV (CRLF, quoted where needed) with a header row. A cell starting with = + - @ (or a tab or carriage
 * return) is prefixed with ' so a spreadsheet shows it as text instead of running a buyer's words as a formula.
 */
async function* csvOf(section: Section, counted: (n: number) => void): AsyncGenerator<string> {
  yield stringify([section.columns], { record_delimiter: 'windows' })
  let n = 0
  for await (const row of rowsOf(section)) {
    n++
    yield stringify([row], { columns: section.columns, cast, escape_formulas: true, record_delimiter: 'windows' })
  }
  counted(n)
}

/** A JSON array of the rows, one per line, written as they are read. */
async function* jsonOf(section: Section): AsyncGenerator<string> {
  let first = true
  for await (const row of rowsOf(section)) {
    yield `${first ? '[\n' : ',\n'}${JSON.stringify(row)}`
    first = false
  }
  yield first ? '[]\n' : '\n]\n'
}

type Build = {
  db: Db
  storage: FileStorage
  organization: { id: string; name: string }
  /** Where the archive goes in storage. */
  storageKey: string
  /** Called as each step starts, with the number of steps done before it. */
  onStep: (step: ExportStep, done: number) => Promise<void>
}

/**
 * Writes the organization's archive into storage as a zip, streaming: each entry is read from the database a
 * page at a time while the zip is written, and the next entry starts when the previous one was read. Answers the
 * archive's size and its manifest.
 */
export async function buildArchive({
  db,
  storage,
  organization,
  storageKey,
  onStep,
}: Build): Promise<{ size: number; manifest: Manifest }> {
  const zip = new ZipFile()
  let size = 0
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length
      done(null, chunk)
    },
  })
  zip.outputStream.on('error', (error) => counter.destroy(error))
  const stored = storage.put(storageKey, zip.outputStream.pipe(counter))
  // An entry's source ends when the zip has read it; storage failing first ends the build instead of waiting.
  const write = async (name: string, source: Readable) => {
    zip.addReadStream(source, name)
    await Promise.race([
      finished(source),
      stored.then(() => {
        throw new Error('the archive ended before its entries')
      }),
    ])
  }

  const counts: Record<string, number> = {}
  const sections = new Map(sectionsOf(db, organization.id).map((section) => [section.step, section]))
  try {
    for (const [done, step] of EXPORT_STEPS.entries()) {
      await onStep(step, done)
      const section = sections.get(step)
      if (section) {
        await write(
          `${step}.csv`,
          Readable.from(
            csvOf(section, (n) => {
              counts[`${step}.csv`] = n
            }),
          ),
        )
        await write(`${step}.json`, Readable.from(jsonOf(section)))
        counts[`${step}.json`] = counts[`${step}.csv`] ?? 0
      } else {
        counts['agreements/'] = await writePdfs(db, organization.id, storage, write)
      }
    }
    const manifest: Manifest = {
      formatVersion: FORMAT_VERSION,
      organization,
      exportedAt: new Date().toISOString(),
      files: counts,
    }
    zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), 'manifest.json')
    zip.end()
    await stored
    return { size, manifest }
  } catch (error) {
    counter.destroy(error as Error)
    await stored.catch(() => undefined)
    await storage.remove(storageKey)
    throw error
  }
}

/** `agreements/<id>.pdf` for each agreement: the sealed PDF once completed, the uploaded original until then. */
async function writePdfs(db: Db, organizationId: string, storage: FileStorage, write: (name: string, source: Readable) => Promise<void>) {
  const page = agreementPdfs(db, organizationId)
  let last: string | null = null
  let n = 0
  for (;;) {
    const rows = await page(last)
    for (const row of rows) {
      await write(`agreements/${row.id}.pdf`, storage.open(row.storageKey))
      n++
    }
    const end = rows.at(-1)
    if (!end || rows.length < PAGE_SIZE) return n
    last = end.id
  }
}
