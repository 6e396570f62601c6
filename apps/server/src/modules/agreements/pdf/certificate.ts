import type { RecipientRole, RecipientStatus } from '@closeroom/shared'
import { type PDF, type PDFPage, rgb } from '@libpdf/core'
import type { TextStyle, Typeface } from './typeface.ts'

export type CertificateRecipient = {
  name: string
  email: string
  role: RecipientRole
  status: RecipientStatus
  openedAt: Date | null
  signedAt: Date | null
  ip: string | null
  userAgent: string | null
}

export type AuditLine = { at: Date; action: string; actor: string; ip: string | null }

/** What the certificate page says about the agreement and how it was signed. */
export type CertificateFacts = {
  title: string
  agreementId: string
  originalSha256: string
  recipients: CertificateRecipient[]
  audit: AuditLine[]
}

const A4 = { width: 595.28, height: 841.89 }
const MARGIN = 48
const TEXT = rgb(0.12, 0.14, 0.2)
const MUTED = rgb(0.42, 0.45, 0.52)
const RULE = rgb(0.85, 0.87, 0.9)

const when = (date: Date | null) => (date ? `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC` : '—')

/** Every text the certificate will draw, so the fonts it needs are embedded first. */
export function certificateTexts(facts: CertificateFacts): string[] {
  return [
    facts.title,
    ...facts.recipients.flatMap((r) => [r.name, r.email, r.status, r.userAgent ?? '']),
    ...facts.audit.flatMap((line) => [line.action, line.actor]),
  ]
}

/** A top-down writer over as many A4 pages as the text needs. */
function writer(pdf: PDF, typeface: Typeface) {
  let page: PDFPage = pdf.addPage(A4)
  let y = A4.height - MARGIN
  const width = A4.width - 2 * MARGIN
  const room = (height: number) => {
    if (y - height >= MARGIN) return
    page = pdf.addPage(A4)
    y = A4.height - MARGIN
  }
  return {
    width,
    line(text: string, style: TextStyle & { indent?: number; gap?: number }) {
      const indent = style.indent ?? 0
      for (const part of typeface.wrap(text, style, width - indent)) {
        room(style.size * 1.4)
        y -= style.size * 1.4
        typeface.draw(page, part, { x: MARGIN + indent, y, ...style })
      }
      y -= style.gap ?? 0
    },
    /** A label and its value on one line, the value wrapped beside the label. */
    pair(label: string, value: string, size = 9) {
      const labelWidth = 92
      const lines = typeface.wrap(value, { size }, width - labelWidth)
      for (const [i, part] of lines.entries()) {
        room(size * 1.45)
        y -= size * 1.45
        if (i === 0) typeface.draw(page, label, { x: MARGIN, y, size, color: MUTED })
        typeface.draw(page, part, { x: MARGIN + labelWidth, y, size, color: TEXT })
      }
    },
    rule(keepWith = 0) {
      room(12 + keepWith)
      y -= 6
      page.drawLine({ start: { x: MARGIN, y }, end: { x: A4.width - MARGIN, y }, color: RULE, thickness: 0.75 })
      y -= 6
    },
    /** Starts a block of `height` points on a new page if it would not fit on this one. */
    keep(height: number) {
      room(height)
    },
  }
}

/** Appends the certificate page(s): the agreement, each recipient and what they did, both digests, the audit log. */
export function appendCertificate(pdf: PDF, typeface: Typeface, facts: CertificateFacts, flattenedSha256: string) {
  const out = writer(pdf, typeface)
  out.line('Certificate of completion', { size: 18, bold: true, color: TEXT, gap: 4 })
  out.line(facts.title, { size: 12, color: TEXT, gap: 8 })
  out.pair('Agreement', facts.agreementId)
  out.pair('Original SHA-256', facts.originalSha256)
  out.pair('Signed SHA-256', flattenedSha256)
  out.line(
    'The signed SHA-256 is that of this file up to the end of its signed pages, before this certificate and the digital seal were added to it.',
    { size: 8, color: MUTED, gap: 6 },
  )

  out.rule()
  out.line('Recipients', { size: 13, bold: true, color: TEXT, gap: 2 })
  for (const recipient of facts.recipients) {
    out.keep(110)
    out.line(`${recipient.name} <${recipient.email}>`, { size: 10, bold: true, color: TEXT, gap: 1 })
    out.pair('Role', recipient.role)
    out.pair('Status', recipient.status.replace('_', ' '))
    out.pair('Opened', when(recipient.openedAt))
    out.pair('Signed', when(recipient.signedAt))
    out.pair('IP address', recipient.ip ?? '—')
    out.pair('User agent', recipient.userAgent ?? '—')
    out.rule()
  }

  out.line('Audit log', { size: 13, bold: true, color: TEXT, gap: 2 })
  for (const entry of facts.audit) {
    out.line(`${when(entry.at)}   ${entry.action}   ${entry.actor}${entry.ip ? `   ${entry.ip}` : ''}`, { size: 8.5, color: TEXT })
  }
}
