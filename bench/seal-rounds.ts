import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { PDF } from '@libpdf/core'
import type { FilledField } from '../apps/server/src/modules/agreements/pdf/fields.ts'
import { sealPdf } from '../apps/server/src/modules/agreements/pdf/seal.ts'
import { loadSigner } from '../apps/server/src/modules/agreements/pdf/signer.ts'

// One side of bench/seal.ts in a process of its own, so its peak memory is its own: `node bench/seal-rounds.ts
// <seal|load-save> <dir> <rounds>` reads dir/original.pdf and dir/signature.png, runs one warm-up and `rounds`
// timed rounds, and prints { ms: [...], maxRssMb } as JSON on its last line.

export type Rounds = { ms: number[]; maxRssMb: number }

export const FIELDS = 40

/** 40 fields over the pages of the document: per recipient a drawn signature, initials, a name, a date, a box and a note. */
export function benchFields(pageCount: number, signaturePng: Uint8Array): FilledField[] {
  const drawn = `data:image/png;base64,${Buffer.from(signaturePng).toString('base64')}`
  const kinds: Pick<FilledField, 'type' | 'value' | 'width' | 'height'>[] = [
    { type: 'signature', value: drawn, width: 0.3, height: 0.06 },
    { type: 'initials', value: 'ÁN', width: 0.08, height: 0.04 },
    { type: 'name', value: 'Ánh Nguyễn', width: 0.3, height: 0.03 },
    { type: 'date', value: '2026-11-24', width: 0.2, height: 0.03 },
    { type: 'checkbox', value: 'true', width: 0.03, height: 0.02 },
    { type: 'text', value: 'Purchase order PO-4471, net 30', width: 0.4, height: 0.03 },
  ]
  return Array.from({ length: FIELDS }, (_, i) => {
    const kind = kinds[i % kinds.length] as (typeof kinds)[number]
    return { ...kind, page: 1 + Math.floor((i * pageCount) / FIELDS), x: 0.1 + (i % 2) * 0.45, y: 0.1 + (i % 8) * 0.1 }
  })
}

async function main() {
  const [mode, dir, rounds] = process.argv.slice(2)
  if ((mode !== 'seal' && mode !== 'load-save') || !dir || !rounds) throw new Error('usage: seal-rounds.ts <seal|load-save> <dir> <rounds>')
  const original = new Uint8Array(await readFile(`${dir}/original.pdf`))
  const signer = await loadSigner({ dataDir: dir })
  const pdfPages = (await PDF.load(original)).getPageCount()
  const fields = benchFields(pdfPages, await readFile(`${dir}/signature.png`))
  const certificate = {
    title: 'Order form: ACME renewal 2027',
    agreementId: '6c1f0a1e-7d2b-4c55-9a31-0f2d6e8b4a10',
    originalSha256: createHash('sha256').update(original).digest('hex'),
    recipients: [
      {
        name: 'Ánh Nguyễn',
        email: 'anh@acme.test',
        role: 'signer' as const,
        status: 'signed' as const,
        openedAt: new Date('2026-11-24T10:00:00Z'),
        signedAt: new Date('2026-11-24T10:05:00Z'),
        ip: '203.0.113.7',
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      },
    ],
    audit: [{ at: new Date('2026-11-24T10:05:00Z'), action: 'signed', actor: 'Ánh Nguyễn', ip: '203.0.113.7' }],
  }
  const once = async () => {
    if (mode === 'seal') return (await sealPdf({ original, fields, certificate, signer })).pdf
    return (await PDF.load(original)).save()
  }
  await once()
  const ms: number[] = []
  for (let i = 0; i < Number(rounds); i++) {
    const started = performance.now()
    await once()
    ms.push(performance.now() - started)
  }
  const result: Rounds = { ms, maxRssMb: process.resourceUsage().maxRSS / 1024 }
  console.log(JSON.stringify(result))
}

if (import.meta.main) await main()
