import type { Page } from 'playwright-core'

// Walking many screens in one page, the way a user moves through the app: each screen opened through the app's
// own router (no page load, no second download of the app's code, no new sign-in), and read once it has settled.
//
// Settled means: no request in flight, no query of the app's TanStack Query client fetching or mutation running,
// and React with no work left (no route still waiting for its code, no update not yet on screen), all still so
// after the timers already due have run (a query tells React of its new data on a timer) and two frames. React
// says when it has work through the hook React DevTools use (`__REACT_DEVTOOLS_GLOBAL_HOOK__`), which React calls
// after every commit with the root it committed, production build included; the root's `pendingLanes` are the
// updates still to do, a page waiting for its code among them (a route change is a transition: the old page
// stays on screen until the new one can show, so "a heading is there" alone would read the old page). The query
// client is found in the committed tree, as the value its provider holds.

type Tracker = { requests: Set<unknown>; started: number; idle: Promise<void>; wake?: () => void }
const trackers = new WeakMap<Page, Tracker>()

/**
 * Makes `page` walkable with `goInApp`: call it before the page's first load. Follows the page's requests and lets
 * the test see React's roots.
 */
export async function walkable(page: Page): Promise<void> {
  const tracker: Tracker = { requests: new Set(), started: 0, idle: Promise.resolve() }
  trackers.set(page, tracker)
  page.on('request', (request) => {
    if (tracker.requests.size === 0) tracker.idle = new Promise((resolve) => (tracker.wake = resolve))
    tracker.requests.add(request)
    tracker.started++
  })
  const finished = (request: unknown) => {
    if (tracker.requests.delete(request) && tracker.requests.size === 0) tracker.wake?.()
  }
  page.on('requestfinished', finished)
  page.on('requestfailed', finished)
  await page.addInitScript(() => {
    type Fiber = { memoizedProps?: { client?: { isFetching?: unknown } } | null; child: Fiber | null; sibling: Fiber | null }
    type Root = { pendingLanes: number; current: Fiber }
    type QueryClient = { isFetching(): number; isMutating(): number }
    const roots = new Set<Root>()
    let queryClient: QueryClient | undefined
    const findQueryClient = (fiber: Fiber | null): QueryClient | undefined => {
      for (let at = fiber; at; at = at.sibling) {
        const client = at.memoizedProps?.client
        if (client && typeof client.isFetching === 'function') return client as unknown as QueryClient
        const found = findQueryClient(at.child)
        if (found) return found
      }
      return undefined
    }
    const busy = () => {
      for (const root of roots) queryClient ??= findQueryClient(root.current)
      return (queryClient ? queryClient.isFetching() + queryClient.isMutating() : 0) > 0
    }
    const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve))
    Object.assign(window, {
      __closeroomSettled: async () => {
        if (roots.size === 0 || busy()) {
          await nextFrame()
          return false
        }
        await nextTask()
        await nextFrame()
        await nextFrame()
        await nextTask()
        return !busy() && [...roots].every((root) => root.pendingLanes === 0)
      },
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        supportsFiber: true,
        renderers: new Map(),
        inject: () => 1,
        checkDCE: () => undefined,
        onScheduleFiberRoot: () => undefined,
        onCommitFiberRoot: (_renderer: number, root: Root) => void roots.add(root),
        onCommitFiberUnmount: () => undefined,
        onPostCommitFiberRoot: () => undefined,
      },
    })
  })
}

/** Waits until the page has settled (see above). */
export async function settled(page: Page): Promise<void> {
  const tracker = trackers.get(page)
  if (!tracker) throw new Error('settled(page) needs walkable(page) before the page loads')
  for (;;) {
    await tracker.idle
    const started = tracker.started
    const appSettled = await page.evaluate(() => (window as unknown as { __closeroomSettled(): Promise<boolean> }).__closeroomSettled())
    if (appSettled && tracker.requests.size === 0 && tracker.started === started) return
  }
}

/**
 * Opens `path` through the app's router, as a link inside the app does, and waits until the screen has settled.
 * The page must be walkable and already show the app.
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1
    window.history.pushState({ usr: null, key: `walk${idx}`, idx }, '', to)
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }))
  }, path)
  await settled(page)
}

/**
 * Loads `path` (or reloads the page) and waits until it has settled. The app checks the server's health once when
 * it starts and shows /500 when the answer is late: on a machine loaded far beyond its cores that happens, and a
 * walk of many pages in one load would then read /500's spinner for every page, where a page load each retried
 * by itself. Such a start is loaded again, at most twice.
 */
export async function loadApp(page: Page, path?: string): Promise<void> {
  const url = new URL(page.url())
  const to = path ?? `${url.pathname}${url.search}`
  for (let attempt = 1; ; attempt++) {
    if (path || attempt > 1) await page.goto(to)
    else await page.reload()
    await settled(page)
    if (new URL(page.url()).pathname !== '/500' || attempt === 3) return
  }
}
