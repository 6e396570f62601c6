import type { RouteObject } from 'react-router'
import { lazyPage } from '../../app/lazyPage'

const RoutingPage = lazyPage(() => import('./RoutingPage'), 'routing-public', 'booking-public')

/** /f/:slug — a routing form's public page: no account, no session, its own texts and the language picker's. */
export const routingPublicRoutes: RouteObject[] = [{ path: '/f/:slug', element: <RoutingPage /> }]
