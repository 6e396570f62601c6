import type { RouteObject } from 'react-router'
import type { SessionlessHandle } from '../../app/SessionScope'
import { loadTexts } from '../../locales/i18n'

const handle: SessionlessHandle = { sessionless: true }

/** /l/:id — the organization's public page: no account, no session, its own texts and the language picker's. */
export const landingPublicRoutes: RouteObject[] = [
  {
    path: '/l/:id',
    handle,
    lazy: async () => ({
      Component: (await Promise.all([import('./LandingPublicPage'), loadTexts('landing', 'booking-public')]))[0].default,
    }),
  },
]
