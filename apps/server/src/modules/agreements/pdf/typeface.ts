import { readFile } from 'node:fs/promises'
import type { Color, EmbeddedFont, PDF, PDFPage } from '@libpdf/core'
import reshaper from 'arabic-persian-reshaper'
import bidiModule from 'bidi-js'
import subsetFont from 'subset-font'

// Text in any of the app's five languages (Latin with Vietnamese, Simplified Chinese, Arabic) and in the names
// people type: Noto Sans for Latin, Noto Naskh Arabic and Noto Sans SC (Hans), from npm packages so no
// machine needs them installed. The PDF library draws characters, not shaped glyphs, so Arabic is joined
// into its presentation forms and every line is put in visual order (Unicode bidi) before it is drawn.

export type TextStyle = { size: number; bold?: boolean; color?: Color }

export type Typeface = {
  /** Width in points of one line as drawn. */
  width(text: string, style: TextStyle): number
  /** Draws one line with its left end at x and its baseline at y, turned by `angle` degrees about that point. */
  draw(page: PDFPage, text: string, at: { x: number; y: number; angle?: number } & TextStyle): void
  /** The text broken into lines no wider than maxWidth, at spaces where it can and anywhere in a word too long. */
  wrap(text: string, style: TextStyle, maxWidth: number): string[]
}

// bidi-js's types describe an ES module whose default export is the factory; Node loads its CommonJS build,
// whose module.exports is that factory.
const bidi = (bidiModule as unknown as typeof bidiModule.default)()

const fontFile = (pkg: string, file: string) => readFile(new URL(`../fonts/${file}`, import.meta.resolve(pkg)))

// The CJK font is 8 MB: it is cut to the characters the document uses before it is embedded.
const CJK = /[\u2e80-\u2fdf\u3000-\u303f\u3040-\u30ff\u3100-\u312f\u3190-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/u
const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/u

type Weights = { regular: EmbeddedFont; bold: EmbeddedFont }

async function embedPair(pdf: PDF, load: (file: string) => Promise<Uint8Array>, files: [string, string]): Promise<Weights> {
  const [regular, bold] = await Promise.all(files.map(load))
  return { regular: pdf.embedFont(regular as Uint8Array), bold: pdf.embedFont(bold as Uint8Array) }
}

// Direction marks (Intl puts them in Arabic amounts) steer the reordering and are not drawn.
const DIRECTION_MARKS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu

/** Shapes Arabic and reorders a line for drawing left to right. */
function visualLine(text: string): string {
  if (!ARABIC.test(text) && !/[\u0590-\u05ff]/u.test(text)) return text.replace(DIRECTION_MARKS, '')
  const shaped = reshaper.ArabicShaper.convertArabic(text)
  return bidi.getReorderedString(shaped, bidi.getEmbeddingLevels(shaped)).replace(DIRECTION_MARKS, '')
}

/** Embeds the fonts the given texts need (Latin always, Arabic and CJK only when used) and draws with them. */
export async function embedTypeface(pdf: PDF, texts: string[]): Promise<Typeface> {
  const all = texts.join('')
  const latin = await embedPair(pdf, (file) => fontFile('@embedpdf/fonts-latin', file), ['NotoSans-Regular.ttf', 'NotoSans-Bold.ttf'])
  const arabic = ARABIC.test(all)
    ? await embedPair(pdf, (file) => fontFile('@embedpdf/fonts-arabic', file), ['NotoNaskhArabic-Regular.ttf', 'NotoNaskhArabic-Bold.ttf'])
    : undefined
  const cjkText = [...new Set(all)].filter((char) => CJK.test(char)).join('')
  const cjk = cjkText
    ? await embedPair(pdf, async (file) => subsetFont(await fontFile('@embedpdf/fonts-sc', file), cjkText, { targetFormat: 'truetype' }), [
        'NotoSansHans-Regular.otf',
        'NotoSansHans-Bold.otf',
      ])
    : undefined

  const fontFor = (char: string, bold: boolean): EmbeddedFont | undefined => {
    const pick = (weights: Weights | undefined) => (weights ? (bold ? weights.bold : weights.regular) : undefined)
    if (ARABIC.test(char) && arabic) return pick(arabic)
    if (CJK.test(char) && cjk) return pick(cjk)
    return [pick(latin), pick(arabic), pick(cjk)].find((font) => font?.canEncode(char))
  }

  /** The line cut into pieces of one font each; a character no font has becomes a question mark. */
  const runs = (text: string, bold: boolean) => {
    const pieces: { font: EmbeddedFont; text: string }[] = []
    for (const char of visualLine(text)) {
      const font = fontFor(char, bold)
      const drawn = font ? char : '?'
      const chosen = font ?? (bold ? latin.bold : latin.regular)
      const last = pieces.at(-1)
      if (last?.font === chosen) last.text += drawn
      else pieces.push({ font: chosen, text: drawn })
    }
    return pieces
  }

  const width = (text: string, { size, bold = false }: TextStyle) =>
    runs(text, bold).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0)

  return {
    width,
    draw(page, text, { x, y, angle = 0, size, bold = false, color }) {
      const cos = Math.cos((angle * Math.PI) / 180)
      const sin = Math.sin((angle * Math.PI) / 180)
      let advance = 0
      for (const run of runs(text, bold)) {
        const at = { x: x + advance * cos, y: y + advance * sin }
        page.drawText(run.text, {
          ...at,
          size,
          font: run.font,
          ...(color ? { color } : {}),
          ...(angle ? { rotate: { angle, origin: at } } : {}),
        })
        advance += run.font.widthOfTextAtSize(run.text, size)
      }
    },
    wrap(text, style, maxWidth) {
      const lines: string[] = []
      for (const paragraph of text.split('\n')) {
        let line = ''
        for (const word of paragraph.split(/(?<=\s)/u)) {
          if (width(line + word, style) <= maxWidth || !line) line += word
          else {
            lines.push(line.trimEnd())
            line = word
          }
          // A word wider than the line (a user agent, a hash) is cut where it reaches the edge.
          while (width(line.trimEnd(), style) > maxWidth && line.length > 1) {
            let cut = line.length - 1
            while (cut > 1 && width(line.slice(0, cut), style) > maxWidth) cut--
            lines.push(line.slice(0, cut))
            line = line.slice(cut)
          }
        }
        lines.push(line.trimEnd())
      }
      return lines
    },
  }
}
