import { currencyExponent, FULL_RATE, type Invoice, type Language, RTL_LANGUAGES } from '@closeroom/shared'
import { type Color, PDF, type PDFImage, type PDFPage, rgb } from '@libpdf/core'
import { loadTypeface, type TextStyle } from '../agreements/module.ts'
import { formatDay, formatMoney, formatNumber, INVOICE_TEXTS } from './texts.ts'

const A4 = { width: 595.28, height: 841.89 }
const MARGIN = 48
const CONTENT = A4.width - 2 * MARGIN
const FOOTER = 36
const INK = rgb(0.11, 0.13, 0.18)
const MUTED = rgb(0.42, 0.45, 0.52)
const RULE = rgb(0.87, 0.89, 0.92)
const WHITE = rgb(1, 1, 1)
const CELL_PAD = 6

type Align = 'start' | 'end'
/** A span by its distance from the line's start (the left, or the right in Arabic). */
type Column = { start: number; width: number; align: Align }

const COLUMNS = {
  item: { start: 0, width: 200, align: 'start' },
  quantity: { start: 200, width: 45, align: 'end' },
  unitPrice: { start: 245, width: 80, align: 'end' },
  discount: { start: 325, width: 50, align: 'end' },
  tax: { start: 375, width: 45, align: 'end' },
  amount: { start: 420, width: CONTENT - 420, align: 'end' },
} satisfies Record<string, Column>

const inset = (column: Column): Column => ({ ...column, start: column.start + CELL_PAD, width: column.width - 2 * CELL_PAD })

function colour(hex: string): { red: number; green: number; blue: number } {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim())
  const [red, green, blue] = match ? match.slice(1).map((part) => Number.parseInt(part, 16) / 255) : [0, 0.65, 0.44]
  return { red: red ?? 0, green: green ?? 0, blue: blue ?? 0 }
}
const brandOf = (hex: string): Color => {
  const c = colour(hex)
  return rgb(c.red, c.green, c.blue)
}
/** The brand colour washed out towards white, for backgrounds. */
const tint = (hex: string, amount: number): Color => {
  const c = colour(hex)
  const mix = (channel: number) => channel + (1 - channel) * amount
  return rgb(mix(c.red), mix(c.green), mix(c.blue))
}

function embedLogo(pdf: PDF, logo: Uint8Array | null): PDFImage | null {
  if (!logo) return null
  try {
    return pdf.embedImage(logo)
  } catch {
    // A logo the library cannot read is left out rather than failing the invoice.
    return null
  }
}

const percent = (basisPoints: number, language: Language) => `${formatNumber((basisPoints / FULL_RATE) * 100, language, 2)} %`

/** The invoice as a PDF in the organization's branding (name, logo, address, colour), in the buyer's language. */
export async function invoicePdf(invoice: Invoice, logo: Uint8Array | null): Promise<Uint8Array> {
  const { embedTypeface } = await loadTypeface()
  const language = invoice.language
  const texts = INVOICE_TEXTS[language]
  const exponent = currencyExponent(invoice.currency)
  const money = (minor: number) => formatMoney(minor, invoice.currency, exponent, language)
  const rtl = RTL_LANGUAGES.includes(language)
  const brand = brandOf(invoice.seller.brandColor)
  const number = invoice.number ?? ''

  const pdf = PDF.create()
  pdf.setTitle(`${texts.title} ${number}`.trim())
  pdf.setAuthor(invoice.seller.name)
  pdf.setLanguage(language === 'cn' ? 'zh-CN' : language)

  const sellerLines = invoice.seller.address.split('\n').filter((line) => line.trim())
  const buyerLines = [invoice.buyer.company, invoice.buyer.email, ...invoice.buyer.address.split('\n')].filter((line) => line.trim())
  const lineTexts = invoice.lines.flatMap((line) => [
    line.description,
    formatNumber(line.quantity, language),
    money(line.unitPrice),
    percent(line.discount, language),
    percent(line.taxRate, language),
    money(line.net),
  ])
  const typeface = await embedTypeface(pdf, [
    ...Object.values(texts).filter((value): value is string => typeof value === 'string'),
    texts.page(1, 9),
    invoice.seller.name,
    invoice.buyer.name,
    number,
    invoice.notes,
    formatDay(invoice.issueDate, language),
    formatDay(invoice.dueDate, language),
    ...sellerLines,
    ...buyerLines,
    ...lineTexts,
    money(invoice.subtotal),
    money(invoice.tax),
    money(invoice.total),
    '—',
  ])

  const pages: PDFPage[] = []
  let page!: PDFPage
  let y = 0
  const addPage = () => {
    page = pdf.addPage(A4)
    pages.push(page)
    y = A4.height - MARGIN
    page.drawRectangle({ x: 0, y: A4.height - 6, width: A4.width, height: 6, color: brand })
  }
  addPage()
  const left = (start: number, width: number) => (rtl ? A4.width - MARGIN - start - width : MARGIN + start)
  const text = (value: string, column: Column, baseline: number, style: TextStyle) => {
    let size = style.size
    let width = typeface.width(value, style)
    // An amount wider than its column is drawn smaller rather than over its neighbour.
    if (width > column.width) {
      size *= column.width / width
      width = column.width
    }
    const x0 = left(column.start, column.width)
    const atEnd = (column.align === 'end') !== rtl
    typeface.draw(page, value, { ...style, size, x: atEnd ? x0 + column.width - width : x0, y: baseline })
  }
  const room = (height: number) => {
    if (y - height >= MARGIN + FOOTER) return false
    addPage()
    return true
  }
  const half = (side: Align): Column => ({ start: side === 'start' ? 0 : CONTENT / 2 + 12, width: CONTENT / 2 - 12, align: side })

  // Heading: the seller (logo, name, address) at the start; the title, number and dates at the end.
  const image = embedLogo(pdf, logo)
  let sellerY = y
  if (image) {
    const scale = Math.min(150 / image.width, 48 / image.height)
    const width = image.width * scale
    const height = image.height * scale
    page.drawImage(image, { x: left(0, width), y: sellerY - height, width, height })
    sellerY -= height + 16
  } else sellerY -= 16
  text(invoice.seller.name, half('start'), sellerY, { size: 14, bold: true, color: image ? INK : brand })
  sellerLines.forEach((line, i) => {
    text(line, half('start'), sellerY - 16 - i * 12.5, { size: 9, color: MUTED })
  })
  sellerY -= 16 + sellerLines.length * 12.5

  text(texts.title, half('end'), y - 20, { size: 24, bold: true, color: brand })
  const facts: [string, string][] = [
    [texts.number, number || '—'],
    [texts.issued, formatDay(invoice.issueDate, language)],
    [texts.due, formatDay(invoice.dueDate, language)],
  ]
  const factLabel: Column = { start: CONTENT / 2 + 12, width: 110, align: 'start' }
  const factValue: Column = { start: CONTENT / 2 + 122, width: CONTENT / 2 - 122, align: 'end' }
  facts.forEach(([label, value], i) => {
    text(label, factLabel, y - 44 - i * 15, { size: 9, color: MUTED })
    text(value, factValue, y - 44 - i * 15, { size: 9.5, bold: i === 0, color: INK })
  })
  if (invoice.status === 'paid' || invoice.status === 'void')
    text((invoice.status === 'paid' ? texts.paid : texts.void).toUpperCase(), half('end'), y - 44 - facts.length * 15 - 8, {
      size: 14,
      bold: true,
      color: invoice.status === 'paid' ? brand : rgb(0.8, 0.2, 0.2),
    })
  y = Math.min(sellerY, y - 44 - facts.length * 15 - 20) - 20

  // The buyer.
  text(texts.billTo.toUpperCase(), half('start'), y, { size: 8, bold: true, color: MUTED })
  text(invoice.buyer.name, half('start'), y - 16, { size: 11, bold: true, color: INK })
  buyerLines.forEach((line, i) => {
    text(line, half('start'), y - 31 - i * 13, { size: 9.5, color: INK })
  })
  y -= 31 + buyerLines.length * 13 + 16

  // The lines, their heading repeated on every page they run onto.
  const heading = () => {
    page.drawRectangle({ x: MARGIN, y: y - 22, width: CONTENT, height: 22, color: brand })
    const style = { size: 8.5, bold: true, color: WHITE }
    const cells: [string, Column][] = [
      [texts.item, COLUMNS.item],
      [texts.quantity, COLUMNS.quantity],
      [texts.unitPrice, COLUMNS.unitPrice],
      [texts.discount, COLUMNS.discount],
      [texts.tax, COLUMNS.tax],
      [texts.amount, COLUMNS.amount],
    ]
    for (const [label, column] of cells) text(label, inset(column), y - 14.5, style)
    y -= 22
  }
  heading()
  for (const [index, line] of invoice.lines.entries()) {
    const parts = typeface.wrap(line.description, { size: 9.5 }, COLUMNS.item.width - 2 * CELL_PAD)
    const height = 12 + parts.length * 12.5
    if (room(height)) heading()
    if (index % 2 === 1)
      page.drawRectangle({ x: MARGIN, y: y - height, width: CONTENT, height, color: tint(invoice.seller.brandColor, 0.95) })
    const first = y - 17
    parts.forEach((part, i) => {
      text(part, inset(COLUMNS.item), first - i * 12.5, { size: 9.5, color: INK })
    })
    const style = { size: 9.5, color: INK }
    text(formatNumber(line.quantity, language), inset(COLUMNS.quantity), first, style)
    text(money(line.unitPrice), inset(COLUMNS.unitPrice), first, style)
    text(
      line.discount ? percent(line.discount, language) : '—',
      inset(COLUMNS.discount),
      first,
      line.discount ? style : { ...style, color: MUTED },
    )
    text(line.taxRate ? percent(line.taxRate, language) : '—', inset(COLUMNS.tax), first, line.taxRate ? style : { ...style, color: MUTED })
    text(money(line.net), inset(COLUMNS.amount), first, { ...style, bold: true })
    y -= height
    page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + CONTENT, y }, color: RULE, thickness: 0.75 })
  }

  // Totals at the end side.
  room(3 * 20 + 40)
  y -= 10
  const label: Column = { start: CONTENT - 230 + CELL_PAD, width: 110, align: 'start' }
  const value: Column = { start: CONTENT - 120, width: 120 - CELL_PAD, align: 'end' }
  for (const [name, amount] of [
    [texts.subtotal, money(invoice.subtotal)],
    [texts.tax, money(invoice.tax)],
  ] as const) {
    text(name, label, y - 14, { size: 9.5, color: MUTED })
    text(amount, value, y - 14, { size: 9.5, color: INK })
    y -= 20
  }
  page.drawRectangle({ x: left(CONTENT - 236, 236), y: y - 28, width: 236, height: 28, color: tint(invoice.seller.brandColor, 0.88) })
  // Nothing is due on a paid invoice, and a void one asks for nothing.
  const totalLabel = invoice.status === 'paid' ? texts.totalPaid : invoice.status === 'void' ? texts.total : texts.totalDue
  text(totalLabel, label, y - 18.5, { size: 11, bold: true, color: INK })
  text(money(invoice.total), value, y - 18.5, { size: 12, bold: true, color: brand })
  y -= 28

  if (invoice.notes) {
    const notes = typeface.wrap(invoice.notes, { size: 9.5 }, CONTENT)
    const full: Column = { start: 0, width: CONTENT, align: 'start' }
    room(60)
    y -= 32
    text(texts.notes.toUpperCase(), full, y, { size: 8, bold: true, color: MUTED })
    y -= 3
    for (const line of notes) {
      room(13)
      y -= 13
      text(line, full, y, { size: 9.5, color: INK })
    }
  }

  for (const [i, each] of pages.entries()) {
    each.drawLine({ start: { x: MARGIN, y: MARGIN }, end: { x: A4.width - MARGIN, y: MARGIN }, color: RULE, thickness: 0.75 })
    const footer = (content: string, align: Align) => {
      const width = typeface.width(content, { size: 8 })
      const atEnd = (align === 'end') !== rtl
      typeface.draw(each, content, { x: atEnd ? A4.width - MARGIN - width : MARGIN, y: MARGIN - 14, size: 8, color: MUTED })
    }
    footer(typeface.wrap(`${invoice.seller.name} · ${texts.title} ${number}`, { size: 8 }, CONTENT * 0.7)[0] ?? '', 'start')
    footer(texts.page(i + 1, pages.length), 'end')
  }
  return pdf.save({ subsetFonts: true })
}
