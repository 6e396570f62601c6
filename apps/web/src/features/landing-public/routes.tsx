import type { RouteObject } from 'react-router'
import { lazyPage } from '../../app/lazyPage'

const LandingPublicPage = lazyPage(() => import('./LandingPublicPage'), 'landing', 'booking-public', 'blog-public')
const PublicPostPage = lazyPage(() => import('./PublicPostPage'), 'blog-public', 'booking-public')

/**
 * /l/:id — the organization's public page, and /l/:id/posts/:slug, one of its published posts: no account, no
 * session, their own texts and the language picker's.
 */
export const landingPublicRoutes: RouteObject[] = [
  { path: '/l/:id', element: <LandingPublicPage /> },
  { path: '/l/:id/posts/:slug', element: <PublicPostPage /> },
]
