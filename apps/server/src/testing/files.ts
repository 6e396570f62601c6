import { readdir } from 'node:fs/promises'

// Small real files for upload tests: each starts with its format's true signature.

/** A 1×1 transparent PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64')
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(32)])
export const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(16)])
export const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(24)])
/** A real one-page PDF ("Our proposal"), so a browser's viewer can show it. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>\nendobj\n4 0 obj\n<< /Length 42 >>\nstream\nBT /F1 24 Tf 40 70 Td (Our proposal) Tj ET\nendstream\nendobj\n5 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>\nendobj\nxref\n0 6\n0000000000 65535 f \n0000000009 00000 n \n0000000058 00000 n \n0000000115 00000 n \n0000000241 00000 n \n0000000333 00000 n \ntrailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n403\n%%EOF\n',
)
export const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>')
export const SVG = Buffer.from('\n  <svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="4"/></svg>')

/** A zip of stored (uncompressed) entries, laid out as any zip tool writes it: entries, central directory, end record. */
export function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name)
    const data = Buffer.from(text)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(nameBytes.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(nameBytes.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, nameBytes, data)
    centrals.push(central, nameBytes)
    offset += local.length + nameBytes.length + data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  const count = Object.keys(entries).length
  end.writeUInt16LE(count, 8)
  end.writeUInt16LE(count, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

const contentTypes = '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'
export const DOCX = zip({ '[Content_Types].xml': contentTypes, '_rels/.rels': '<Relationships/>', 'word/document.xml': '<w:document/>' })
export const XLSX = zip({ '[Content_Types].xml': contentTypes, 'xl/workbook.xml': '<workbook/>' })
export const PPTX = zip({ '[Content_Types].xml': contentTypes, 'ppt/presentation.xml': '<p:presentation/>' })
export const PLAIN_ZIP = zip({ 'notes.txt': 'hello', 'word/readme.txt': 'not an office file' })

/** A real PDF of `count` pages, page n saying "Page n", made with the PDF library the server counts pages with. */
export async function pdfOfPages(count: number): Promise<Buffer> {
  const { PDF } = await import('@libpdf/core')
  const pdf = PDF.create()
  for (let n = 1; n <= count; n++) pdf.addPage({ width: 300, height: 144 }).drawText(`Page ${n}`, { x: 40, y: 70, size: 24 })
  return Buffer.from(await pdf.save())
}

/** A multipart form as a browser sends it: the text fields first, then the file. */
export function form(file: { name: string; bytes: Buffer; type?: string } | null, fields: Record<string, string> = {}): FormData {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.append(name, value)
  if (file) body.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name)
  return body
}

/** Every file under a directory (the test app's file storage), as paths. */
export async function storedFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true })
    return entries.filter((e) => e.isFile()).map((e) => `${e.parentPath}/${e.name}`)
  } catch {
    return []
  }
}
