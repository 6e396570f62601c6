import { describe, expect, it } from 'vitest'
import { PNG } from '../../../testing/files.ts'
import { inspectPdf } from './inspect.ts'
import { type OrderForm, type OrderFormLine, orderFormPdf } from './order-form.ts'
import { onPdfFile, pdfText } from './testing.ts'

function line(name: string, quantity: number, unitPrice: number, discount = 0, description = ''): OrderFormLine {
  return { name, description, quantity, unitPrice, discount, total: quantity * unitPrice - discount }
}

function form(lines: OrderFormLine[], overrides: Partial<OrderForm> = {}): OrderForm {
  const subtotal = lines.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0)
  const discounts = lines.reduce((sum, l) => sum + l.discount, 0)
  const tax = Math.round((subtotal - discounts) * 0.2)
  return {
    organization: { name: 'Northwind Software', logo: null, brandColor: '#2f6fed' },
    client: {
      name: 'Ánh Nguyễn',
      email: 'anh@acme.test',
      company: 'ACME Corporation',
      phone: '+33 1 23 45 67 89',
      address: '12 rue de la Paix\n75002 Paris',
    },
    deal: { title: 'ACME renewal 2027', currency: 'EUR', lines, subtotal, discounts, tax, total: subtotal - discounts + tax },
    issuedOn: '2026-11-24',
    locale: 'en',
    ...overrides,
  }
}

/** pdftotext's layout, each run of spaces (and the narrow spaces Intl puts in French amounts) as one space. */
const squeezed = (text: string) => text.replace(/[ \u00a0\u202f]+/g, ' ')

// Each test embeds fonts and writes a whole document, which takes a few seconds on a loaded machine.
describe('the order form', { timeout: 30_000 }, () => {
  it('shows the organization, the client, every line with its quantity, price, discount and amount, and the totals', async () => {
    const pdf = await orderFormPdf(
      form([
        line('Closeroom Pro seats', 12, 125_000, 50_000, 'Annual subscription, billed yearly'),
        line('Onboarding workshop', 1, 240_000),
      ]),
    )
    const text = squeezed(await pdfText(pdf))
    for (const expected of [
      'Northwind Software',
      'Order form',
      'Issued: November 24, 2026',
      'Ánh Nguyễn',
      'ACME Corporation',
      'anh@acme.test',
      '+33 1 23 45 67 89',
      '75002 Paris',
      'ACME renewal 2027',
      'Prices in EUR',
      'Closeroom Pro seats 12 €1,250.00 -€500.00 €14,500.00',
      'Annual subscription, billed yearly',
      'Onboarding workshop 1 €2,400.00 — €2,400.00',
      'Subtotal €17,400.00',
      'Discounts -€500.00',
      'Tax €3,380.00',
      'Total €20,280.00',
      'Signature',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected)
    }
  })

  it('leaves out the tax and discount rows of a deal without them, and writes amounts as the language does', async () => {
    const lines = [line('Sièges Closeroom Pro', 3, 99_900)]
    const plain = form(lines, { locale: 'fr' })
    const pdf = await orderFormPdf({ ...plain, deal: { ...plain.deal, tax: null, total: plain.deal.subtotal } })
    const text = squeezed(await pdfText(pdf))
    expect(text).toContain('Bon de commande')
    expect(text).toContain('Émis le 24 novembre 2026')
    expect(text).toContain('Sièges Closeroom Pro 3 999,00 € — 2 997,00 €')
    expect(text).toContain('Sous-total 2 997,00 €')
    expect(text).toContain('Total 2 997,00 €')
    expect(text).not.toContain('Taxes')
    expect(text).not.toContain('Remises')

    const yen = await orderFormPdf(
      form([line('Seats', 2, 15_000)], {
        deal: {
          ...form([]).deal,
          currency: 'JPY',
          lines: [line('Seats', 2, 15_000)],
          subtotal: 30_000,
          discounts: 0,
          tax: null,
          total: 30_000,
        },
      }),
    )
    expect(squeezed(await pdfText(yen))).toContain('Seats 2 ¥15,000 — ¥30,000')
  })

  it('breaks many lines over pages, the table heading on each, numbered "Page n of N"', async () => {
    const lines = Array.from({ length: 60 }, (_, i) =>
      line(`Item ${i + 1}`, 1, 1000 + i, 0, 'A description long enough to take a second line in the item column of the table'),
    )
    const pdf = await orderFormPdf(form(lines))
    const { pages } = await inspectPdf(pdf)
    expect(pages.length).toBeGreaterThan(2)
    const text = squeezed(await pdfText(pdf))
    for (const [i] of lines.entries()) expect(text.match(new RegExp(`Item ${i + 1} 1 `, 'g'))).toHaveLength(1)
    for (let n = 1; n <= pages.length; n++) {
      const page = squeezed(await pdfText(pdf, { page: n }))
      expect(page).toContain(`Page ${n} of ${pages.length}`)
      if (n < pages.length) expect(page).toContain('Item Qty Unit price Discount Amount')
    }
  })

  it('writes Vietnamese, Chinese and Arabic with fonts that have their characters, and shows the logo', async () => {
    for (const [locale, words] of [
      ['vi', ['Đơn đặt hàng', 'Tổng cộng', 'Chữ ký']],
      ['cn', ['订单', '总计', '签名', '第 1 页，共 1 页']],
    ] as const) {
      const text = await pdfText(await orderFormPdf(form([line('Closeroom', 1, 1000)], { locale })))
      for (const word of words) expect(squeezed(text)).toContain(word)
      expect(text).not.toContain('?')
    }

    const arabic = await orderFormPdf(
      form([line('Closeroom', 1, 1000)], { locale: 'ar', organization: { name: 'Northwind', logo: PNG, brandColor: '#0a7d4f' } }),
    )
    const fonts = await onPdfFile(arabic, 'pdffonts', (file) => [file])
    expect(fonts.stdout).toMatch(/NotoNaskhArabic/)
    expect(await pdfText(arabic)).not.toContain('?')
    const images = await onPdfFile(arabic, 'pdfimages', (file) => ['-list', file])
    expect(images.stdout.split('\n').filter((row) => /^\s+1\s+\d+\s+image\s/.test(row))).toHaveLength(1)
  })
})
