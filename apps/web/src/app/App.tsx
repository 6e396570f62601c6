import { RouterProvider } from 'react-router'
import { SettingsProvider } from '../theme/SettingsProvider'
import { ThemeProvider } from '../theme/ThemeProvider'
import { router } from './router'

// The session's providers (query cache, toasts, auth, socket) live in the router's Root, in a chunk of their
// own that the public booking pages never download (SessionScope).
export function App() {
  return (
    <SettingsProvider>
      <ThemeProvider>
        <RouterProvider router={router} />
      </ThemeProvider>
    </SettingsProvider>
  )
}
