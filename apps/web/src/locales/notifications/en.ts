// The notification centre in the header and the notification settings.

import type { Translation } from '../plurals'

export const en = {
  notifications: {
    button: 'Notifications',
    buttonUnread_one: '{{count}} unread notification',
    buttonUnread_other: '{{count}} unread notifications',
    title: 'Notifications',
    unread_one: '{{count}} unread',
    unread_other: '{{count}} unread',
    markAll: 'Mark all as read',
    empty: 'Nothing yet. New bookings, sales room visits and buyer messages will show here.',
    someone: 'Someone',
    kinds: {
      'booking-created': '{{name}} booked {{title}} for {{when}}',
      'booking-rescheduled': '{{name}} moved {{title}} to {{when}}',
      'booking-cancelled': '{{name}} cancelled {{title}} on {{when}}',
      'salesroom-first-visit': '{{name}} opened the sales room of {{deal}} for the first time',
      'salesroom-document-opened': '{{name}} opened {{document}} in the sales room of {{deal}}',
      'salesroom-message': '{{name}} wrote in the sales room of {{deal}}: {{message}}',
      'product-inquiry': '{{name}} asked about {{product}}',
      automation: '{{rule}}: {{message}}',
      'agreement-signed': '{{name}} signed {{title}}',
      // agreement-signed when its step is approved (an approver's approval).
      'agreement-approved': '{{name}} approved {{title}}',
      'routing-no-booking': '{{name}} answered {{form}} but has not booked yet: {{answers}}',
      'webhook-paused': '{{url}} kept failing for {{window}} and was paused: its webhook events are no longer sent',
      'export-ready': 'The export of {{organization}} is ready to download until {{expires}}',
    },
    settings: {
      pushTitle: 'Push notifications on this browser',
      pushText: 'Get notified even when Closeroom is not open. Each browser you use is turned on separately.',
      pushOn: 'Push is on for this browser.',
      pushOff: 'Push is off for this browser.',
      pushBlocked: 'This browser blocks notifications from Closeroom. Allow them in the site settings, then try again.',
      pushUnsupported: 'This browser cannot receive push notifications.',
      turnOn: 'Turn on push',
      turnOff: 'Turn off push',
      turnedOn: 'Push notifications are on',
      turnedOff: 'Push notifications are off',
      eventsTitle: 'What reaches you',
      eventsText: 'Everything shows in the bell at the top. Choose what also comes by push or by email.',
      event: 'Event',
      push: 'Push',
      email: 'Email',
      saved: 'Saved',
      errors: {
        publicKey: 'Could not reach the server for the push key. Try again.',
        denied: 'Notifications were not allowed, so push stays off.',
        noSubscription: 'This browser has no push subscription to turn off.',
        unsupported: 'This browser cannot use service workers, so push cannot work here.',
        failed: 'The browser could not turn on push. Try again later.',
      },
      kinds: {
        'booking-created': 'A buyer books a meeting',
        'booking-rescheduled': 'A buyer moves a meeting',
        'booking-cancelled': 'A buyer cancels a meeting',
        'salesroom-first-visit': 'A buyer opens a sales room for the first time',
        'salesroom-document-opened': 'A buyer opens a document in a sales room',
        'salesroom-message': 'A buyer writes in a sales room',
        'product-inquiry': 'Someone asks about a product',
        automation: 'An automation notifies you',
        'agreement-signed': 'An agreement is signed',
        'routing-no-booking': 'A routed buyer has not booked',
        'webhook-paused': 'A webhook endpoint is paused',
        'export-ready': 'An organization export is ready',
      },
    },
  },
}

export type Text = Translation<typeof en>
