import { AGREEMENT_MAX_PAGES } from '@closeroom/shared'
import { PDF } from '@libpdf/core'
import { describe, expect, it } from 'vitest'
import { inspectPdf } from './inspect.ts'
import { encryptedPdf, samplePdf } from './testing.ts'

async function refusal(bytes: Uint8Array) {
  try {
    await inspectPdf(bytes)
  } catch (error) {
    const { statusCode, code, message } = error as { statusCode: number; code: string; message: string }
    return { statusCode, code, message }
  }
  throw new Error('the PDF was accepted')
}

describe('inspecting an uploaded agreement', () => {
  it('gives the size of every page of a real PDF, a rotated page as it is shown', async () => {
    const pdf = await samplePdf(2)
    expect(await inspectPdf(pdf)).toEqual({
      pages: [
        { width: 595.28, height: 841.89 },
        { width: 595.28, height: 841.89 },
      ],
    })
    const landscape = await PDF.load(pdf)
    landscape.getPage(1)?.setRotation(90)
    expect((await inspectPdf(await landscape.save())).pages[1]).toEqual({ width: 841.89, height: 595.28 })
  })

  it('refuses a text file named .pdf, by its bytes', async () => {
    expect(await refusal(new TextEncoder().encode('Quote for ACME: 12 seats, 4,800 EUR'))).toEqual({
      statusCode: 400,
      code: 'not_pdf',
      message: 'file: This file is not a PDF',
    })
  })

  it('refuses an encrypted PDF, whether it needs a password to open or only restricts what may be done', async () => {
    const pdf = await samplePdf(1)
    expect(await refusal(await encryptedPdf(pdf, 'open-sesame'))).toMatchObject({ statusCode: 400, code: 'pdf_encrypted' })
    expect(await refusal(await encryptedPdf(pdf, ''))).toMatchObject({ statusCode: 400, code: 'pdf_encrypted' })
  })

  it('refuses a PDF cut off during its upload, and bytes that only start like a PDF', async () => {
    const pdf = await samplePdf(3)
    expect(await refusal(pdf.slice(0, Math.floor(pdf.length / 2)))).toMatchObject({ statusCode: 400, code: 'pdf_broken' })
    expect(await refusal(pdf.slice(0, pdf.length - 40))).toMatchObject({ statusCode: 400, code: 'pdf_broken' })
    expect(await refusal(new TextEncoder().encode('%PDF-1.7\nnothing else'))).toMatchObject({ statusCode: 400, code: 'pdf_broken' })
  })

  it(`accepts ${AGREEMENT_MAX_PAGES} pages and refuses one more`, async () => {
    expect((await inspectPdf(await samplePdf(AGREEMENT_MAX_PAGES))).pages).toHaveLength(AGREEMENT_MAX_PAGES)
    expect(await refusal(await samplePdf(AGREEMENT_MAX_PAGES + 1))).toEqual({
      statusCode: 400,
      code: 'too_many_pages',
      message: `file: A PDF may have at most ${AGREEMENT_MAX_PAGES} pages`,
    })
  })
})
