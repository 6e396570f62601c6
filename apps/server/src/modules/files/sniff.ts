/**
 * What a file really is, from its bytes: the uploader's name and Content-Type are not evidence. Fed chunk by
 * chunk as an upload streams through, it keeps only the first bytes (the magic numbers), the last bytes (a zip's
 * central directory, to tell an Office file from any zip) and a UTF-8 decoder (to tell text from binary).
 * Anything else, SVG and HTML above all, is unknown: null.
 */

const HEAD_BYTES = 64
/** An Office file's central directory lists every part in ~50 bytes each; this holds thousands. */
const TAIL_BYTES = 256 * 1024

const OFFICE: Record<string, string> = {
  'word/': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'xl/': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'ppt/': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
}

/** ISO base media brands of MP4 video browsers play (QuickTime's 'qt  ' is not among them). */
const MP4_BRANDS = ['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash', 'mmp4']

const startsWith = (bytes: Uint8Array, magic: number[], at = 0) => magic.every((byte, i) => bytes[at + i] === byte)
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))

/** The image and PDF signatures; each is unmistakable in the first bytes. */
function byMagic(head: Uint8Array): string | null {
  if (startsWith(head, ascii('%PDF-'))) return 'application/pdf'
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif'
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp'
  if (startsWith(head, ascii('ftyp'), 4) && MP4_BRANDS.some((brand) => startsWith(head, ascii(brand), 8))) return 'video/mp4'
  // Matroska's EBML header names its document type early: only WebM is what browsers play.
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]) && new TextDecoder('latin1').decode(head).includes('webm')) return 'video/webm'
  return null
}

const isZip = (head: Uint8Array) => startsWith(head, [0x50, 0x4b, 0x03, 0x04])

/** The names in a zip's central directory, read from the end of the file; null when it is not all there. */
export function zipEntryNames(tail: Uint8Array): string[] | null {
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength)
  // The end-of-central-directory record is 22 bytes plus a comment of up to 64 KiB.
  let end = -1
  for (let i = tail.length - 22; i >= 0 && i >= tail.length - 22 - 0xffff; i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i
      break
    }
  }
  if (end < 0) return null
  const entries = view.getUint16(end + 10, true)
  const size = view.getUint32(end + 12, true)
  let at = end - size
  if (at < 0) return null
  const names: string[] = []
  const decoder = new TextDecoder()
  for (let n = 0; n < entries; n++) {
    if (at + 46 > end || view.getUint32(at, true) !== 0x02014b50) return null
    const nameLength = view.getUint16(at + 28, true)
    const extraLength = view.getUint16(at + 30, true)
    const commentLength = view.getUint16(at + 32, true)
    names.push(decoder.decode(tail.subarray(at + 46, at + 46 + nameLength)))
    at += 46 + nameLength + extraLength + commentLength
  }
  return names
}

/** docx, xlsx or pptx: a zip holding [Content_Types].xml and the application's folder. */
function officeType(names: string[]): string | null {
  if (!names.includes('[Content_Types].xml')) return null
  for (const [folder, type] of Object.entries(OFFICE)) if (names.some((name) => name.startsWith(folder))) return type
  return null
}

/** Markup a browser would run or draw (HTML, SVG, XML) starts with '<' once blank space and a BOM are skipped. */
function looksLikeMarkup(head: Uint8Array): boolean {
  let i = startsWith(head, [0xef, 0xbb, 0xbf]) ? 3 : 0
  while (i < head.length && (head[i] === 0x20 || head[i] === 0x09 || head[i] === 0x0a || head[i] === 0x0d || head[i] === 0x0c)) i++
  return head[i] === 0x3c
}

export function createSniffer() {
  const head = new Uint8Array(HEAD_BYTES)
  let headLength = 0
  const tail: Uint8Array[] = []
  let tailLength = 0
  // Text until proven otherwise: valid UTF-8 without a NUL byte.
  const utf8 = new TextDecoder('utf-8', { fatal: true })
  let text = true

  function push(chunk: Uint8Array) {
    if (headLength < HEAD_BYTES) {
      const take = chunk.subarray(0, HEAD_BYTES - headLength)
      head.set(take, headLength)
      headLength += take.length
    }
    // Only a zip needs its end (the central directory); other files keep nothing past the head.
    if (isZip(head.subarray(0, headLength))) {
      tail.push(chunk)
      tailLength += chunk.length
    }
    while (tail.length > 1 && tailLength - (tail[0]?.length ?? 0) >= TAIL_BYTES) tailLength -= tail.shift()?.length ?? 0
    if (text) {
      if (chunk.includes(0)) text = false
      else
        try {
          utf8.decode(chunk, { stream: true })
        } catch {
          text = false
        }
    }
  }

  /** Whether the first bytes already rule the file out (markup), so an upload can stop there. */
  const refusedEarly = () => headLength > 0 && !byMagic(head.subarray(0, headLength)) && looksLikeMarkup(head.subarray(0, headLength))

  /** The content type, once every byte has been pushed; `name` only tells CSV from plain text. */
  function finish(name: string): string | null {
    const first = head.subarray(0, headLength)
    if (headLength === 0) return null
    const magic = byMagic(first)
    if (magic) return magic
    if (isZip(first)) {
      const whole = new Uint8Array(tailLength)
      let at = 0
      for (const chunk of tail) {
        whole.set(chunk, at)
        at += chunk.length
      }
      const names = zipEntryNames(whole)
      return names ? officeType(names) : null
    }
    if (!text || looksLikeMarkup(first)) return null
    try {
      utf8.decode()
    } catch {
      return null
    }
    return /\.csv$/i.test(name) ? 'text/csv' : 'text/plain'
  }

  return { push, refusedEarly, finish }
}

/** The content type of a whole file in memory (tests, small files). */
export function sniff(bytes: Uint8Array, name = ''): string | null {
  const sniffer = createSniffer()
  sniffer.push(bytes)
  return sniffer.finish(name)
}
