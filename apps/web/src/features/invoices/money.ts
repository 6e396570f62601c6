import { currencyExponent, isKnownCurrency } from '@closeroom/shared'
import { intlLocale, numberFormat } from '../../lib/intl'

// What people type (major units, percentages) to what the API takes (minor units, basis points), by string
// arithmetic: no amount passes through a float. The currency's exponent says how many decimals it has.

const exponentOf = (currency: string) => (isKnownCurrency(currency) ? currencyExponent(currency) : 2)

/** "1 234,5" → its minor units, or null when it is not an amount or has more decimals than the currency. */
export function parseMajor(text: string, currency: string): number | null {
  const digits = exponentOf(currency)
  const match = /^(\d+)(?:[.,](\d*))?$/.exec(text.replace(/[\s\u00a0\u202f]/g, ''))
  if (!match) return null
  const [, whole = '0', fraction = ''] = match
  if (fraction.length > digits) return null
  const minor = Number(whole + fraction.padEnd(digits, '0'))
  return Number.isSafeInteger(minor) ? minor : null
}

/** Minor units as a person types them back: 45000 in EUR is "450.00", in JPY "45000". */
export function majorText(minor: number, currency: string): string {
  const digits = exponentOf(currency)
  if (digits === 0) return String(minor)
  const text = String(minor).padStart(digits + 1, '0')
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`
}

/** "20" or "5.5" (percent) → basis points, or null. */
export function parsePercent(text: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{0,2}))?$/.exec(text.trim())
  if (!match) return null
  const bps = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  return bps <= 10_000 ? bps : null
}

export function percentText(bps: number): string {
  return bps % 100 === 0 ? String(bps / 100) : (bps / 100).toFixed(2).replace(/0$/, '')
}

/** A quantity of at most three decimals, above zero. */
export function parseQuantity(text: string): number | null {
  const match = /^(\d{1,7})(?:[.,](\d{0,3}))?$/.exec(text.trim())
  if (!match) return null
  const value = Number(`${match[1]}.${match[2] || '0'}`)
  return value > 0 && value <= 1_000_000 ? value : null
}

/** An amount in minor units, in the reader's language and the invoice's currency. */
export function formatAmount(minor: number, currency: string, language: string): string {
  const digits = exponentOf(currency)
  try {
    return numberFormat(intlLocale(language), { style: 'currency', currency }).format(minor / 10 ** digits)
  } catch {
    return `${majorText(minor, currency)} ${currency}`
  }
}

export function formatPercent(bps: number, language: string): string {
  return numberFormat(intlLocale(language), { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000)
}
