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
    deals: { title: 'Deals', text: 'Your pipeline will live here: every deal with its contacts, amount, stage and activity.' },
    kanban: { title: 'Pipeline', text: 'Drag deals from stage to stage and see each column’s total, live with your team.' },
    products: { title: 'Products', text: 'Describe what you sell, with prices and media, and give each product its own sales room.' },
    calendar: { title: 'Calendar', text: 'Your booked meetings, with buyers’ bookings appearing as they happen.' },
    recordings: { title: 'Recordings', text: 'Calls you record are kept here, ready to replay, comment and share with buyers.' },
    agreements: { title: 'Agreements', text: 'Send agreements for signature and follow them until they are signed.' },
    routings: { title: 'Routing', text: 'Send each inbound lead to the right seller with routing forms and outcomes.' },
    files: { title: 'Files', text: 'Documents shared in sales rooms and deals, in one place.' },
    users: { title: 'Users', text: 'Invite your teammates and manage their roles.' },
    teams: { title: 'Teams', text: 'Group sellers into teams for round-robin booking and routing.' },
    calendarSettings: {
      title: 'Calendar',
      text: 'Your weekly hours, time zone and days off decide which times buyers can book. They arrive with booking links.',
    },
    connectedApps: {
      title: 'Connected apps',
      text: 'Connect a CalDAV calendar so its busy times block your slots and new meetings land in it.',
    },
    pipelineSettings: { title: 'Pipeline', text: 'Add, rename and reorder your deal stages, and mark which ones are won or lost.' },
    bookingSettings: {
      title: 'Booking',
      text: 'Your organization’s defaults for new event types: durations, buffers, notice and booking window.',
    },
    crm: { title: 'CRM integrations', text: 'Keep deals and contacts in step with the CRM your team already uses.' },
    inbox: { title: 'Inbox', text: 'Conversations with buyers, from sales rooms, client threads and deal chats, in one place.' },
    blog: { title: 'Articles', text: 'Publish articles and customer stories on your organization’s landing page.' },
    blank: { title: 'Blank page', text: 'Nothing here yet.' },
  },
}

export type Text = Translation<typeof en>
