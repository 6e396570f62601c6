import { describe, expect, it } from 'vitest'
import { currencyExponent, InvoiceInput, isKnownCurrency, priceInvoice, priceLine } from './schemas/invoices.ts'

// Money on an invoice: amounts are integer minor units of the currency (its exponent: JPY 0, EUR 2, BHD 3);
// each line is rounded once, halves up, and the invoice's totals are sums of the rounded lines.

describe('currency exponents', () => {
  it.each([
    ['JPY', 0],
    ['EUR', 2],
    ['USD', 2],
    ['BHD', 3],
    ['KWD', 3],
    ['VND', 0],
  ])('%s has %i decimals', (currency, exponent) => {
    expect(currencyExponent(currency)).toBe(exponent)
  })

  it('knows ISO 4217 codes and refuses made-up ones', () => {
    expect(isKnownCurrency('BHD')).toBe(true)
    expect(isKnownCurrency('XYZ')).toBe(false)
  })
})

describe('pricing a line', () => {
  // [what, currency, quantity, unit price (minor), discount bp, tax bp, net, tax, total]
  const table: [string, string, number, number, number, number, number, number, number][] = [
    ['JPY: whole yen, 10 % tax', 'JPY', 3, 1_980, 0, 1000, 5_940, 594, 6_534],
    ['JPY: 8 % of ¥1,010 is ¥80.8, rounded to ¥81', 'JPY', 1, 1_010, 0, 800, 1_010, 81, 1_091],
    ['JPY: half a yen of tax rounds up (¥1,010 × 5 % = ¥50.5)', 'JPY', 1, 1_010, 0, 500, 1_010, 51, 1_061],
    ['JPY: 15 % off ¥999 is ¥849.15, rounded to ¥849', 'JPY', 1, 999, 1500, 0, 849, 0, 849],
    ['EUR: 20 % VAT', 'EUR', 2, 450_00, 0, 2000, 900_00, 180_00, 1_080_00],
    ['EUR: half a cent rounds up (€10.10 × 5 % = €0.505)', 'EUR', 1, 10_10, 0, 500, 10_10, 51, 10_61],
    ['EUR: just under half a cent rounds down (€10.09 × 5 % = €0.5045)', 'EUR', 1, 10_09, 0, 500, 10_09, 50, 10_59],
    [
      'EUR: discount then tax on the rounded net (€33.33 − 10 % = €29.997 → €30.00; 19 % → €5.70)',
      'EUR',
      1,
      33_33,
      1000,
      1900,
      30_00,
      5_70,
      35_70,
    ],
    ['EUR: 1.5 hours at €99.99 is €149.985, rounded once to €149.99', 'EUR', 1.5, 99_99, 0, 0, 149_99, 0, 149_99],
    ['EUR: a fractional quantity is not rounded per unit (0.333 × €0.10 = €0.0333 → €0.03)', 'EUR', 0.333, 10, 0, 0, 3, 0, 3],
    ['EUR: zero-rate line', 'EUR', 4, 12_50, 0, 0, 50_00, 0, 50_00],
    ['EUR: 100 % discount', 'EUR', 4, 12_50, 10_000, 2000, 0, 0, 0],
    ['EUR: a free line', 'EUR', 1, 0, 0, 2000, 0, 0, 0],
    ['BHD: three decimals, 10 % VAT (BD 1.005 → BD 0.1005 → BD 0.101)', 'BHD', 1, 1_005, 0, 1000, 1_005, 101, 1_106],
    ['BHD: half a fils rounds up (BD 0.333 × 1.5 = BD 0.4995 → BD 0.500)', 'BHD', 1.5, 333, 0, 0, 500, 0, 500],
    [
      'BHD: 12.5 % off BD 19.999 × 2 = BD 34.99825 → BD 34.998; 5 % → BD 1.7499 → BD 1.750',
      'BHD',
      2,
      19_999,
      1250,
      500,
      34_998,
      1_750,
      36_748,
    ],
  ]

  it.each(table)('%s', (_what, currency, quantity, unitPrice, discount, taxRate, net, tax, total) => {
    // The amounts are written in the currency's minor units, whose size its exponent sets.
    expect(currencyExponent(currency)).toBe({ JPY: 0, EUR: 2, BHD: 3 }[currency])
    expect(priceLine({ quantity, unitPrice, discount, taxRate })).toEqual({ net, tax, total })
  })

  it('adds the rounded lines up, so the lines always match the total', () => {
    const priced = priceInvoice([
      { quantity: 1, unitPrice: 10_10, taxRate: 500 },
      { quantity: 1, unitPrice: 10_10, taxRate: 500 },
    ])
    // Each line's tax is €0.51 (0.505 rounded once); taxing the €20.20 subtotal would give €1.01, not the €1.02 the lines show.
    expect(priced).toMatchObject({ subtotal: 20_20, tax: 1_02, total: 21_22 })
  })
})

describe('the invoice body', () => {
  const valid = {
    buyer: { name: 'Bea' },
    currency: 'eur',
    issueDate: '2026-11-02',
    dueDate: '2026-11-02',
    lines: [{ description: 'Seats', quantity: 1, unitPrice: 100 }],
  }
  it('takes a due date on the issue date, a lower-case currency, and defaults the rates to zero', () => {
    const parsed = InvoiceInput.parse(valid)
    expect(parsed.currency).toBe('EUR')
    expect(parsed.lines[0]).toMatchObject({ discount: 0, taxRate: 0, productId: null })
  })
  it('refuses a line too large to be exact', () => {
    const result = InvoiceInput.safeParse({ ...valid, lines: [{ description: 'Seats', quantity: 999_999, unitPrice: 10_000_000_000_000 }] })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.path).toEqual(['lines', 0, 'unitPrice'])
  })
})
