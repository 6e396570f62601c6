import { AGREEMENT_MAX_PAGES } from '@closeroom/shared'
import { PDF } from '@libpdf/core'
import { Invalid } from '../../../http/errors.ts'

export type PageSize = { width: number; height: number }

// PDF readers accept the header anywhere in the first kilobyte (some generators put junk before it).
const HEADER_WINDOW = 1024
const PDF_HEADER = new TextEncoder().encode('%PDF-')

function hasPdfHeader(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, HEADER_WINDOW) - PDF_HEADER.length
  for (let start = 0; start <= end; start++) {
    if (PDF_HEADER.every((byte, i) => bytes[start + i] === byte)) return true
  }
  return false
}

/** Opens an uploaded agreement, or throws `Invalid` saying why it cannot be signed. */
export async function loadAgreementPdf(bytes: Uint8Array): Promise<PDF> {
  if (!hasPdfHeader(bytes)) throw Invalid('file: This file is not a PDF', { code: 'not_pdf' })
  let pdf: PDF
  try {
    pdf = await PDF.load(bytes)
  } catch {
    throw Invalid('file: This PDF is damaged and cannot be read', { code: 'pdf_broken' })
  }
  // Even a PDF that opens without a password (owner-only protection) is refused: the seal rewrites the
  // file, and dropping or keeping the author's restrictions is not ours to decide.
  if (pdf.isEncrypted) {
    throw Invalid('file: This PDF is password-protected; remove the protection and upload it again', { code: 'pdf_encrypted' })
  }
  // A structure rebuilt by scanning (a cut-off upload, a bad cross-reference table) may have lost pages
  // without a trace, and a signed agreement missing a page is worse than asking for the file again.
  if (pdf.recoveredViaBruteForce || pdf.getPageCount() === 0) {
    throw Invalid('file: This PDF is damaged and cannot be read', { code: 'pdf_broken' })
  }
  if (pdf.getPageCount() > AGREEMENT_MAX_PAGES) {
    throw Invalid(`file: A PDF may have at most ${AGREEMENT_MAX_PAGES} pages`, { code: 'too_many_pages' })
  }
  return pdf
}

/** Each page's size in points, as shown (a rotated page's width is its height on paper). */
export async function inspectPdf(bytes: Uint8Array): Promise<{ pages: PageSize[] }> {
  const pdf = await loadAgreementPdf(bytes)
  return { pages: pdf.getPages().map((page) => ({ width: page.width, height: page.height })) }
}
