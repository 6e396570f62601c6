import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PDF } from '@libpdf/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PNG } from '../../../testing/files.ts'
import type { CertificateFacts } from './certificate.ts'
import type { FilledField } from './fields.ts'
import { sealPdf } from './seal.ts'
import { loadSigner, type Signer } from './signer.ts'
import { linearizedPdf, onPdfFile, pdfSignatures, pdfText, pdfWords, samplePdf } from './testing.ts'

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

const facts = (original: Uint8Array): CertificateFacts => ({
  title: 'Order form: ACME renewal',
  agreementId: '6c1f0a1e-7d2b-4c55-9a31-0f2d6e8b4a10',
  originalSha256: sha256(original),
  recipients: [
    {
      name: 'Nguyễn Thị Ánh',
      email: 'anh@acme.test',
      role: 'signer',
      status: 'signed',
      openedAt: new Date('2026-11-24T10:00:00Z'),
      signedAt: new Date('2026-11-24T10:05:30Z'),
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    },
    {
      name: 'Sam Seller',
      email: 'sam@closeroom.test',
      role: 'cc',
      status: 'sent',
      openedAt: null,
      signedAt: null,
      ip: null,
      userAgent: null,
    },
  ],
  audit: [
    { at: new Date('2026-11-24T09:00:00Z'), action: 'created', actor: 'Sam Seller', ip: '198.51.100.2' },
    { at: new Date('2026-11-24T10:05:30Z'), action: 'signed', actor: 'Nguyễn Thị Ánh', ip: '203.0.113.7' },
  ],
})

const A4 = { width: 595.28, height: 841.89 }

describe('sealing a completed agreement', { timeout: 30_000 }, () => {
  let dataDir: string
  let signer: Signer
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'closeroom-seal-'))
    signer = await loadSigner({ dataDir })
  })
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('signs the whole file once with a valid PAdES signature that pdfsig and qpdf accept, and gives its digest', async () => {
    const original = await samplePdf(2)
    const fields: FilledField[] = [{ page: 1, x: 0.1, y: 0.5, width: 0.4, height: 0.05, type: 'name', value: 'Ánh' }]
    const sealed = await sealPdf({ original, fields, certificate: facts(original), signer })

    const signatures = await pdfSignatures(sealed.pdf)
    expect(signatures).toHaveLength(1)
    expect(signatures[0]).toMatchObject({
      'Signature Type': 'ETSI.CAdES.detached',
      'Signing Hash Algorithm': 'SHA-256',
      'Signer Certificate Common Name': 'Closeroom agreement seal',
      'Total document signed': 'yes',
      'Signature Validation': 'Signature is Valid.',
    })
    // The last signed range ends at the last byte: nothing was appended after the signature.
    expect(signatures[0]?.['Signed Ranges']).toMatch(new RegExp(`^\\[0 - \\d+\\], \\[\\d+ - ${sealed.pdf.length}\\]$`))

    const check = await onPdfFile(sealed.pdf, 'qpdf', (file) => ['--check', file])
    expect(check).toMatchObject({ code: 0, stderr: '' })
    expect(check.stdout).toContain('No syntax or stream encoding errors found')

    expect(sealed.sha256).toBe(sha256(sealed.pdf))
  })

  it('seals a linearized upload (fast web view, as office suites and scanners save them) just as validly', async () => {
    const original = await linearizedPdf(await samplePdf(3))
    const fields: FilledField[] = [{ page: 3, x: 0.1, y: 0.5, width: 0.4, height: 0.05, type: 'name', value: 'Ánh' }]
    const sealed = await sealPdf({ original, fields, certificate: facts(original), signer })

    expect(await pdfSignatures(sealed.pdf)).toEqual([
      expect.objectContaining({ 'Total document signed': 'yes', 'Signature Validation': 'Signature is Valid.' }),
    ])
    expect(await onPdfFile(sealed.pdf, 'qpdf', (file) => ['--check', file])).toMatchObject({ code: 0, stderr: '' })
    expect(await pdfText(sealed.pdf, { page: 3 })).toContain('Ánh')
    expect(await pdfText(sealed.pdf, { page: 4 })).toContain('Certificate of completion')
  })

  it('draws each value into the page where it was placed, on upright and rotated pages', async () => {
    const turned = await PDF.load(await samplePdf(2))
    turned.getPage(1)?.setRotation(90)
    const original = await turned.save()
    const fields: FilledField[] = [
      { page: 1, x: 0.1, y: 0.25, width: 0.4, height: 0.06, type: 'signature', value: 'Ánh Nguyễn' },
      { page: 1, x: 0.6, y: 0.25, width: 0.3, height: 0.03, type: 'date', value: '2026-11-24' },
      { page: 1, x: 0.1, y: 0.6, width: 0.5, height: 0.03, type: 'email', value: 'anh@acme.test' },
      { page: 2, x: 0.5, y: 0.7, width: 0.3, height: 0.04, type: 'text', value: 'PO-4471' },
      { page: 2, x: 0.1, y: 0.1, width: 0.2, height: 0.1, type: 'initials', value: `data:image/png;base64,${PNG.toString('base64')}` },
      { page: 2, x: 0.1, y: 0.3, width: 0.3, height: 0.03, type: 'text', value: null },
      {
        page: 2,
        x: 0.5,
        y: 0.1,
        width: 0.4,
        height: 0.12,
        type: 'text',
        value: 'Delivery to the Lyon warehouse\nbefore the first of March, invoiced quarterly in advance',
      },
    ]
    const sealed = await sealPdf({ original, fields, certificate: facts(original), signer })

    const words = await pdfWords(sealed.pdf)
    const shown = [A4, { width: A4.height, height: A4.width }]
    for (const field of fields.filter((f) => f.type !== 'initials' && f.value)) {
      const size = shown[field.page - 1] ?? A4
      // Inside its box as the reader sees the page, to within a point.
      const box = {
        xMin: field.x * size.width - 1,
        xMax: (field.x + field.width) * size.width + 1,
        yMin: field.y * size.height - 1,
        yMax: (field.y + field.height) * size.height + 1,
      }
      for (const text of field.value?.split(/\s+/) ?? []) {
        const where = words
          .filter((word) => word.text === text)
          .map(({ page, xMin, xMax, yMin, yMax }) => ({ page, xMin, xMax, yMin, yMax }))
        expect(
          where.some(
            (word) =>
              word.page === field.page && word.xMin >= box.xMin && word.xMax <= box.xMax && word.yMin >= box.yMin && word.yMax <= box.yMax,
          ),
          `"${text}" of the ${field.type} field is at ${JSON.stringify(where)}, not in ${JSON.stringify({ page: field.page, ...box })}`,
        ).toBe(true)
      }
    }
    const images = await onPdfFile(sealed.pdf, 'pdfimages', (file) => ['-list', file])
    expect(images.stdout.split('\n').filter((line) => /^\s+2\s+\d+\s+image\s+1\s+1\s/.test(line))).toHaveLength(1)
  })

  it('appends a certificate naming each recipient and what they did, with both digests, each checkable on the file itself', async () => {
    const original = await samplePdf(1)
    const certificate = facts(original)
    const fields: FilledField[] = [{ page: 1, x: 0.1, y: 0.5, width: 0.4, height: 0.05, type: 'text', value: 'PO-4471' }]
    const sealed = await sealPdf({ original, fields, certificate, signer })

    const text = await pdfText(sealed.pdf, { page: 2 })
    for (const expected of [
      'Certificate of completion',
      'Order form: ACME renewal',
      certificate.agreementId,
      sha256(original),
      'Nguyễn Thị Ánh <anh@acme.test>',
      'Sam Seller <sam@closeroom.test>',
      'signer',
      'cc',
      '2026-11-24 10:00:00 UTC',
      '2026-11-24 10:05:30 UTC',
      '203.0.113.7',
      'Chrome/131.0.0.0',
      '198.51.100.2',
    ]) {
      expect(text).toContain(expected)
    }
    // Each revision of the file ends at a %%EOF: the original's, the signed pages', then the certificate's and the seal's.
    const file = Buffer.from(sealed.pdf)
    const revisions = [...file.toString('latin1').matchAll(/%%EOF\r?\n?/g)].map((end) => sealed.pdf.slice(0, end.index + end[0].length))
    expect(revisions.map(sha256)).toContain(sha256(original))
    const signedPages = revisions.find((revision) => sha256(revision) === /Signed SHA-256\s+([0-9a-f]{64})/.exec(text)?.[1])
    expect(signedPages).toBeDefined()
    const signedText = await pdfText(signedPages ?? new Uint8Array())
    expect(signedText).toContain('PO-4471')
    expect(signedText).not.toContain('Certificate of completion')
  })
})
