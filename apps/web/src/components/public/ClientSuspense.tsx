import { type ReactNode, Suspense, startTransition, useEffect, useState, useSyncExternalStore } from 'react'

const subscribe = () => () => undefined

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

/** False on the server and while a server-rendered page hydrates, true from then on (and in a page the browser renders). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
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
