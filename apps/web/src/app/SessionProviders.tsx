import { TOASTS } from '@closeroom/shared'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { SnackbarProvider } from 'notistack'
import type { ReactNode } from 'react'
import { TOAST_COMPONENTS } from '../components/Toast'
import { AuthProvider } from './AuthProvider'
import { PushProvider } from './PushProvider'
import { SocketProvider } from './SocketProvider'

// One cache for the whole visit: leaving for a public page and coming back keeps it.
const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } } })

/** What every page with a session needs: server state, toasts, the session, its real-time connection and web push. */
export default function SessionProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider
        maxSnack={TOASTS.maxSnack}
        autoHideDuration={TOASTS.autoHideDurationMs}
        preventDuplicate={TOASTS.preventDuplicate}
        anchorOrigin={TOASTS.anchor}
        Components={TOAST_COMPONENTS}
      >
        <AuthProvider>
          <SocketProvider>
            <PushProvider>{children}</PushProvider>
          </SocketProvider>
        </AuthProvider>
      </SnackbarProvider>
    </QueryClientProvider>
  )
}
