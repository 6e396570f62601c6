import type { NotificationEntry } from '@closeroom/shared'
import { formatDate, formatDateTime } from '../../lib/intl'
import type { TFunction } from '../../locales/i18n'

/** A notification in the reader's language, from the names and titles the server kept with it. */
export function sentenceOf(t: TFunction, entry: NotificationEntry, language: string): string {
  const { data } = entry
  // agreement-signed tells of an approval too, its step saying so.
  const key = entry.kind === 'agreement-signed' && data.step === 'approved' ? 'agreement-approved' : entry.kind
  // Every field the server kept fills its placeholder (a missing one reads as nothing, never as "{{form}}"), so a new
  // kind's sentence needs no change here.
  const values = Object.fromEntries(Object.entries(data).map(([field, value]) => [field, value ?? '']))
  return t(`notifications.kinds.${key}`, {
    ...values,
    name: data.name || t('notifications.someone'),
    when: data.start ? formatDateTime(data.start, language) : '',
    expires: data.expires ? formatDate(data.expires, language) : '',
  })
}
