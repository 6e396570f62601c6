// Posts as visitors read them (`blogPublic`): the list on a landing page /l/:id and a post's page /l/:id/posts/:slug.

import type { Translation } from '../../plurals'

export const en = {
  blogPublic: {
    posts: 'News and stories',
    postsText: 'Case studies and release notes from our team.',
    by: 'By {{name}}',
    back: 'Back to {{title}}',
    poweredBy: 'Made with Closeroom',
  },
}

export type Text = Translation<typeof en>
