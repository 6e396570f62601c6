import { dateTimeFormat, intlLocale, numberFormat } from '../../lib/intl'

/** The currencies offered in pickers; a deal or product may hold any ISO code the server accepts. */
export const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'CAD', 'AUD', 'JPY', 'CNY', 'VND', 'AED', 'SAR', 'MAD', 'XOF', 'INR', 'BRL'] as const

/** How many decimals the currency has (JPY 0, EUR 2, KWD 3), as Intl knows it. */
export function currencyDigits(currency: string): number {
  try {
    return numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  } catch {
    return 2
  }
}

/** Minor units (cents) to the amount a person reads and types. */
export const toMajor = (minor: number, currency: string) => minor / 10 ** currencyDigits(currency)

/** What a person typed to minor units, rounded to the currency's precision; null when it is not a number. */
export function toMinor(major: string | number, currency: string): number | null {
  const value = typeof major === 'number' ? major : Number(major.replace(',', '.').trim())
  if (!Number.isFinite(value) || value < 0) return null
  return Math.round(value * 10 ** currencyDigits(currency))
}

/** An amount in the reader's language and the deal's currency, e.g. "12 500,00 €". */
export function formatMoney(minor: number, currency: string, language: string): string {
  try {
    return numberFormat(intlLocale(language), { style: 'currency', currency }).format(toMajor(minor, currency))
  } catch {
    return `${toMajor(minor, currency)} ${currency}`
  }
}

/** A calendar date (2026-12-31) in the reader's language, read as that day wherever the reader is. */
export function formatDay(isoDate: string, language: string): string {
  return dateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`))
}

/** "3 minutes ago", "yesterday", in the reader's language. */
export function formatRelative(iso: string, language: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000)
  const format = new Intl.RelativeTimeFormat(intlLocale(language), { numeric: 'auto' })
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['second', 60],
    ['minute', 60],
    ['hour', 24],
    ['day', 30],
    ['month', 12],
  ]
  let value = seconds
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return format.format(unit === 'second' ? Math.min(value, 0) : value, unit)
    value = Math.round(value / size)
  }
  return format.format(value, 'year')
}
