import type { RouteObject } from 'react-router'
import { lazyPage } from '../../app/lazyPage'

const SalesroomPage = lazyPage(() => import('./SalesroomPage'), 'salesroom', 'booking-public')

/** /d/:id — the buyer's sales room: no account, no session, its own texts and the booking widget's. */
export const salesroomPublicRoutes: RouteObject[] = [{ path: '/d/:id', element: <SalesroomPage /> }]
