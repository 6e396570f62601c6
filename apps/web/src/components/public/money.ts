import { numberFormat } from '../../lib/intl'

/** Minor units in the currency, in the reader's language. */
export function money(minor: number, currency: string, locale: string): string {
  try {
    const format = numberFormat(locale, { style: 'currency', currency })
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2
    return format.format(minor / 10 ** digits)
  } catch {
    return `${minor / 100} ${currency}`
  }
}
