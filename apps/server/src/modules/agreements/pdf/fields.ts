import type { FieldType } from '@closeroom/shared'
import { type PDF, type PDFImage, type PDFPage, rgb } from '@libpdf/core'
import { type Frame, frameOf, type PageBox } from './placement.ts'
import type { Typeface } from './typeface.ts'

/** A field as the recipient left it. Signature and initials: a PNG data URL or typed text; checkbox: 'true' or 'false'. */
export type FilledField = PageBox & { page: number; type: FieldType; value: string | null }

const INK = rgb(0.07, 0.09, 0.2)
const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/=\s]+)$/

/** The text all fields will draw, so the fonts they need are embedded first. */
export function fieldTexts(fields: FilledField[]): string[] {
  return fields.flatMap((field) => (field.type !== 'checkbox' && field.value && !PNG_DATA_URL.test(field.value) ? [field.value] : []))
}

const LINE_HEIGHT = 1.2
/** Below this the text stops shrinking: it is wrapped at this size and may run past the box's foot. */
const SMALLEST = 4

/**
 * Text as large as fits the box (at most `largest` points): on one line when it can be, wrapped onto more
 * when shrinking it to one line would make it smaller than wrapping does, vertically centred, from its start.
 */
function drawFitted(page: PDFPage, frame: Frame, typeface: Typeface, text: string, largest: number) {
  const pad = Math.min(2, frame.width / 10)
  const inner = frame.width - 2 * pad
  let size = Math.min(largest, frame.height * 0.7)
  let lines = typeface.wrap(text, { size }, inner)
  while (
    size > SMALLEST &&
    (lines.length * size * LINE_HEIGHT > frame.height || lines.some((line) => typeface.width(line, { size }) > inner))
  ) {
    size = Math.max(SMALLEST, size * 0.9)
    lines = typeface.wrap(text, { size }, inner)
  }
  const lineHeight = size * LINE_HEIGHT
  const top = (frame.height + lines.length * lineHeight) / 2
  for (const [i, line] of lines.entries()) {
    const baseline = top - (i + 1) * lineHeight + (lineHeight - size * 0.7) / 2
    typeface.draw(page, line, { ...frame.at(pad, baseline), angle: frame.angle, size, color: INK })
  }
}

function drawSignatureImage(page: PDFPage, frame: Frame, image: PDFImage) {
  // Kept in proportion and centred: a wide drawing in a tall box must not be stretched.
  const scale = Math.min(frame.width / image.width, frame.height / image.height)
  const width = image.width * scale
  const height = image.height * scale
  const corner = frame.at((frame.width - width) / 2, (frame.height - height) / 2)
  page.drawImage(image, { ...corner, width, height, ...(frame.angle ? { rotate: { angle: frame.angle, origin: corner } } : {}) })
}

function drawCheckbox(page: PDFPage, frame: Frame, checked: boolean) {
  const side = Math.min(frame.width, frame.height)
  const corner = frame.at(0, (frame.height - side) / 2)
  page.drawRectangle({
    ...corner,
    width: side,
    height: side,
    borderColor: INK,
    borderWidth: Math.max(0.75, side / 16),
    ...(frame.angle ? { rotate: { angle: frame.angle, origin: corner } } : {}),
  })
  if (!checked) return
  const point = (x: number, y: number) => frame.at(x * side, (frame.height - side) / 2 + y * side)
  const stroke = { color: INK, thickness: Math.max(1, side / 8) }
  page.drawLine({ start: point(0.2, 0.5), end: point(0.42, 0.25), ...stroke })
  page.drawLine({ start: point(0.42, 0.25), end: point(0.8, 0.78), ...stroke })
}

/** Draws each field into its page's content, where it was placed: nothing is left for a viewer to fill or change. */
export function flattenFields(pdf: PDF, typeface: Typeface, fields: FilledField[]) {
  // A signer's signature goes in each of their signature fields: decoding and compressing a PNG takes tens of
  // milliseconds, so each distinct one is embedded once and drawn wherever it is used.
  const images = new Map<string, PDFImage>()
  const imageOf = (base64: string) => {
    let image = images.get(base64)
    if (!image) {
      image = pdf.embedPng(Buffer.from(base64, 'base64'))
      images.set(base64, image)
    }
    return image
  }
  for (const field of fields) {
    const page = pdf.getPage(field.page - 1)
    if (!page) throw new Error(`A field is on page ${field.page}, and the document has ${pdf.getPageCount()}`)
    const frame = frameOf(page, field)
    if (field.type === 'checkbox') {
      drawCheckbox(page, frame, field.value === 'true')
      continue
    }
    if (!field.value) continue
    const image = field.type === 'signature' || field.type === 'initials' ? PNG_DATA_URL.exec(field.value) : null
    if (image?.[1]) drawSignatureImage(page, frame, imageOf(image[1]))
    else drawFitted(page, frame, typeface, field.value, field.type === 'signature' || field.type === 'initials' ? 28 : 12)
  }
}
