import type { RouteObject } from 'react-router'
import { lazyPage } from '../../app/lazyPage'

const SalesroomPage = lazyPage(() => import('./SalesroomPage'), 'salesroom', 'booking-public', 'files')

/** /d/:id — the buyer's sales room: no account, no session, its own texts, the booking widget's and the document viewer's. */
export const salesroomPublicRoutes: RouteObject[] = [{ path: '/d/:id', element: <SalesroomPage /> }]
