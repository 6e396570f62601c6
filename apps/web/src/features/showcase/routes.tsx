import type { RouteObject } from 'react-router'
import { lazyPage } from '../../app/lazyPage'

const ComponentsPage = lazyPage(() => import('./ComponentsPage'))

/** The component gallery at /components, in a chunk of its own (its charts load in another). */
export const componentsRoutes: RouteObject[] = [{ path: '/components', element: <ComponentsPage /> }]
