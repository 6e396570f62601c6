import { type Language, RTL_LANGUAGES } from '@closeroom/shared'
import { type Color, PDF, type PDFImage, type PDFPage, rgb } from '@libpdf/core'
import { formatDay, formatMoney, formatQuantity, ORDER_FORM_TEXTS } from './order-form-texts.ts'
import { embedTypeface, type TextStyle, type Typeface } from './typeface.ts'

/** A deal's line as the order form shows it; amounts in the deal currency's minor units. */
export type OrderFormLine = {
  name: string
  description: string
  quantity: number
  unitPrice: number
  /** Taken off the line, in minor units (0 for none). */
  discount: number
  total: number
}

export type OrderForm = {
  organization: {
    name: string
    /** PNG or JPEG; anything else is left out. */
    logo: Uint8Array | null
    /** '#rrggbb' */
    brandColor: string
  }
  client: { name: string; email?: string; company?: string; phone?: string; address?: string }
  deal: {
    title: string
    /** ISO 4217 */
    currency: string
    lines: OrderFormLine[]
    subtotal: number
    discounts: number
    /** Absent when the deal has no tax. */
    tax: number | null
    total: number
  }
  /** YYYY-MM-DD */
  issuedOn: string
  locale: Language
}

const A4 = { width: 595.28, height: 841.89 }
const MARGIN = 48
const CONTENT = A4.width - 2 * MARGIN
const FOOTER = 36
const INK = rgb(0.11, 0.13, 0.18)
const MUTED = rgb(0.42, 0.45, 0.52)
const RULE = rgb(0.87, 0.89, 0.92)
const WHITE = rgb(1, 1, 1)

type Align = 'start' | 'end'
/** A table column by its distance from the line's start (the left, or the right in Arabic). */
type Column = { start: number; width: number; align: Align }

const COLUMNS = {
  item: { start: 0, width: 215, align: 'start' },
  quantity: { start: 215, width: 50, align: 'end' },
  unitPrice: { start: 265, width: 80, align: 'end' },
  discount: { start: 345, width: 72, align: 'end' },
  amount: { start: 417, width: CONTENT - 417, align: 'end' },
} satisfies Record<string, Column>
const CELL_PAD = 6

function brandColor(hex: string): Color {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim())
  if (!match) return rgb(0.13, 0.35, 0.85)
  const [r, g, b] = match.slice(1).map((part) => Number.parseInt(part, 16) / 255)
  return rgb(r ?? 0, g ?? 0, b ?? 0)
}

/** The brand colour washed out towards white, for backgrounds. */
function tint(hex: string, amount: number): Color {
  const color = brandColor(hex) as { red: number; green: number; blue: number }
  const mix = (channel: number) => channel + (1 - channel) * amount
  return rgb(mix(color.red), mix(color.green), mix(color.blue))
}

function embedLogo(pdf: PDF, logo: Uint8Array | null): PDFImage | null {
  if (!logo) return null
  try {
    return pdf.embedImage(logo)
  } catch {
    // A logo the library cannot read (a WebP, an SVG) is left out rather than failing the whole document.
    return null
  }
}

/** Draws top-down across pages, mirrored for right-to-left languages: positions are given from the line's start. */
function writer(pdf: PDF, typeface: Typeface, rtl: boolean) {
  const pages: PDFPage[] = []
  let page!: PDFPage
  let y = 0
  const addPage = () => {
    page = pdf.addPage(A4)
    pages.push(page)
    y = A4.height - MARGIN
  }
  addPage()

  /** The page's x of a span given from the content's start edge. */
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

  return {
    pages,
    get page() {
      return page
    },
    get y() {
      return y
    },
    set y(value: number) {
      y = value
    },
    left,
    text,
    /** Moves to a new page unless `height` points still fit above the footer; true when it did. */
    room(height: number) {
      if (y - height >= MARGIN + FOOTER) return false
      addPage()
      return true
    },
  }
}

/** The deal's order form as a PDF in the organization's branding, in the language asked for. */
export async function orderFormPdf(form: OrderForm): Promise<Uint8Array> {
  const texts = ORDER_FORM_TEXTS[form.locale]
  const { currency } = form.deal
  const money = (minor: number) => formatMoney(minor, currency, form.locale)
  const brand = brandColor(form.organization.brandColor)
  const rtl = RTL_LANGUAGES.includes(form.locale)

  const pdf = PDF.create()
  pdf.setTitle(`${texts.title} — ${form.deal.title}`)
  pdf.setAuthor(form.organization.name)
  pdf.setLanguage(form.locale === 'cn' ? 'zh-CN' : form.locale)

  const clientLines = [form.client.company, form.client.email, form.client.phone, ...(form.client.address?.split('\n') ?? [])].filter(
    (line): line is string => Boolean(line?.trim()),
  )
  const lineTexts = form.deal.lines.flatMap((line) => [
    line.name,
    line.description,
    formatQuantity(line.quantity, form.locale),
    money(line.unitPrice),
    money(line.discount),
    money(line.total),
  ])
  const totalsTexts = [money(form.deal.subtotal), money(-form.deal.discounts), money(form.deal.tax ?? 0), money(form.deal.total)]
  const typeface = await embedTypeface(pdf, [
    ...Object.values(texts).filter((value): value is string => typeof value === 'string'),
    texts.pricesIn(currency),
    texts.page(1, 9),
    form.organization.name,
    form.client.name,
    form.deal.title,
    texts.issued(formatDay(form.issuedOn, form.locale)),
    ...clientLines,
    ...lineTexts,
    ...totalsTexts,
  ])
  const out = writer(pdf, typeface, rtl)
  const full: Column = { start: 0, width: CONTENT, align: 'start' }
  const half = (side: Align): Column => ({ start: side === 'start' ? 0 : CONTENT / 2 + 12, width: CONTENT / 2 - 12, align: side })

  // Heading: the organization (logo and name) at the start, the document's title and date at the end.
  const logo = embedLogo(pdf, form.organization.logo)
  out.page.drawRectangle({ x: 0, y: A4.height - 6, width: A4.width, height: 6, color: brand })
  let startY = out.y
  if (logo) {
    const scale = Math.min(150 / logo.width, 48 / logo.height)
    const width = logo.width * scale
    const height = logo.height * scale
    out.page.drawImage(logo, { x: out.left(0, width), y: startY - height, width, height })
    startY -= height + 16
  } else startY -= 16
  out.text(form.organization.name, half('start'), startY, { size: logo ? 11 : 16, bold: true, color: logo ? INK : brand })
  out.text(texts.title, half('end'), out.y - 20, { size: 22, bold: true, color: brand })
  out.text(texts.issued(formatDay(form.issuedOn, form.locale)), half('end'), out.y - 38, { size: 9.5, color: MUTED })
  out.y = Math.min(startY, out.y - 38) - 28

  // The client at the start, the deal at the end.
  const blockTop = out.y
  out.text(texts.client.toUpperCase(), half('start'), blockTop, { size: 8, bold: true, color: MUTED })
  out.text(form.client.name, half('start'), blockTop - 16, { size: 11, bold: true, color: INK })
  clientLines.forEach((line, i) => {
    out.text(line, half('start'), blockTop - 31 - i * 13, { size: 9.5, color: INK })
  })
  out.text(texts.deal.toUpperCase(), half('end'), blockTop, { size: 8, bold: true, color: MUTED })
  const titleLines = typeface.wrap(form.deal.title, { size: 11, bold: true }, CONTENT / 2 - 12)
  titleLines.forEach((line, i) => {
    out.text(line, half('end'), blockTop - 16 - i * 14, { size: 11, bold: true, color: INK })
  })
  out.text(texts.pricesIn(currency), half('end'), blockTop - 18 - titleLines.length * 14, { size: 9.5, color: MUTED })
  out.y = blockTop - Math.max(31 + clientLines.length * 13, 18 + titleLines.length * 14) - 24

  // The table of lines, its heading repeated on every page it runs onto.
  const tableHeading = () => {
    const height = 22
    out.page.drawRectangle({ x: MARGIN, y: out.y - height, width: CONTENT, height, color: brand })
    const headingStyle = { size: 8.5, bold: true, color: WHITE }
    const cells: [string, Column][] = [
      [texts.item, COLUMNS.item],
      [texts.quantity, COLUMNS.quantity],
      [texts.unitPrice, COLUMNS.unitPrice],
      [texts.discount, COLUMNS.discount],
      [texts.amount, COLUMNS.amount],
    ]
    for (const [label, column] of cells) out.text(label, inset(column), out.y - 14.5, headingStyle)
    out.y -= height
  }
  tableHeading()
  for (const [index, line] of form.deal.lines.entries()) {
    const description = line.description ? typeface.wrap(line.description, { size: 8.5 }, COLUMNS.item.width - 2 * CELL_PAD) : []
    const nameLines = typeface.wrap(line.name, { size: 9.5, bold: true }, COLUMNS.item.width - 2 * CELL_PAD)
    const height = 12 + nameLines.length * 12.5 + description.length * 11
    if (out.room(height)) tableHeading()
    if (index % 2 === 1)
      out.page.drawRectangle({ x: MARGIN, y: out.y - height, width: CONTENT, height, color: tint(form.organization.brandColor, 0.95) })
    const first = out.y - 17
    nameLines.forEach((part, i) => {
      out.text(part, inset(COLUMNS.item), first - i * 12.5, { size: 9.5, bold: true, color: INK })
    })
    description.forEach((part, i) => {
      out.text(part, inset(COLUMNS.item), first - nameLines.length * 12.5 - i * 11 + 1, { size: 8.5, color: MUTED })
    })
    const numbers = { size: 9.5, color: INK }
    out.text(formatQuantity(line.quantity, form.locale), inset(COLUMNS.quantity), first, numbers)
    out.text(money(line.unitPrice), inset(COLUMNS.unitPrice), first, numbers)
    out.text(
      line.discount ? money(-line.discount) : '—',
      inset(COLUMNS.discount),
      first,
      line.discount ? numbers : { ...numbers, color: MUTED },
    )
    out.text(money(line.total), inset(COLUMNS.amount), first, { ...numbers, bold: true })
    out.y -= height
    out.page.drawLine({ start: { x: MARGIN, y: out.y }, end: { x: MARGIN + CONTENT, y: out.y }, color: RULE, thickness: 0.75 })
  }

  // Totals under the amounts, at the end side.
  const totals: [string, string, boolean][] = [
    [texts.subtotal, money(form.deal.subtotal), false],
    ...(form.deal.discounts ? [[texts.discounts, money(-form.deal.discounts), false] as [string, string, boolean]] : []),
    ...(form.deal.tax !== null ? [[texts.tax, money(form.deal.tax), false] as [string, string, boolean]] : []),
    [texts.total, money(form.deal.total), true],
  ]
  out.room(totals.length * 20 + 30)
  out.y -= 10
  const label: Column = { start: CONTENT - 230, width: 110, align: 'start' }
  const value: Column = { start: CONTENT - 120, width: 120 - CELL_PAD, align: 'end' }
  for (const [name, amount, grand] of totals) {
    if (grand) {
      out.page.drawRectangle({
        x: out.left(CONTENT - 236, 236),
        y: out.y - 26,
        width: 236,
        height: 26,
        color: tint(form.organization.brandColor, 0.88),
      })
      out.text(name, { ...label, start: label.start + CELL_PAD }, out.y - 17.5, { size: 11, bold: true, color: INK })
      out.text(amount, value, out.y - 17.5, { size: 12, bold: true, color: brand })
      out.y -= 26
    } else {
      out.text(name, { ...label, start: label.start + CELL_PAD }, out.y - 14, { size: 9.5, color: MUTED })
      out.text(amount, value, out.y - 14, { size: 9.5, color: INK })
      out.y -= 20
    }
  }

  // Where the client signs: the editor's fields go on these lines.
  out.room(130)
  out.y -= 36
  out.text(texts.acceptance, full, out.y, { size: 12, bold: true, color: INK })
  out.text(texts.acceptanceNote, full, out.y - 16, { size: 9, color: MUTED })
  out.y -= 70
  const slots: [string, Column][] = [
    [texts.signature, { start: 0, width: 220, align: 'start' }],
    [texts.name, { start: 240, width: 140, align: 'start' }],
    [texts.date, { start: 400, width: CONTENT - 400, align: 'start' }],
  ]
  for (const [name, column] of slots) {
    const x = out.left(column.start, column.width)
    out.page.drawLine({ start: { x, y: out.y }, end: { x: x + column.width, y: out.y }, color: INK, thickness: 0.75 })
    out.text(name, column, out.y - 12, { size: 8.5, color: MUTED })
  }

  // Footers, now that the number of pages is known.
  for (const [i, page] of out.pages.entries()) {
    page.drawLine({ start: { x: MARGIN, y: MARGIN }, end: { x: A4.width - MARGIN, y: MARGIN }, color: RULE, thickness: 0.75 })
    const footer = (value: string, align: Align) => {
      const width = typeface.width(value, { size: 8 })
      const atEnd = (align === 'end') !== rtl
      typeface.draw(page, value, { x: atEnd ? A4.width - MARGIN - width : MARGIN, y: MARGIN - 14, size: 8, color: MUTED })
    }
    footer(typeface.wrap(`${form.organization.name} · ${form.deal.title}`, { size: 8 }, CONTENT * 0.7)[0] ?? '', 'start')
    footer(texts.page(i + 1, out.pages.length), 'end')
  }

  return pdf.save({ subsetFonts: true })
}

/** A column's text kept off its edges. */
function inset(column: Column): Column {
  return { ...column, start: column.start + CELL_PAD, width: column.width - 2 * CELL_PAD }
}
