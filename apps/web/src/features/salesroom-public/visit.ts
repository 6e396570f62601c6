import { startTransition, useEffect, useState } from 'react'

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

export function useVisitId(publicId: string): string | null {
  // No visit yet on the server, nor while the page it rendered hydrates. It arrives in a transition, as
  // useHydrated's change does: a synchronous update then would make the parts still hydrating do it at once.
  const [visitId, setVisitId] = useState<string | null>(null)
  useEffect(() => {
    const update = () => startTransition(() => setVisitId(visits.get(publicId) ?? null))
    update()
    listeners.add(update)
    return () => {
      listeners.delete(update)
    }
  }, [publicId])
  return visitId
}
