import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import type { SessionlessHandle } from '../../app/SessionScope'
import { loadTexts } from '../../locales/i18n'

type Load = () => Promise<{ default: ComponentType }>
// These pages load their own texts only (about 1 KB), not the whole app's.
const page = (load: Load) => async () => ({ Component: (await Promise.all([load(), loadTexts('booking-public')]))[0].default })
const handle: SessionlessHandle = { sessionless: true }

/** The buyer's pages: no account, no session, a small first download. */
export const bookingPublicRoutes: RouteObject[] = [
  { path: '/u/:id', handle, lazy: page(() => import('./ProfilePage')) },
  { path: '/e/:id/reschedule', handle, lazy: page(() => import('./ReschedulePage')) },
  { path: '/e/:id/cancel', handle, lazy: page(() => import('./CancelPage')) },
]
