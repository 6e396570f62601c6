import { useMemo } from 'react'
import { formatMoney, toMajor } from '../../components/money/money'
import { intlLocale } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'

/** Number writers in the reader's language: counts, shares, days, hours and money in minor units. */
export function useFormats() {
  const { i18n } = useTranslation()
  const language = i18n.language
  return useMemo(() => {
    const locale = intlLocale(language)
    const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 })
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 })
    const days = new Intl.NumberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'long', maximumFractionDigits: 1 })
    const hours = new Intl.NumberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: 'short', maximumFractionDigits: 1 })
    return {
      language,
      count: (value: number) => number.format(value),
      percent: (value: number | null) => (value === null ? '—' : percent.format(value)),
      days: (value: number | null) => (value === null ? '—' : days.format(value)),
      hours: (value: number | null) => (value === null ? '—' : hours.format(value)),
      /** Hours as hours up to two days, then as days: "30 hr", "4.9 days". */
      duration: (value: number | null) => (value === null ? '—' : value < 48 ? hours.format(value) : days.format(value / 24)),
      money: (currency: string) => (value: number) => formatMoney(Math.round(value), currency, language),
      /** Money on an axis, short enough for a phone: "€12K". */
      moneyAxis: (currency: string) => {
        const compact = (() => {
          try {
            return new Intl.NumberFormat(locale, { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 })
          } catch {
            return number
          }
        })()
        return (value: number) => compact.format(toMajor(value, currency))
      },
    }
  }, [language])
}
