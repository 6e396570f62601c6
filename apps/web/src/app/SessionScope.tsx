import { lazy, type ReactNode, Suspense } from 'react'
import { useMatches } from 'react-router'
import { loadAllTexts } from '../locales/i18n'
import { SplashScreen } from './guards'

// Pages with a session show texts of any area of the app: they load with the providers' chunk.
const SessionProviders = lazy(async () => (await Promise.all([import('./SessionProviders'), loadAllTexts()]))[0])

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
