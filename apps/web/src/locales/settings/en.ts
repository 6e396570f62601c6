// Personal settings (/settings/*) and the organization's admin settings (/admin-settings/*).

import type { Translation } from '../plurals'

export const en = {
  settingsPages: {
    title: 'Settings',
    adminTitle: 'Admin settings',
    save: 'Save changes',
    saved: 'Changes saved',
    sections: {
      general: 'General',
      calendar: 'Calendar',
      'connected-apps': 'Connected apps',
      'change-password': 'Password and devices',
      notifications: 'Notifications',
      account: 'Account',
      deal: 'Pipeline',
      booking: 'Booking',
      'crm-integrations': 'CRM integrations',
    },
    profile: {
      title: 'Your profile',
      verified: 'Verified',
      verify: 'Not verified: verify now',
      phone: 'Phone',
      phoneHelp: 'Choose the country, then type the number. Buyers see it on your booking page.',
      timeZone: 'Time zone',
      languageHelp: 'Closeroom and its emails speak to you in this language.',
      avatarUrl: 'Photo address',
      avatarUrlHelp: 'A link to a square picture of you (https).',
    },
    security: {
      passwordTitle: 'Password',
      passwordText: 'Changing it keeps you signed in here and signs you out everywhere else.',
      oldPassword: 'Current password',
      oldPasswordHelp: 'Leave it empty if you have never set a password (you joined by an email link or with another account).',
      confirmPassword: 'New password, again',
      submit: 'Change password',
      changed: 'Password changed. Your other devices are signed out.',
      sessionsTitle: 'Where you are signed in',
      sessionsText: 'Sign out a device you do not recognise, or every device at once.',
      endAll: 'Sign out everywhere',
      end: 'Sign out',
      current: 'This device',
      unknownDevice: 'Unknown device',
      seen: 'Signed in {{since}} · last active {{last}}',
    },
    linked: {
      title: 'Other accounts',
      text: 'Sign in with an account you already have. Its email address does not need to match this one.',
      link: 'Link',
      unlink: 'Unlink',
      cancel: 'Cancel',
      notLinked: 'Not linked',
      since: 'linked {{date}}',
      notOffered: 'no longer offered here',
      done: '{{name}} is linked: you can sign in with it.',
      confirmTitle: 'Unlink {{name}}?',
      confirmText: 'You will no longer be able to sign in with this account. You can link it again later.',
    },
    organization: {
      title: 'Your organization',
      since: 'On Closeroom since {{date}}',
      name: 'Organization name',
      website: 'Website',
      logoUrl: 'Logo address',
      timeZone: 'Organization time zone',
      timeZoneHelp: 'Used for new members and for booking defaults; each member can still choose their own.',
    },
  },
}

export type Text = Translation<typeof en>
