import { useEffect } from 'react'
import { type RouteObject, useLocation, useRoutes } from 'react-router'
import { preloadRoutes, publicRoutes, Root } from './publicRoutes'
import { SplashScreen } from './SplashScreen'

/**
 * An address outside the public pages (a link to sign in, the server error page): the lean public entry has not
 * got the signed-in app's code, so the document is loaded afresh there and the server answers the whole app.
 */
function ToTheApp() {
  const { pathname, search, hash } = useLocation()
  useEffect(() => window.location.replace(pathname + search + hash), [pathname, search, hash])
  return <SplashScreen />
}

/**
 * The route table of the pages the server renders (`/u`, `/d`, `/p`, `/l`, `/f`, `/m`…) and the lean entry hydrates
 * (main-public.tsx): the same root and public routes as the whole app's (router.tsx), and nothing of the signed-in
 * app (no session scope, guards, permissions or its route table).
 */
const routes: RouteObject[] = [{ element: <Root />, children: [publicRoutes, { path: '*', element: <ToTheApp /> }] }]

/** The public pages, by address. */
export function PublicRoutes() {
  return useRoutes(routes)
}

/** Loads the public page `pathname` shows, code and texts, before it is rendered or hydrated (see preloadRoutes). */
export function preloadPublicPage(pathname: string): Promise<unknown> {
  return preloadRoutes(routes, pathname)
}
