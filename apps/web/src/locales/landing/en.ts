// The visitor's landing page at /l/:id (`landing.page`): a lean area of its own, loaded by that page only.

import type { Translation } from '../plurals'

export const en = {
  landing: {
    page: {
      bookCta: 'Book a meeting',
      productsCta: 'See our products',
      products: 'Products',
      productsText: 'What we offer, with prices up front.',
      seeProduct: 'See product',
      seeProductNamed: 'See product: {{name}}',
      book: 'Talk to us',
      bookText: 'Pick a person or a team and choose a time that suits you.',
      bookMeeting: 'Book a meeting',
      bookWith: 'Book a meeting: {{name}}',
      team: 'Team',
      more: '+{{count}} more',
      poweredBy: 'Made with Closeroom',
    },
  },
}

export type Text = Translation<typeof en>
