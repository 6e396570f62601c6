import { describe, expect, it } from 'vitest'
import { majorText, parseMajor, parsePercent, parseQuantity, percentText } from './money'

describe('typed amounts to minor units, by the currency’s exponent', () => {
  it.each([
    ['1500', 'JPY', 1500],
    ['1500.5', 'JPY', null],
    ['12.5', 'EUR', 1250],
    ['12,50', 'EUR', 1250],
    ['1 234.56', 'EUR', 123456],
    ['0.07', 'EUR', 7],
    ['12.345', 'EUR', null],
    ['1.005', 'BHD', 1005],
    ['1.0005', 'BHD', null],
    ['-3', 'EUR', null],
    ['abc', 'EUR', null],
    ['', 'EUR', null],
  ])('%s %s → %s', (typed, currency, minor) => {
    expect(parseMajor(typed, currency)).toBe(minor)
  })

  it('writes minor units back as they are typed, exact for any size', () => {
    expect(majorText(45000, 'JPY')).toBe('45000')
    expect(majorText(7, 'EUR')).toBe('0.07')
    expect(majorText(123456, 'EUR')).toBe('1234.56')
    expect(majorText(1005, 'BHD')).toBe('1.005')
    expect(majorText(999_999_999_999_99, 'EUR')).toBe('999999999999.99')
  })
})

describe('rates and quantities', () => {
  it('reads percentages as basis points', () => {
    expect(parsePercent('20')).toBe(2000)
    expect(parsePercent('5.5')).toBe(550)
    expect(parsePercent('8,25')).toBe(825)
    expect(parsePercent('100')).toBe(10_000)
    expect(parsePercent('100.01')).toBeNull()
    expect(parsePercent('7.125')).toBeNull()
    expect(percentText(550)).toBe('5.5')
    expect(percentText(825)).toBe('8.25')
    expect(percentText(2000)).toBe('20')
  })
  it('takes quantities above zero with up to three decimals', () => {
    expect(parseQuantity('1.5')).toBe(1.5)
    expect(parseQuantity('0.125')).toBe(0.125)
    expect(parseQuantity('0')).toBeNull()
    expect(parseQuantity('-1')).toBeNull()
    expect(parseQuantity('1.2345')).toBeNull()
  })
})
