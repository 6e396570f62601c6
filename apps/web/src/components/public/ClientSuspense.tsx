import { type ReactNode, Suspense, useSyncExternalStore } from 'react'

const subscribe = () => () => undefined

/**
 * A Suspense whose children render in the browser only: the server's render (entry-server.tsx) and the
 * hydrating first render both show `fallback`, and the children take its place once the page is hydrated. A
 * lazy part of a server-rendered page (the chat, the booker, a form) so neither makes the server load its code
 * nor leaves a boundary waiting for it during hydration, which an update could make React render afresh; and
 * what only the browser knows (a name kept in localStorage, the reader's time zone) never has to match the server.
 */
export function ClientSuspense({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const hydrated = useHydrated()
  return <Suspense fallback={fallback}>{hydrated ? children : fallback}</Suspense>
}

/** False on the server and while a server-rendered page hydrates, true from then on (and in a page the browser renders). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
