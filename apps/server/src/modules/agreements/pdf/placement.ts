import type { PDFPage } from '@libpdf/core'

/** A box on a page as its reader sees it: fractions of the shown page from its top-left corner. */
export type PageBox = { x: number; y: number; width: number; height: number }

/** A box in points, drawn in its own upright frame: (0, 0) is its bottom-left corner as the reader sees it. */
export type Frame = {
  width: number
  height: number
  /** The page point under a point of the frame. */
  at(x: number, y: number): { x: number; y: number }
  /** Degrees to turn text and images by so they stand upright on a rotated page. */
  angle: number
}

/**
 * Where a box placed on the shown page lies in the page's own coordinates. The editor places fields on the page
 * as a viewer shows it (after /Rotate, inside the crop box); PDF content is drawn before that rotation.
 */
export function frameOf(page: PDFPage, box: PageBox): Frame {
  const crop = page.getCropBox()
  const width = box.width * page.width
  const height = box.height * page.height
  // The frame's origin on the shown page, measured from the shown page's top-left corner.
  const left = box.x * page.width
  const bottom = (box.y + box.height) * page.height
  const rotation = page.rotation
  // Shown (right, down) from the shown top-left → page coordinates, for each /Rotate (clockwise when shown).
  const shownToPage = (right: number, down: number) => {
    switch (rotation) {
      case 90:
        return { x: crop.x + down, y: crop.y + right }
      case 180:
        return { x: crop.x + crop.width - right, y: crop.y + down }
      case 270:
        return { x: crop.x + crop.width - down, y: crop.y + crop.height - right }
      default:
        return { x: crop.x + right, y: crop.y + crop.height - down }
    }
  }
  return { width, height, angle: rotation, at: (x, y) => shownToPage(left + x, bottom - y) }
}
