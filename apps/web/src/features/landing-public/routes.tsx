import type { RouteObject } from 'react-router'
import { lazyPage } from '../../app/lazyPage'

const LandingPublicPage = lazyPage(() => import('./LandingPublicPage'), 'landing', 'booking-public')

/** /l/:id — the organization's public page: no account, no session, its own texts and the language picker's. */
export const landingPublicRoutes: RouteObject[] = [{ path: '/l/:id', element: <LandingPublicPage /> }]
