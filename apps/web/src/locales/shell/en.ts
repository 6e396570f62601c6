// Text of the signed-in shell: menu, header, theme settings and the empty states of features still to come.

import type { Translation } from '../plurals'

export const en = {
  nav: {
    label: 'Main menu',
    sections: { sales: 'Sales', insights: 'Insights', management: 'Management' },
    items: {
      overview: 'Overview',
      deals: 'Deals',
      clients: 'Clients',
      kanban: 'Pipeline',
      products: 'Products',
      landingPages: 'Landing pages',
      calendar: 'Calendar',
      recordings: 'Recordings',
      agreements: 'Agreements',
      invoices: 'Invoices',
      routings: 'Routing',
      files: 'Files',
      users: 'Users',
      teams: 'Teams',
      settings: 'Settings',
      adminSettings: 'Admin settings',
      analytics: 'Analytics',
      bookingInsights: 'Bookings',
      productInsights: 'Products',
      revenue: 'Revenue',
    },
  },
  header: { account: 'Your account', openMenu: 'Open the menu' },
  settings: {
    title: 'Appearance',
    open: 'Appearance settings',
    close: 'Close',
    reset: 'Reset to defaults',
    mode: 'Mode',
    modes: { light: 'Light', dark: 'Dark', system: 'Same as the system' },
    contrast: 'Contrast',
    direction: 'Direction',
    layout: 'Menu',
    presets: 'Colour',
    presetNames: { default: 'Green', cyan: 'Cyan', purple: 'Purple', blue: 'Blue', orange: 'Orange', red: 'Red' },
    stretch: 'Full width',
    values: { default: 'Default', bold: 'Bold', ltr: 'Left to right', rtl: 'Right to left', vertical: 'Full', mini: 'Compact' },
  },
  empty: {
    soon: 'Coming to Closeroom',
    crm: { title: 'CRM integrations', text: 'Keep deals and contacts in step with the CRM your team already uses.' },
    blank: { title: 'Blank page', text: 'Nothing here yet.' },
  },
}

export type Text = Translation<typeof en>
