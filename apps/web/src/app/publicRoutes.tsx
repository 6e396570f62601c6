import { isValidElement, Suspense } from 'react'
import { matchRoutes, Outlet, type RouteObject } from 'react-router'
import { ProgressBar } from '../components/ProgressBar'
import { bookingPublicRoutes } from '../features/booking-public/routes'
import { landingPublicRoutes } from '../features/landing-public/routes'
import { meetingPublicRoutes } from '../features/meeting-public/routes'
import { productRoomPublicRoutes } from '../features/product-room-public/routes'
import { routingPublicRoutes } from '../features/routing-public/routes'
import { salesroomPublicRoutes } from '../features/salesroom-public/routes'
import { signingPublicRoutes } from '../features/signing-public/routes'
import { PageErrorBoundary } from './PageErrorBoundary'
import { ServerStatusProvider } from './ServerStatusProvider'
import { ServiceWorkerBridge } from './ServiceWorkerBridge'
import { SplashScreen } from './SplashScreen'

// What the buyer's public pages and the signed-in app share at the top of the route table: the root element and
// the public route group. The full route table (router.tsx) and the public pages' own (publicRouter.tsx, the lean
// entry of the pages the server renders) are both built from these, so a server-rendered page is the same markup
// whichever of the two hydrates it.

/** Every page's frame: the health check, the progress bar, the service worker, the error page and the splash. */
export function Root() {
  return (
    <ServerStatusProvider>
      <ProgressBar />
      <ServiceWorkerBridge />
      <PageErrorBoundary>
        {/* Shown while the first page's chunk downloads; later route changes keep the page until the next one is ready. */}
        <Suspense fallback={<SplashScreen />}>
          <Outlet />
        </Suspense>
      </PageErrorBoundary>
    </ServerStatusProvider>
  )
}

/** A buyer's pages have no session, so they neither read it nor download it: they must open fast on any phone. */
export const publicRoutes: RouteObject = {
  children: [
    ...bookingPublicRoutes,
    ...salesroomPublicRoutes,
    ...landingPublicRoutes,
    ...productRoomPublicRoutes,
    ...routingPublicRoutes,
    ...meetingPublicRoutes,
    ...signingPublicRoutes,
  ],
}

/**
 * Loads the lazy pages `pathname` shows in `routes`, code and texts, so they render without suspending: a page the
 * server rendered is then rendered whole there and hydrated in one pass in the browser, before any update can reach it.
 */
export function preloadRoutes(routes: RouteObject[], pathname: string): Promise<unknown> {
  const pages = (matchRoutes(routes, pathname) ?? []).map(({ route }) => {
    const type: unknown = isValidElement(route.element) ? route.element.type : undefined
    return typeof type === 'function' && 'preload' in type && typeof type.preload === 'function' ? type.preload() : undefined
  })
  return Promise.all(pages)
}
