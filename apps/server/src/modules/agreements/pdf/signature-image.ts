import { PDF } from '@libpdf/core'

/** The largest drawn or uploaded signature the seal takes, per side: decoded, it is at most 36 MB of RGBA. */
export const SIGNATURE_MAX_PIXELS = 3000

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/**
 * Why the seal could not draw this signature PNG, or null when it can. Checked when the signer sends it: a PNG
 * that only starts right, or one small on the wire but huge once decoded, would otherwise fail every attempt
 * to seal the completed agreement.
 */
export function signaturePngProblem(png: Uint8Array): string | null {
  if (png.length < 24 || !PNG_MAGIC.every((byte, i) => png[i] === byte)) return 'A signature image must be a PNG'
  // The first chunk is IHDR: width and height, big-endian, right after its length and name.
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength)
  const width = view.getUint32(16)
  const height = view.getUint32(20)
  if (width > SIGNATURE_MAX_PIXELS || height > SIGNATURE_MAX_PIXELS) {
    return `A signature image may be at most ${SIGNATURE_MAX_PIXELS}×${SIGNATURE_MAX_PIXELS} pixels`
  }
  try {
    PDF.create().embedPng(png)
  } catch {
    return 'This signature image cannot be read'
  }
  return null
}
