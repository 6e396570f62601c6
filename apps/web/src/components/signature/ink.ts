// A signature leaves the browser as one kind of thing whichever way it was made: a PNG data URL of the ink alone,
// on a transparent background, cropped to the ink. The sealed PDF then shows exactly what the signer saw, and a
// drawing made on a wide screen fits a small field as well as one made on a phone.

/** Deep blue, as a pen: read as ink on the white page in light and dark themes alike. */
export const INK = '#1b2a6b'
/** The typed signature's face, bundled with the app (@fontsource/dancing-script), never fetched from elsewhere. */
export const HANDWRITING = '"Dancing Script", cursive'

const MARGIN = 8
/** An uploaded picture is scaled down to this box: a field is a few centimetres wide, the data URL stays small. */
const UPLOAD_BOX = { width: 900, height: 300 }

/** The part of `source` that holds ink, with a small margin, as a PNG data URL; null when nothing is drawn. */
export function croppedPng(source: HTMLCanvasElement): string | null {
  const context = source.getContext('2d')
  if (!context || source.width === 0 || source.height === 0) return null
  const { data, width, height } = context.getImageData(0, 0, source.width, source.height)
  let top = height
  let left = width
  let bottom = -1
  let right = -1
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if ((data[(y * width + x) * 4 + 3] ?? 0) > 0) {
        if (y < top) top = y
        if (y > bottom) bottom = y
        if (x < left) left = x
        if (x > right) right = x
      }
  if (bottom < 0) return null
  const crop = document.createElement('canvas')
  crop.width = right - left + 1 + MARGIN * 2
  crop.height = bottom - top + 1 + MARGIN * 2
  crop
    .getContext('2d')
    ?.drawImage(source, left, top, right - left + 1, bottom - top + 1, MARGIN, MARGIN, right - left + 1, bottom - top + 1)
  return crop.toDataURL('image/png')
}

/** `text` written in the handwriting face, as a PNG data URL; null for blank text. */
export async function typedPng(text: string): Promise<string | null> {
  const words = text.trim()
  if (!words) return null
  const size = 96
  const font = `400 ${size}px ${HANDWRITING}`
  // The face downloads on first use: drawing before it arrives would print the fallback font into the PDF.
  await document.fonts.load(font, words)
  const canvas = document.createElement('canvas')
  const context = canvas.getContext('2d')
  if (!context) return null
  context.font = font
  const width = Math.ceil(context.measureText(words).width)
  canvas.width = width + size
  canvas.height = Math.ceil(size * 1.6)
  // The canvas's size reset the context: set the face again before writing.
  context.font = font
  context.fillStyle = INK
  context.textBaseline = 'middle'
  context.fillText(words, size / 2, canvas.height / 2)
  return croppedPng(canvas)
}

export class NotAnImage extends Error {}

/** An image file the signer chose, scaled into UPLOAD_BOX, as a PNG data URL; NotAnImage when it is not a picture. */
export async function uploadedPng(file: Blob): Promise<string | null> {
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file)
  } catch {
    throw new NotAnImage()
  }
  const scale = Math.min(1, UPLOAD_BOX.width / bitmap.width, UPLOAD_BOX.height / bitmap.height)
  const canvas = document.createElement('canvas')
  canvas.width = Math.max(1, Math.round(bitmap.width * scale))
  canvas.height = Math.max(1, Math.round(bitmap.height * scale))
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
  bitmap.close()
  return croppedPng(canvas)
}
