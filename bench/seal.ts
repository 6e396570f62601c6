import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { inspectPdf } from '../apps/server/src/modules/agreements/pdf/inspect.ts'
import { type OrderFormLine, orderFormPdf } from '../apps/server/src/modules/agreements/pdf/order-form.ts'
import { loadSigner } from '../apps/server/src/modules/agreements/pdf/signer.ts'
import { type Result, result } from './report.ts'
import { FIELDS, type Rounds } from './seal-rounds.ts'

// Sealing a completed agreement (flatten 40 fields, append the certificate, sign) on a 30-page document, against
// loading and saving the same document unchanged with the same library, in the same run. The document is a
// generated order form (embedded fonts, a table on every page) and one field in six is a drawn signature PNG.
// Each side runs in a child process of its own, twice, alternating, so both see the same load and each peak
// memory is its own process's.

const BENCH = 'seal'
const PAGES = 30
/** Order lines that fill 30 pages of the order form. */
const LINES = 600
const ROUNDS = 4

const run = promisify(execFile)

async function document(): Promise<Uint8Array> {
  const lines: OrderFormLine[] = Array.from({ length: LINES }, (_, i) => ({
    name: `Closeroom Pro seats, region ${i + 1}`,
    description: i % 3 === 0 ? 'Annual subscription, billed yearly, with unlimited sales rooms and agreements' : '',
    quantity: 1 + (i % 9),
    unitPrice: 125_000,
    discount: 0,
    total: (1 + (i % 9)) * 125_000,
  }))
  const subtotal = lines.reduce((sum, line) => sum + line.total, 0)
  return orderFormPdf({
    organization: { name: 'Northwind Software', logo: null, brandColor: '#2f6fed' },
    client: { name: 'Ánh Nguyễn', email: 'anh@acme.test', company: 'ACME Corporation' },
    deal: { title: 'ACME renewal 2027', currency: 'EUR', lines, subtotal, discounts: 0, tax: null, total: subtotal },
    issuedOn: '2026-11-24',
    locale: 'en',
  })
}

/** A drawn signature's size (600×160 pixels), made by rendering part of a page with pdftoppm. */
async function signaturePng(pdf: Uint8Array, dir: string): Promise<void> {
  await writeFile(join(dir, 'page.pdf'), pdf)
  await run('pdftoppm', [
    '-png',
    '-singlefile',
    '-r',
    '150',
    '-x',
    '100',
    '-y',
    '100',
    '-W',
    '600',
    '-H',
    '160',
    join(dir, 'page.pdf'),
    join(dir, 'signature'),
  ])
}

async function rounds(mode: 'seal' | 'load-save', dir: string): Promise<Rounds> {
  const { stdout } = await run(process.execPath, [new URL('./seal-rounds.ts', import.meta.url).pathname, mode, dir, String(ROUNDS)], {
    maxBuffer: 1024 * 1024,
  })
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Rounds
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number

export async function sealBench(): Promise<Result[]> {
  const dir = await mkdtemp(join(tmpdir(), 'closeroom-seal-bench-'))
  try {
    const original = await document()
    const { pages } = await inspectPdf(original)
    if (pages.length !== PAGES) throw new Error(`the bench document has ${pages.length} pages, not ${PAGES}: change LINES`)
    await writeFile(join(dir, 'original.pdf'), original)
    await signaturePng(original, dir)
    // Generated once here, so neither side times making the key.
    await loadSigner({ dataDir: dir })
    console.log(
      `${BENCH}: ${PAGES} pages (${original.length} bytes), ${FIELDS} fields, ${(await readFile(join(dir, 'signature.png'))).length}-byte signature PNG; ${ROUNDS} rounds a process, two processes a side`,
    )

    const seal: Rounds[] = []
    const loadSave: Rounds[] = []
    for (let i = 0; i < 2; i++) {
      loadSave.push(await rounds('load-save', dir))
      seal.push(await rounds('seal', dir))
    }
    const sealMs = median(seal.flatMap((r) => r.ms))
    const loadSaveMs = median(loadSave.flatMap((r) => r.ms))
    const sealRss = Math.max(...seal.map((r) => r.maxRssMb))
    const loadSaveRss = Math.max(...loadSave.map((r) => r.maxRssMb))
    console.log(
      `${BENCH}: seal ${sealMs.toFixed(0)} ms (${(sealMs / PAGES).toFixed(1)} ms a page), load and save ${loadSaveMs.toFixed(0)} ms; peak RSS ${sealRss.toFixed(0)} MB vs ${loadSaveRss.toFixed(0)} MB`,
    )
    return [
      result({ bench: BENCH, metric: `seal, ${PAGES} pages, ${FIELDS} fields`, value: sealMs, unit: 'ms', baseline: loadSaveMs }),
      result({ bench: BENCH, metric: 'seal, per page', value: sealMs / PAGES, unit: 'ms', baseline: loadSaveMs / PAGES }),
      result({ bench: BENCH, metric: 'peak RSS of the process', value: sealRss, unit: 'MB', baseline: loadSaveRss }),
    ]
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
