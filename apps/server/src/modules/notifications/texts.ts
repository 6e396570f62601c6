import type { NotificationData, NotificationKind } from '@closeroom/shared'

const value = (data: NotificationData, key: string) => data[key] ?? ''

/**
 * The words of a push message or email for each kind. The centre in the app has its own, in the reader's
 * language; these go out of the app, where only the server speaks, so they are English.
 */
export function notificationText(kind: NotificationKind, data: NotificationData): { title: string; body: string } {
  const name = value(data, 'name')
  switch (kind) {
    case 'booking-created':
      return { title: 'New booking', body: `${name} booked ${value(data, 'title')}` }
    case 'booking-rescheduled':
      return { title: 'Booking moved', body: `${name} moved ${value(data, 'title')}` }
    case 'booking-cancelled':
      return { title: 'Booking cancelled', body: `${name} cancelled ${value(data, 'title')}` }
    case 'salesroom-first-visit':
      return { title: 'Sales room opened', body: `${name || 'A buyer'} opened the room of ${value(data, 'deal')}` }
    case 'salesroom-document-opened':
      return {
        title: 'Document opened',
        body: `${name || 'A buyer'} opened ${value(data, 'document')} in the room of ${value(data, 'deal')}`,
      }
    case 'salesroom-message':
      return { title: `${name} in ${value(data, 'deal')}`, body: value(data, 'message') }
    case 'product-inquiry':
      return { title: 'New inquiry', body: `${name} asked about ${value(data, 'product')}` }
    case 'automation':
      return { title: 'Automation', body: value(data, 'message') }
    case 'agreement-signed':
      // An approver's approval is told with the same kind, its step saying so.
      return value(data, 'step') === 'approved'
        ? { title: 'Agreement approved', body: `${name} approved ${value(data, 'title')}` }
        : { title: 'Agreement signed', body: `${name} signed ${value(data, 'title')}` }
    case 'routing-no-booking':
      return { title: `No booking yet from ${name}`, body: `${value(data, 'form')}: ${value(data, 'answers')}` }
    case 'webhook-paused':
      return { title: 'Webhook paused', body: `${value(data, 'url')} failed for ${value(data, 'window')}; its events are no longer sent` }
    case 'export-ready':
      return {
        title: 'Your export is ready',
        body: `The archive of ${value(data, 'organization')} can be downloaded until ${value(data, 'expires').slice(0, 10)}`,
      }
  }
}
