import { type ReactNode, Suspense, startTransition, useEffect, useRef, useState } from 'react'

/**
 * A Suspense whose children render in the browser only: the server's render (entry-server.tsx) and the
 * hydrating first render both show `fallback`, and the children take its place once the page is hydrated and
 * the browser is idle. A lazy part of a server-rendered page (the chat, the booker, a form) so neither makes
 * the server load its code nor leaves a boundary waiting for it during hydration, which an update could make
 * React render afresh; and what only the browser knows (a name kept in localStorage, the reader's time zone)
 * never has to match the server.
 *
 * Each part mounts in a transition of its own, one idle moment after the other (whenIdle): React renders it in
 * slices of a few milliseconds instead of one long task, so a phone's main thread is never held for long
 * while the page it already shows becomes interactive (Lighthouse's Total Blocking Time, bench/README.md).
 */
export function ClientSuspense({
  fallback,
  children,
  whenNear = false,
}: {
  fallback: ReactNode
  children: ReactNode
  /**
   * Mount only once the reader has scrolled near the part (within NEAR_MARGIN of the screen) rather than at the
   * first idle moment: a booker or form below the fold then costs a phone nothing while the page becomes
   * interactive. Until then the fallback stands in a placeholder marked `data-pending-part` (e2e/flows.ts's
   * `revealPart` scrolls to it); it is below the screen when the part replaces it, so nothing visible shifts.
   */
  whenNear?: boolean
}) {
  const [ready, setReady] = useState(false)
  const placeholder = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const mount = () => whenIdle(() => startTransition(() => setReady(true)))
    const element = placeholder.current
    if (!whenNear || !element || typeof IntersectionObserver !== 'function') return mount()
    let cancel: (() => void) | undefined
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer.disconnect()
        cancel = mount()
      },
      { rootMargin: `${NEAR_MARGIN}px 0px` },
    )
    observer.observe(element)
    return () => {
      observer.disconnect()
      cancel?.()
    }
  }, [whenNear])
  if (!ready && whenNear)
    return (
      <div ref={placeholder} data-pending-part="">
        {fallback}
      </div>
    )
  return <Suspense fallback={fallback}>{ready ? children : fallback}</Suspense>
}

/** How close to the screen (px, above or below) a `whenNear` part mounts: a flick of the thumb ahead of the reader. */
const NEAR_MARGIN = 200

/** Whether this document's page came from the server's HTML (main.tsx says so before hydrating it). */
let serverRendered = false

/** Called by main.tsx before it hydrates the server's HTML. */
export function hydratingServerHtml() {
  serverRendered = true
}

/**
 * False on the server and while a server-rendered page hydrates, true from then on (at once in a page the
 * browser renders itself). The change is a transition: useSyncExternalStore with a server snapshot would re-render
 * each user synchronously right after hydration, and that update would make every part of the page still waiting
 * to hydrate do it at once, in one long task (bench/README.md, lighthouse). On a server-rendered document, a part
 * mounted later (another page of the same document) starts false too and turns true a moment after it mounts.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => typeof window !== 'undefined' && !serverRendered)
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true))
  }, [hydrated])
  return hydrated
}

/** The callbacks waiting for an idle moment, run one per moment, in the order they asked. */
const waiting: (() => void)[] = []
let scheduled = false

function next() {
  scheduled = false
  const run = waiting.shift()
  run?.()
  if (waiting.length > 0) schedule()
}

function schedule() {
  if (scheduled) return
  scheduled = true
  // Safari has no requestIdleCallback: a timeout lets the tasks already queued (the render before) run first.
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(next, { timeout: 1000 })
  else setTimeout(next, 50)
}

/** Calls `run` at the browser's next idle moment that no other waiting part has taken; returns a cancel. */
export function whenIdle(run: () => void): () => void {
  const entry = () => run()
  waiting.push(entry)
  schedule()
  return () => {
    const at = waiting.indexOf(entry)
    if (at >= 0) waiting.splice(at, 1)
  }
}
