import { TOASTS } from '@closeroom/shared'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { SnackbarProvider } from 'notistack'
import { RouterProvider } from 'react-router'
import { SettingsProvider } from '../theme/SettingsProvider'
import { ThemeProvider } from '../theme/ThemeProvider'
import { router } from './router'

const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } } })

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SettingsProvider>
        <ThemeProvider>
          <SnackbarProvider
            maxSnack={TOASTS.maxSnack}
            autoHideDuration={TOASTS.autoHideDurationMs}
            preventDuplicate={TOASTS.preventDuplicate}
            anchorOrigin={TOASTS.anchor}
          >
            <RouterProvider router={router} />
          </SnackbarProvider>
        </ThemeProvider>
      </SettingsProvider>
    </QueryClientProvider>
  )
}
