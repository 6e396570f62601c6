import type { NotificationEntry } from '@closeroom/shared'
import { formatDate, formatDateTime } from '../../lib/intl'
import type { TFunction } from '../../locales/i18n'

/** A notification in the reader's language, from the names and titles the server kept with it. */
export function sentenceOf(t: TFunction, entry: NotificationEntry, language: string): string {
  const { data } = entry
  // agreement-signed tells of an approval too, its step saying so.
  const key = entry.kind === 'agreement-signed' && data.step === 'approved' ? 'agreement-approved' : entry.kind
  return t(`notifications.kinds.${key}`, {
    name: data.name || t('notifications.someone'),
    title: data.title ?? '',
    deal: data.deal ?? '',
    product: data.product ?? '',
    message: data.message ?? '',
    rule: data.rule ?? '',
    url: data.url ?? '',
    window: data.window ?? '',
    when: data.start ? formatDateTime(data.start, language) : '',
    organization: data.organization ?? '',
    expires: data.expires ? formatDate(data.expires, language) : '',
  })
}
