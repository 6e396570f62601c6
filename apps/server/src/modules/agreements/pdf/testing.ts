import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { PDF } from '@libpdf/core'

// Real PDFs made with the library, and Debian's poppler-utils and qpdf to read them back as any viewer would:
// for the tests and the seal benchmark, so no binary fixture is kept.

const run = promisify(execFile)

/** An A4 PDF whose page n says "Page n of N" at the top, so a test can tell pages apart. */
export async function samplePdf(pageCount: number, size: { width: number; height: number } = { width: 595.28, height: 841.89 }) {
  const pdf = PDF.create()
  for (let n = 1; n <= pageCount; n++) {
    const page = pdf.addPage(size)
    page.drawText(`Page ${n} of ${pageCount}`, { x: 56, y: size.height - 72, size: 18 })
    page.drawText('The parties agree to the terms set out in this document.', { x: 56, y: size.height - 110, size: 11 })
  }
  return pdf.save()
}

/** Runs a tool on the PDF, written to a temporary file; its stdout, stderr and exit code, never a throw. */
export async function onPdfFile(bytes: Uint8Array, tool: string, args: (file: string) => string[]) {
  const dir = await mkdtemp(join(tmpdir(), 'closeroom-pdf-'))
  const file = join(dir, 'document.pdf')
  try {
    await writeFile(file, bytes)
    try {
      const { stdout, stderr } = await run(tool, args(file), { maxBuffer: 64 * 1024 * 1024 })
      return { stdout, stderr, code: 0 }
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string; code?: number }
      return { stdout: failed.stdout ?? '', stderr: failed.stderr ?? '', code: failed.code ?? 1 }
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** The PDF rewritten by qpdf with the given options (`--encrypt …`, `--linearize`). */
async function rewrittenByQpdf(bytes: Uint8Array, options: string[]) {
  const dir = await mkdtemp(join(tmpdir(), 'closeroom-pdf-'))
  try {
    await writeFile(join(dir, 'in.pdf'), bytes)
    await run('qpdf', [...options, join(dir, 'in.pdf'), join(dir, 'out.pdf')])
    return new Uint8Array(await readFile(join(dir, 'out.pdf')))
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** The PDF encrypted by qpdf with AES-256, a user password and an owner password (empty user password: opens without one). */
export const encryptedPdf = (bytes: Uint8Array, userPassword: string) =>
  rewrittenByQpdf(bytes, ['--encrypt', userPassword, 'owner-secret', '256', '--'])

/** The PDF linearized ("fast web view") by qpdf, as many office suites and scanners save them. */
export const linearizedPdf = (bytes: Uint8Array) => rewrittenByQpdf(bytes, ['--linearize'])

/** Page n's text as pdftotext lays it out. */
export async function pdfText(bytes: Uint8Array, options: { page?: number } = {}) {
  const pages = options.page ? ['-f', String(options.page), '-l', String(options.page)] : []
  const { stdout, stderr, code } = await onPdfFile(bytes, 'pdftotext', (file) => [...pages, '-layout', file, '-'])
  if (code !== 0) throw new Error(`pdftotext failed: ${stderr}`)
  return stdout
}

export type WordBox = { text: string; page: number; xMin: number; yMin: number; xMax: number; yMax: number }

/** Every word pdftotext finds, with its box in points from the top-left of its page as shown. */
export async function pdfWords(bytes: Uint8Array): Promise<WordBox[]> {
  const { stdout, stderr, code } = await onPdfFile(bytes, 'pdftotext', (file) => ['-bbox', file, '-'])
  if (code !== 0) throw new Error(`pdftotext failed: ${stderr}`)
  const words: WordBox[] = []
  for (const [i, page] of stdout.split('<page ').slice(1).entries()) {
    for (const match of page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
      const [, xMin, yMin, xMax, yMax, text] = match
      words.push({ text: text ?? '', page: i + 1, xMin: Number(xMin), yMin: Number(yMin), xMax: Number(xMax), yMax: Number(yMax) })
    }
  }
  return words
}

/** pdfsig's report on each signature, field by field ("Signature Validation" → "Signature is Valid."). */
export async function pdfSignatures(bytes: Uint8Array) {
  const { stdout, stderr, code } = await onPdfFile(bytes, 'pdfsig', (file) => ['-nocert', file])
  if (code !== 0) throw new Error(`pdfsig failed (${code}): ${stderr}${stdout}`)
  return stdout
    .split(/^Signature #\d+:$/m)
    .slice(1)
    .map((block) => {
      const facts: Record<string, string> = {}
      for (const line of block.split('\n')) {
        const fact = /^\s+- ([^:]+)(?:: (.*))?$/.exec(line)
        if (fact?.[1]) facts[fact[1]] = fact[2] ?? 'yes'
      }
      return facts
    })
}
