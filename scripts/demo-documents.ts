// Writes the demo organization's library PDFs (apps/server/src/modules/files/demo/*.pdf):
//   node scripts/demo-documents.ts
// The output is committed, so a first start seeds them without loading a PDF library (idle memory is a
// measured target). Run this again after changing their text; the seed's DEMO_DOCUMENTS says each one's page
// count, which this script checks, so the library never claims pages a file does not have.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Color, PDF, type PDFPage, rgb } from '@libpdf/core'
import subsetFont from 'subset-font'
import { DEMO_DOCUMENTS } from '../apps/server/src/modules/files/demo.ts'

const A4 = { width: 595.28, height: 841.89 }
const MARGIN = 56
const CONTENT = A4.width - 2 * MARGIN
const BRAND = rgb(0, 0.655, 0.435)
const BRAND_TINT = rgb(0.9, 0.97, 0.94)
const INK = rgb(0.11, 0.13, 0.18)
const MUTED = rgb(0.42, 0.45, 0.52)
const RULE = rgb(0.87, 0.89, 0.92)

type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'text'; text: string; muted?: boolean }
  | { kind: 'bullets'; items: string[] }
  | { kind: 'plans'; plans: { name: string; price: string; unit: string; items: string[] }[] }
  | { kind: 'table'; rows: [string, string][] }

type Page = { title: string; subtitle: string; blocks: Block[] }
type TextStyle = { size: number; bold?: boolean; color?: Color }
type Typeface = {
  width(text: string, style: TextStyle): number
  draw(page: PDFPage, text: string, at: { x: number; y: number } & TextStyle): void
  wrap(text: string, style: TextStyle, maxWidth: number): string[]
}

const noto = (file: string) => readFileSync(new URL(`../fonts/${file}`, import.meta.resolve('@embedpdf/fonts-latin')))

/**
 * Noto Sans (the agreements' Latin font), cut to the characters the document uses: the whole font would make
 * each PDF 650 KB instead of a few dozen.
 */
async function embedTypeface(pdf: PDF, texts: string[]): Promise<Typeface> {
  const used = [...new Set(texts.join(''))].join('')
  const [regular, bold] = await Promise.all(
    ['NotoSans-Regular.ttf', 'NotoSans-Bold.ttf'].map(async (file) =>
      pdf.embedFont(new Uint8Array(await subsetFont(noto(file), used, { targetFormat: 'truetype' }))),
    ),
  )
  const fontOf = (bold_: boolean | undefined) => (bold_ ? bold : regular) as NonNullable<typeof regular>
  const width = (text: string, style: TextStyle) => fontOf(style.bold).widthOfTextAtSize(text, style.size)
  return {
    width,
    draw: (page, text, { x, y, size, bold: isBold, color }) =>
      page.drawText(text, { x, y, size, font: fontOf(isBold), ...(color ? { color } : {}) }),
    wrap(text, style, maxWidth) {
      const lines: string[] = []
      let line = ''
      for (const word of text.split(' ')) {
        const next = line ? `${line} ${word}` : word
        if (width(next, style) <= maxWidth || !line) line = next
        else {
          lines.push(line)
          line = word
        }
      }
      return [...lines, line]
    },
  }
}

/** Draws a document of a few pages, each a title and blocks; fails rather than overflowing a page. */
async function render(documentTitle: string, pages: Page[]): Promise<Uint8Array> {
  const pdf = PDF.create()
  pdf.setTitle(documentTitle)
  pdf.setAuthor('Acme Sales')
  pdf.setLanguage('en')
  const words = pages.flatMap((p) => [
    p.title,
    p.subtitle,
    ...p.blocks.flatMap((b) =>
      'text' in b
        ? [b.text]
        : b.kind === 'bullets'
          ? b.items
          : b.kind === 'plans'
            ? b.plans.flatMap((plan) => [plan.name, plan.price, plan.unit, ...plan.items])
            : b.rows.flat(),
    ),
  ])
  const type = await embedTypeface(pdf, [...words, documentTitle, 'ACME SALES · Page of 0123456789'])
  pages.forEach((content, index) => {
    const page = pdf.addPage(A4)
    page.drawRectangle({ x: 0, y: A4.height - 8, width: A4.width, height: 8, color: BRAND })
    let y = A4.height - MARGIN - 10
    type.draw(page, 'ACME SALES', { x: MARGIN, y, size: 9, bold: true, color: BRAND })
    y -= 34
    type.draw(page, content.title, { x: MARGIN, y, size: 26, bold: true, color: INK })
    y -= 22
    for (const line of type.wrap(content.subtitle, { size: 11 }, CONTENT)) {
      type.draw(page, line, { x: MARGIN, y, size: 11, color: MUTED })
      y -= 15
    }
    y -= 14
    for (const block of content.blocks) y = drawBlock(page, type, block, y)
    if (y < MARGIN + 30) throw new Error(`${documentTitle}: page ${index + 1} runs over its bottom margin`)
    page.drawLine({ start: { x: MARGIN, y: MARGIN + 14 }, end: { x: A4.width - MARGIN, y: MARGIN + 14 }, color: RULE, thickness: 0.75 })
    type.draw(page, `Acme Sales · ${documentTitle}`, { x: MARGIN, y: MARGIN, size: 8, color: MUTED })
    const number = `Page ${index + 1} of ${pages.length}`
    type.draw(page, number, { x: A4.width - MARGIN - type.width(number, { size: 8 }), y: MARGIN, size: 8, color: MUTED })
  })
  return pdf.save()
}

function paragraph(page: PDFPage, type: Typeface, text: string, at: { x: number; y: number; width: number }, style: TextStyle) {
  let y = at.y
  for (const line of type.wrap(text, style, at.width)) {
    type.draw(page, line, { x: at.x, y, ...style })
    y -= style.size * 1.45
  }
  return y
}

function drawBlock(page: PDFPage, type: Typeface, block: Block, top: number): number {
  let y = top
  switch (block.kind) {
    case 'heading':
      y -= 8
      type.draw(page, block.text, { x: MARGIN, y, size: 13, bold: true, color: INK })
      page.drawRectangle({ x: MARGIN, y: y - 7, width: 28, height: 2, color: BRAND })
      return y - 24
    case 'text':
      return paragraph(page, type, block.text, { x: MARGIN, y, width: CONTENT }, { size: 10.5, color: block.muted ? MUTED : INK }) - 8
    case 'bullets':
      for (const item of block.items) {
        page.drawCircle({ x: MARGIN + 4, y: y + 3.5, radius: 2, color: BRAND })
        y = paragraph(page, type, item, { x: MARGIN + 14, y, width: CONTENT - 14 }, { size: 10.5, color: INK }) - 4
      }
      return y - 6
    case 'plans': {
      const gap = 12
      const width = (CONTENT - gap * (block.plans.length - 1)) / block.plans.length
      const height = 250
      block.plans.forEach((plan, i) => {
        const x = MARGIN + i * (width + gap)
        page.drawRectangle({
          x,
          y: y - height,
          width,
          height,
          color: i === 1 ? BRAND_TINT : undefined,
          borderColor: i === 1 ? BRAND : RULE,
          borderWidth: 1,
        })
        let inner = y - 26
        type.draw(page, plan.name, { x: x + 14, y: inner, size: 12, bold: true, color: INK })
        inner -= 34
        type.draw(page, plan.price, { x: x + 14, y: inner, size: 24, bold: true, color: BRAND })
        inner -= 18
        inner = paragraph(page, type, plan.unit, { x: x + 14, y: inner, width: width - 28 }, { size: 9, color: MUTED }) - 10
        for (const item of plan.items) {
          page.drawCircle({ x: x + 17, y: inner + 3, radius: 1.8, color: BRAND })
          inner = paragraph(page, type, item, { x: x + 26, y: inner, width: width - 40 }, { size: 9.5, color: INK }) - 3
        }
        if (inner < y - height) throw new Error(`plan ${plan.name} runs over its card`)
      })
      return y - height - 22
    }
    case 'table': {
      const rowHeight = 26
      block.rows.forEach(([label, value], i) => {
        const rowTop = y - i * rowHeight
        if (i === 0) page.drawRectangle({ x: MARGIN, y: rowTop - rowHeight + 8, width: CONTENT, height: rowHeight, color: BRAND_TINT })
        const style = { size: 10.5, bold: i === 0, color: INK as Color }
        type.draw(page, label, { x: MARGIN + 10, y: rowTop - 9, ...style })
        type.draw(page, value, { x: MARGIN + CONTENT - 10 - type.width(value, style), y: rowTop - 9, ...style })
        page.drawLine({
          start: { x: MARGIN, y: rowTop - rowHeight + 8 },
          end: { x: MARGIN + CONTENT, y: rowTop - rowHeight + 8 },
          color: RULE,
          thickness: 0.75,
        })
      })
      return y - block.rows.length * rowHeight - 14
    }
  }
}

const everyPlan = [
  'Booking pages, team round robin and routing forms',
  'Meetings in the browser, with recordings',
  'Sales rooms with page-by-page reading analytics',
  'Pipeline, mail, team chat and agreements with e-signatures',
]

const CONTENTS: Record<string, () => Promise<Uint8Array>> = {
  'pricing-2027.pdf': () =>
    render('Closeroom – pricing 2027', [
      {
        title: 'Closeroom pricing 2027',
        subtitle: 'Prices in euros, excluding VAT, for orders signed between 1 January and 31 December 2027.',
        blocks: [
          {
            kind: 'plans',
            plans: [
              {
                name: 'Closeroom Team',
                price: '€29',
                unit: 'per seat and month, billed yearly',
                items: ['Every feature below', 'Unlimited sales rooms and booking pages', 'Help by email on business days'],
              },
              {
                name: 'Closeroom Enterprise',
                price: '€59',
                unit: 'per seat and month, billed yearly',
                items: ['Everything in Team', 'A named engineer for your rollout', 'Urgent incidents answered within 4 business hours'],
              },
              {
                name: 'Onboarding package',
                price: '€2,500',
                unit: 'once, for your whole team',
                items: ['Three guided sessions with your sellers', 'Your contacts and deals imported', 'Booking pages set up with you'],
              },
            ],
          },
          { kind: 'heading', text: 'In every plan' },
          { kind: 'bullets', items: everyPlan },
          {
            kind: 'text',
            muted: true,
            text: 'Seats are the members of your organization who sign in. Buyers who visit your rooms, book your pages or sign your agreements never need a seat.',
          },
        ],
      },
      {
        title: 'Volume, pilots and terms',
        subtitle: 'How larger teams are priced, how a pilot works, and how we invoice.',
        blocks: [
          { kind: 'heading', text: 'Volume pricing' },
          {
            kind: 'table',
            rows: [
              ['Seats on the order', 'Discount on the seat price'],
              ['1 to 49', 'List price'],
              ['50 to 199', '8 %'],
              ['200 and more', '15 %'],
            ],
          },
          { kind: 'heading', text: 'A pilot before you commit' },
          {
            kind: 'bullets',
            items: [
              'Up to 10 seats of Closeroom Enterprise for 60 days, at the Team price.',
              'Success criteria and a plan agreed together in your sales room before the start.',
              'The pilot is credited in full against a yearly order signed within 30 days of its end.',
            ],
          },
          { kind: 'heading', text: 'Invoicing' },
          {
            kind: 'bullets',
            items: [
              'Yearly in advance, invoiced in euros by email, payable within 30 days.',
              'Seats added during the year are invoiced for the months left.',
              'Prices hold for the whole term of an order.',
            ],
          },
          { kind: 'text', text: 'Questions about this offer: Olivia Owner, owner@closeroom.demo.' },
        ],
      },
    ]),
  'security-overview.pdf': () =>
    render('Security overview', [
      {
        title: 'Security overview',
        subtitle: 'How Closeroom keeps your team’s and your buyers’ data safe, for your security review.',
        blocks: [
          { kind: 'heading', text: 'Your data stays yours' },
          {
            kind: 'bullets',
            items: [
              'Closeroom runs on PostgreSQL, hosted by us or on your own servers.',
              'Each organization’s data is kept apart: every request reads only the organization of the person asking.',
            ],
          },
          { kind: 'heading', text: 'Sign-in and roles' },
          {
            kind: 'bullets',
            items: [
              'Passwords are stored as salted hashes, never as text. Sign-in with your company account is supported.',
              'Owners, admins and members each see and change only what their role allows.',
              'Mailbox and calendar passwords are stored encrypted, and never shown again once saved.',
            ],
          },
          { kind: 'heading', text: 'Buyers and sales rooms' },
          {
            kind: 'bullets',
            items: [
              'A room opens by its private link, and can ask the buyer for a one-time code sent to their email.',
              'Uploads are checked by their bytes, not their names; a file carrying markup is refused.',
              'Signed agreements are sealed PDFs with a signature any PDF reader can check.',
            ],
          },
          { kind: 'text', text: 'Questions from your security team: owner@closeroom.demo.' },
        ],
      },
    ]),
}

const outDir = join(import.meta.dirname, '..', 'apps', 'server', 'src', 'modules', 'files', 'demo')
mkdirSync(outDir, { recursive: true })
for (const document of DEMO_DOCUMENTS) {
  const make = CONTENTS[document.file]
  if (!make) throw new Error(`no contents for ${document.file}`)
  const bytes = await make()
  const pages = (await PDF.load(bytes)).getPageCount()
  if (pages !== document.pages) throw new Error(`${document.file} has ${pages} pages, DEMO_DOCUMENTS says ${document.pages}`)
  writeFileSync(join(outDir, document.file), bytes)
  process.stdout.write(`${document.file}: ${pages} pages, ${bytes.length} bytes\n`)
}
