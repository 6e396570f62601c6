import { type Action, can, safeReturnPath } from '@closeroom/shared'
import type { ReactNode } from 'react'
import { Navigate, useLocation, useSearchParams } from 'react-router'
import { SplashScreen } from './SplashScreen'
import { useAuthContext } from './session'

// Kept here too for the pages that import it with the guards.
export { SplashScreen }

/**
 * Signed-out visitors go to /login and come back to where they were going once signed in. Someone who just
 * signed out goes to /login plainly: whoever signs in next in this tab starts at home.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isInitialized, isAuthenticated, signedOut } = useAuthContext()
  const location = useLocation()
  if (!isInitialized) return <SplashScreen />
  if (!isAuthenticated) {
    const returnTo = signedOut ? '' : `?returnTo=${encodeURIComponent(location.pathname + location.search)}`
    return <Navigate to={`/login${returnTo}`} replace />
  }
  return children
}

/** Sign-in pages send someone already signed in straight on. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { isInitialized, isAuthenticated } = useAuthContext()
  const [params] = useSearchParams()
  if (!isInitialized) return <SplashScreen />
  if (isAuthenticated) return <Navigate to={safeReturnPath(params.get('returnTo'))} replace />
  return children
}

/** Pages for what only some may do (inviting, managing teams, the organization's settings); anyone else lands on /403. */
export function RequirePermission({ action, children }: { action: Action; children: ReactNode }) {
  const { user } = useAuthContext()
  if (!can(user, action)) return <Navigate to="/403" replace />
  return children
}
