import { type Action, can, safeReturnPath } from '@closeroom/shared'
import { Box, CircularProgress } from '@mui/material'
import type { ReactNode } from 'react'
import { Navigate, useLocation, useSearchParams } from 'react-router'
import { useTranslation } from '../locales/i18n'
import { useAuthContext } from './session'

export function SplashScreen() {
  const { t } = useTranslation()
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label={t('app.loading')} />
    </Box>
  )
}

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
