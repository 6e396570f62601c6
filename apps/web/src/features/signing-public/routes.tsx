import type { RouteObject } from 'react-router'
import { lazyPage } from '../../app/lazyPage'

const SigningPage = lazyPage(() => import('./SigningPage'), 'signing', 'booking-public')

/** /sign/:token — the page the emailed link opens: no account, no session, its own texts and the public frame's. */
export const signingPublicRoutes: RouteObject[] = [{ path: '/sign/:token', element: <SigningPage /> }]
