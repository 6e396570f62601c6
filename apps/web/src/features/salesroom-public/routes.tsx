import type { RouteObject } from 'react-router'
import type { SessionlessHandle } from '../../app/SessionScope'
import { loadTexts } from '../../locales/i18n'

const handle: SessionlessHandle = { sessionless: true }

/** /d/:id — the buyer's sales room: no account, no session, its own texts and the booking widget's. */
export const salesroomPublicRoutes: RouteObject[] = [
  {
    path: '/d/:id',
    handle,
    lazy: async () => ({
      Component: (await Promise.all([import('./SalesroomPage'), loadTexts('salesroom', 'booking-public')]))[0].default,
    }),
  },
]
