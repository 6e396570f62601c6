import { describe, expect, it } from 'vitest'
import { PNG } from '../../../testing/files.ts'
import { SIGNATURE_MAX_PIXELS, signaturePngProblem } from './signature-image.ts'

/** The PNG with its IHDR claiming another size (its checksum left as it was, as a forged file would). */
function claimingSize(png: Uint8Array, width: number, height: number) {
  const copy = new Uint8Array(png)
  const view = new DataView(copy.buffer)
  view.setUint32(16, width)
  view.setUint32(20, height)
  return copy
}

describe('a signature image sent by a signer', () => {
  it('is taken when the seal can draw it', () => {
    expect(signaturePngProblem(PNG)).toBeNull()
  })

  it('is refused when it only starts like a PNG, is cut short, or claims more pixels than the seal takes', () => {
    expect(signaturePngProblem(new TextEncoder().encode('<svg onload="alert(1)"/>'))).toBe('A signature image must be a PNG')
    expect(signaturePngProblem(PNG.subarray(0, 20))).toBe('A signature image must be a PNG')
    expect(signaturePngProblem(Buffer.concat([PNG.subarray(0, 40), Buffer.alloc(40)]))).toBe('This signature image cannot be read')
    expect(signaturePngProblem(claimingSize(PNG, SIGNATURE_MAX_PIXELS + 1, 10))).toBe(
      `A signature image may be at most ${SIGNATURE_MAX_PIXELS}×${SIGNATURE_MAX_PIXELS} pixels`,
    )
  })
})
