// The organization export card (`exports`) on /admin-settings/account.

import type { Translation } from '../plurals'

export const en = {
  exports: {
    title: 'Export your data',
    intro:
      'Download everything your organization owns as one zip: people and teams, clients, deals with their products and timeline, bookings, sales rooms with their visits, agreements with their signed PDFs, invoices, and the details of recordings and files. Each kind comes as a CSV file for spreadsheets and a JSON file. Passwords, keys and other secrets are never included. The archive can be downloaded for 7 days.',
    start: 'Export',
    listLabel: 'Recent exports',
    requestedBy: 'Requested by {{name}} on {{time}}',
    requestedAt: 'Requested on {{time}}',
    status: { queued: 'Waiting', running: 'In progress', ready: 'Ready', failed: 'Failed', expired: 'Expired' },
    waiting: 'Waiting to start…',
    progressLabel: 'Export progress',
    step: 'Step {{n}} of {{total}}: {{step}}',
    download: 'Download',
    readyText: '{{size}} · can be downloaded until {{date}}',
    expiredText: 'Deleted on {{date}}. Start a new export to download your data again.',
    errors: {
      interrupted: 'The server stopped while this export was being built. Start a new export.',
      build_failed: 'This export could not be built. Start a new export; if it fails again, tell whoever runs your Closeroom server.',
    },
    steps: {
      users: 'people',
      teams: 'teams',
      clients: 'clients',
      products: 'products',
      deals: 'deals',
      'deal-lines': 'deal products',
      'deal-activities': 'deal timelines',
      'deal-notes': 'deal notes',
      'deal-stage-history': 'deal stage history',
      'event-types': 'event types',
      bookings: 'bookings',
      salesrooms: 'sales rooms',
      'salesroom-visits': 'sales room visits',
      'salesroom-document-views': 'document views',
      'salesroom-messages': 'sales room messages',
      agreements: 'agreements',
      'agreement-signers': 'agreement signers',
      'agreement-events': 'agreement history',
      'agreement-pdfs': 'agreement PDFs',
      invoices: 'invoices',
      'invoice-lines': 'invoice lines',
      recordings: 'recordings',
      files: 'files',
    },
  },
}

export type Text = Translation<typeof en>
