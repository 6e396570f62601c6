import { useSyncExternalStore } from 'react'

// The visit the room page reported (POST …/events), by room: documents are opened under it, so the seller
// sees which visit opened what, as with links.
const visits = new Map<string, string>()
const listeners = new Set<() => void>()

/** Remembers the page's visit; answers the id, to sit inside the promise chain that learned it. */
export function visitStarted(publicId: string, visitId: string): string {
  visits.set(publicId, visitId)
  for (const listener of listeners) listener()
  return visitId
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useVisitId(publicId: string): string | null {
  // No visit yet on the server, nor while the page it rendered hydrates.
  return useSyncExternalStore(
    subscribe,
    () => visits.get(publicId) ?? null,
    () => null,
  )
}
