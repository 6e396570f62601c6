import { createHash } from 'node:crypto'
import { PDF } from '@libpdf/core'
import { appendCertificate, type CertificateFacts, certificateTexts } from './certificate.ts'
import { type FilledField, fieldTexts, flattenFields } from './fields.ts'
import { loadAgreementPdf } from './inspect.ts'
import type { Signer } from './signer.ts'
import { embedTypeface } from './typeface.ts'

export type SealInput = {
  /** The document as uploaded or generated, before anyone signed. */
  original: Uint8Array
  fields: FilledField[]
  certificate: CertificateFacts
  signer: Signer
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/**
 * The completed agreement: every field drawn into its page, a certificate appended, and one PAdES signature
 * (ETSI.CAdES.detached) over the whole file. Each step is appended to the one before, so the flattened
 * document is a prefix of the sealed file and the digest the certificate gives for it can be checked by
 * cutting the file at the end of that revision.
 */
export async function sealPdf({ original, fields, certificate, signer }: SealInput): Promise<{ pdf: Uint8Array; sha256: string }> {
  const pdf = await loadAgreementPdf(original)
  const fieldsTypeface = await embedTypeface(pdf, fieldTexts(fields))
  flattenFields(pdf, fieldsTypeface, fields)
  // Appended to the original where the library can (not to a file it knows to be linearized), so the original is
  // a prefix of the sealed file as well, and sealing costs no rewrite of the document.
  const flattened = await pdf.save({ incremental: pdf.canSaveIncrementally() === null, subsetFonts: true })

  const withCertificate = await PDF.load(flattened)
  const certificateTypeface = await embedTypeface(withCertificate, certificateTexts(certificate))
  appendCertificate(withCertificate, certificateTypeface, certificate, sha256(flattened))
  await withCertificate.reload(await withCertificate.save({ incremental: true, subsetFonts: true }))

  const { bytes } = await withCertificate.sign({
    signer,
    subFilter: 'ETSI.CAdES.detached',
    level: 'B-B',
    reason: `All recipients completed "${certificate.title}"`,
    fieldName: 'Closeroom seal',
  })
  return { pdf: bytes, sha256: sha256(bytes) }
}
