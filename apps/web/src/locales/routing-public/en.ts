// A routing form as a buyer answers it: its page at /f/:slug, and inline on a landing page or a product room.

import type { Translation } from '../plurals'

export const en = {
  routingPublic: {
    requiredNote: 'Fields marked * are required.',
    chooseAny: 'Choose all that apply',
    submit: 'Continue',
    messageTitle: 'Thank you',
    startOver: 'Answer again',
    badLink: 'The next page could not be opened. Please contact us another way.',
    embedText: 'Answer a few questions and we will take you to the right person.',
  },
}

export type Text = Translation<typeof en>
