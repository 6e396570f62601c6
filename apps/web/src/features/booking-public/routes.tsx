import type { RouteObject } from 'react-router'
import { lazyPage } from '../../app/lazyPage'

// These pages load their own texts only (about 1 KB), not the whole app's.
const ProfilePage = lazyPage(() => import('./ProfilePage'), 'booking-public')
const ReschedulePage = lazyPage(() => import('./ReschedulePage'), 'booking-public')
const CancelPage = lazyPage(() => import('./CancelPage'), 'booking-public')

/** The buyer's pages: no account, no session, a small first download. */
export const bookingPublicRoutes: RouteObject[] = [
  { path: '/u/:id', element: <ProfilePage /> },
  { path: '/e/:id/reschedule', element: <ReschedulePage /> },
  { path: '/e/:id/cancel', element: <CancelPage /> },
]
