import type { RouteObject } from 'react-router'

/** The public general pages: pricing, payment, about, contact, FAQ, coming soon and maintenance. */
export const generalRoutes: RouteObject[] = []
