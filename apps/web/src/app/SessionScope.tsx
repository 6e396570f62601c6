import { lazy, type ReactNode, Suspense } from 'react'
import { loadAllTexts } from '../locales/i18n'
import { SplashScreen } from './guards'

// Pages with a session show texts of any area of the app: they load with the providers' chunk.
const SessionProviders = lazy(async () => (await Promise.all([import('./SessionProviders'), loadAllTexts()]))[0])

/**
 * The session's providers (TanStack Query, toasts, the current user, the socket) are a chunk of their own,
 * loaded for every page except a buyer's (the router keeps those outside this scope), which neither read the
 * session nor pay for it.
 */
export function SessionScope({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<SplashScreen />}>
      <SessionProviders>{children}</SessionProviders>
    </Suspense>
  )
}
