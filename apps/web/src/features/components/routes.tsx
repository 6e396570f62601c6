import type { RouteObject } from 'react-router'

/** The component gallery at /components, in a chunk of its own (its charts load in another). */
export const componentsRoutes: RouteObject[] = [
  { path: '/components', lazy: async () => ({ Component: (await import('./ComponentsPage')).default }) },
]
