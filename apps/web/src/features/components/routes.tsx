import type { RouteObject } from 'react-router'

/** The component gallery at /components. */
export const componentsRoutes: RouteObject[] = []
