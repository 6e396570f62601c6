import { type ReactNode, Suspense, startTransition, useEffect, useState } from 'react'

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
export function ClientSuspense({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [ready, setReady] = useState(false)
  useEffect(() => whenIdle(() => startTransition(() => setReady(true))), [])
  return <Suspense fallback={fallback}>{ready ? children : fallback}</Suspense>
}

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
