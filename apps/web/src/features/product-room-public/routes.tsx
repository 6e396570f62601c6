import type { RouteObject } from 'react-router'
import type { SessionlessHandle } from '../../app/SessionScope'
import { loadTexts } from '../../locales/i18n'

const handle: SessionlessHandle = { sessionless: true }

/** /p/:id — a product's public room: no account, no session, its own texts and the booking widget's. */
export const productRoomPublicRoutes: RouteObject[] = [
  {
    path: '/p/:id',
    handle,
    lazy: async () => ({
      Component: (await Promise.all([import('./ProductRoomPage'), loadTexts('product-room', 'booking-public')]))[0].default,
    }),
  },
]
