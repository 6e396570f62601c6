// The setup walkthrough after a sign-up by email (`onboarding`), /welcome/signup: part of the signed-in app's texts.

import type { Translation } from '../../plurals'

export const en = {
  onboarding: {
    title: 'Welcome to Closeroom',
    subtitle: 'Three short steps and your organization is ready for buyers. Skip any of them: everything can be changed later in Settings.',
    passwordEmailed:
      'We sent a link to choose your password to {{email}}, with a code to confirm the address. Until you choose one, you stay signed in on this device only.',
    progress: 'Setup steps',
    steps: { organization: 'Organization', booking: 'Booking page', team: 'Teammates', done: 'Done' },
    back: 'Back',
    skip: 'Skip',
    saveContinue: 'Save and continue',
    organization: {
      title: 'Your organization',
      text: 'Buyers see its name on your booking pages and sales rooms.',
      defaultName: "{{name}}'s organization",
      yourName: 'Your name',
      name: 'Organization name',
      nameHelp: 'Your company or team, as buyers know it.',
      timeZone: 'Your time zone',
    },
    booking: {
      title: 'Your booking page',
      text: 'Buyers pick a time with you here. Choose its address and the hours you take meetings.',
      handle: 'Page address',
      handleHelp: 'Lower-case letters, digits and dashes.',
      current: 'This is your address now.',
      free: 'This address is free.',
      taken: 'This address is taken. Try another.',
      hours: 'Working hours',
      hoursText: 'In your time zone, {{zone}}. Days off stay unbookable.',
      available: 'Available on {{day}}',
      from: '{{day}} from',
      to: '{{day}} until',
      unavailable: 'Unavailable',
      endBeforeStart: 'The end must be after the start',
      moreSpans: '+{{count}} more in Settings',
    },
    team: {
      title: 'Invite your teammates',
      text: 'They get an email to join your organization as members. You can also do this later from Users.',
      email: 'Teammate’s email {{number}}',
      addRow: 'Add another',
      send: 'Send invitations',
      later: 'Continue',
      invited: 'Invited: {{emails}}',
    },
    done: {
      title: 'You are all set',
      text: 'Remember to choose your password from the email we sent to {{email}}. Here is where to go next:',
      bookingPage: 'See your booking page',
      bookingPageText: 'What buyers see',
      product: 'Create a product',
      productText: 'What you sell, with its price',
      pipeline: 'Open the pipeline',
      pipelineText: 'Your deals, stage by stage',
      finish: 'Go to the dashboard',
    },
  },
}

export type Text = Translation<typeof en>
