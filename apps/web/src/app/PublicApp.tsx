import { SettingsProvider } from '../theme/SettingsProvider'
import { ThemeProvider } from '../theme/ThemeProvider'
import { BrowserRouter } from './BrowserRouter'
import { PublicRoutes, preloadPublicPage } from './publicRouter'
import { start } from './start'

/** The public pages' app: the whole app's providers (App.tsx) around the public route table only. */
export function PublicApp() {
  return (
    <SettingsProvider>
      <ThemeProvider>
        <BrowserRouter>
          <PublicRoutes />
        </BrowserRouter>
      </ThemeProvider>
    </SettingsProvider>
  )
}

/** Hydrates the public page the server rendered (or renders it, see start). */
export function startPublic(): Promise<unknown> {
  return start(<PublicApp />, preloadPublicPage)
}
