import { describe, expect, it } from 'vitest'
import { DOCX, GIF, HTML, JPEG, PDF, PLAIN_ZIP, PNG, PPTX, SVG, WEBP, XLSX, zip } from '../../testing/files.ts'
import { contentDisposition, displayName } from './names.ts'
import { createSniffer, sniff } from './sniff.ts'

describe('content sniffing', () => {
  it.each([
    ['PDF', PDF, 'application/pdf'],
    ['PNG', PNG, 'image/png'],
    ['JPEG', JPEG, 'image/jpeg'],
    ['GIF', GIF, 'image/gif'],
    ['WebP', WEBP, 'image/webp'],
    ['docx', DOCX, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['xlsx', XLSX, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['pptx', PPTX, 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  ])('knows a %s by its bytes, whatever its name says', (_, bytes, type) => {
    expect(sniff(bytes, 'renamed.txt')).toBe(type)
  })

  it('knows the videos browsers play: MP4 by its brand, WebM by its document type, not QuickTime or Matroska', () => {
    const box = (brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}`), Buffer.alloc(40)])
    expect(sniff(box('isom'), 'clip.mp4')).toBe('video/mp4')
    expect(sniff(box('mp42'), 'clip.mp4')).toBe('video/mp4')
    expect(sniff(box('qt  '), 'clip.mov')).toBeNull()
    const ebml = (docType: string) =>
      Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]), Buffer.from(docType), Buffer.alloc(30)])
    expect(sniff(ebml('webm'), 'clip.webm')).toBe('video/webm')
    expect(sniff(ebml('matroska'), 'clip.mkv')).toBeNull()
  })

  it('reads UTF-8 text as plain text, or CSV when its name says so', () => {
    const text = Buffer.from('Prix, quantité\n“Plateforme”, 2\n日本語, 3\n')
    expect(sniff(text, 'notes.txt')).toBe('text/plain')
    expect(sniff(text, 'lines.CSV')).toBe('text/csv')
  })

  it.each([
    ['HTML', HTML],
    ['SVG', SVG],
    ['XML', Buffer.from('<?xml version="1.0"?><a/>')],
    ['HTML after a BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(' \n<html>')])],
    ['a zip that is not an Office file', PLAIN_ZIP],
    ['a zip cut short', DOCX.subarray(0, DOCX.length - 10)],
    ['text with a NUL byte', Buffer.from('abc\0def')],
    ['bytes that are not UTF-8', Buffer.from([0x68, 0x69, 0xc3, 0x28])],
    ['an empty file', Buffer.alloc(0)],
  ])('knows nothing it will serve in %s', (_, bytes) => {
    expect(sniff(bytes, 'file.pdf')).toBeNull()
  })

  it('refuses markup from its first bytes, before the rest arrives', () => {
    const sniffer = createSniffer()
    sniffer.push(Buffer.from('  <svg'))
    expect(sniffer.refusedEarly()).toBe(true)
    const pdf = createSniffer()
    pdf.push(PDF.subarray(0, 3))
    expect(pdf.refusedEarly()).toBe(false)
  })

  it('finds an Office file whose parts arrive in many chunks, and a UTF-8 character split across two', () => {
    const big = zip({ '[Content_Types].xml': 'x'.repeat(300_000), 'word/document.xml': '<w:document/>' })
    const sniffer = createSniffer()
    for (let at = 0; at < big.length; at += 7_000) sniffer.push(big.subarray(at, at + 7_000))
    expect(sniffer.finish('a.docx')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document')

    const text = Buffer.from('é')
    const split = createSniffer()
    split.push(text.subarray(0, 1))
    split.push(text.subarray(1))
    expect(split.finish('a.txt')).toBe('text/plain')
  })
})

describe('file names', () => {
  it('keeps the last part of a path, without control or direction-override characters', () => {
    expect(displayName('C:\\Users\\bea\\Proposal Q3.pdf')).toBe('Proposal Q3.pdf')
    expect(displayName('../../etc/passwd')).toBe('passwd')
    expect(displayName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe')
    expect(displayName('line\nbreak\t.pdf')).toBe('linebreak.pdf')
    expect(displayName('...')).toBe('file')
    expect(displayName(undefined)).toBe('file')
    const long = displayName(`${'a'.repeat(300)}.pdf`)
    expect(long).toHaveLength(200)
    expect(long.endsWith('.pdf')).toBe(true)
  })

  it('says the name twice in Content-Disposition: ASCII, and exact in RFC 5987 form', () => {
    expect(contentDisposition('attachment', 'Offre “été” 2027.pdf')).toBe(
      `attachment; filename="Offre __t__ 2027.pdf"; filename*=UTF-8''Offre%20%E2%80%9C%C3%A9t%C3%A9%E2%80%9D%202027.pdf`,
    )
    expect(contentDisposition('inline', 'a"b\\c;d.pdf')).toBe(`inline; filename="a_b_c_d.pdf"; filename*=UTF-8''a%22b%5Cc%3Bd.pdf`)
  })
})
