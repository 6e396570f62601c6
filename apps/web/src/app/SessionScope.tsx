import { lazy, type ReactNode, Suspense } from 'react'
import { useMatches } from 'react-router'
import { SplashScreen } from './guards'

const SessionProviders = lazy(() => import('./SessionProviders'))

/** A route with this handle has no session: a buyer's booking pages, which must open fast on any phone. */
export type SessionlessHandle = { sessionless: true }

/**
 * The session's providers (TanStack Query, toasts, the current user, the socket) are a chunk of their own,
 * loaded for every page except the sessionless ones, which neither read the session nor pay for it.
 */
export function SessionScope({ children }: { children: ReactNode }) {
  const sessionless = useMatches().some((match) => (match.handle as Partial<SessionlessHandle> | undefined)?.sessionless)
  if (sessionless) return children
  return (
    <Suspense fallback={<SplashScreen />}>
      <SessionProviders>{children}</SessionProviders>
    </Suspense>
  )
}
