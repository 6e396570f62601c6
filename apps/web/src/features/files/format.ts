import type { TFunction } from '../../locales/i18n'

/** Reading time as people say it: "45 s", "3 min 05 s", "2 h 10 min". */
export function readingTime(t: TFunction, ms: number): string {
  const seconds = Math.round(ms / 1000)
  if (seconds < 60) return t('files.time.seconds', { seconds })
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return t('files.time.minutes', { minutes, seconds: String(seconds % 60).padStart(2, '0') })
  return t('files.time.hours', { hours: Math.floor(minutes / 60), minutes: String(minutes % 60).padStart(2, '0') })
}
