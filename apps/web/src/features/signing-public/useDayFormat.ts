import { useMemo } from 'react'
import { intlLocale } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'

/** A YYYY-MM-DD day as the reader's language writes it. */
export function useDayFormat(): (iso: string) => string {
  const { i18n } = useTranslation()
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium', timeZone: 'UTC' })
    return (iso: string) => {
      const day = new Date(`${iso}T00:00:00Z`)
      return Number.isNaN(day.getTime()) ? iso : format.format(day)
    }
  }, [i18n.language])
}
