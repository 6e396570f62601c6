import { SettingsProvider } from '../theme/SettingsProvider'
import { ThemeProvider } from '../theme/ThemeProvider'
import { BrowserRouter } from './BrowserRouter'
import { AppRoutes } from './router'

// The session's providers (query cache, toasts, auth, socket) live in the router's Root, in a chunk of their
// own that the public booking pages never download (SessionScope).
export function App() {
  return (
    <SettingsProvider>
      <ThemeProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </ThemeProvider>
    </SettingsProvider>
  )
}
