import type { RouteObject } from 'react-router'
import { lazyPage } from '../../app/lazyPage'

const ProductRoomPage = lazyPage(() => import('./ProductRoomPage'), 'product-room', 'booking-public')

/** /p/:id — a product's public room: no account, no session, its own texts and the booking widget's. */
export const productRoomPublicRoutes: RouteObject[] = [{ path: '/p/:id', element: <ProductRoomPage /> }]
