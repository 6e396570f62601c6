import Cookies from 'js-cookie'
import { type ReactNode, StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { hydratingServerHtml } from '../components/public/ClientSuspense'
import { STALE_ATTRIBUTE } from '../components/public/preloaded'
import { currentLanguage, directionOf, i18nReady } from '../locales/i18n'
import { loadRtlCache } from '../theme/ThemeProvider'

/** A right-to-left reader's first paint is mirrored already: the RTL styles plugin loads with their texts. */
async function ready() {
  await i18nReady
  if ((Cookies.get('themeDirection') ?? directionOf(currentLanguage())) === 'rtl') await loadRtlCache()
}

/**
 * Renders `app` into #root, or hydrates the page the server rendered there. The first paint is in the reader's
 * language: its texts load first (a few kilobytes). A page the server rendered is hydrated once its own code and
 * texts are here too (`preload`), in one pass. Shared by the whole app's entry (main.tsx) and the public pages'
 * (main-public.tsx).
 */
export function start(app: ReactNode, preload: (pathname: string) => Promise<unknown>): Promise<unknown> {
  const root = document.getElementById('root')
  if (!root) throw new Error('the page has no #root element')
  const hydrating = root.hasChildNodes() && !document.documentElement.hasAttribute(STALE_ATTRIBUTE)
  return Promise.all([ready(), hydrating && preload(window.location.pathname)]).then(() => {
    const strict = <StrictMode>{app}</StrictMode>
    // A public page the server rendered (entry-server.tsx) is shown already: it is hydrated, in a transition so
    // React does it in slices of a few milliseconds between which the browser stays responsive, rather than one
    // long task (bench/README.md, lighthouse). One rendered in another language or scheme than the reader's was
    // hidden by its inline script: it is rendered afresh.
    if (hydrating) {
      hydratingServerHtml()
      return startTransition(() => void hydrateRoot(root, strict))
    }
    if (!root.hasChildNodes()) return createRoot(root).render(strict)
    root.replaceChildren()
    document.documentElement.removeAttribute(STALE_ATTRIBUTE)
    createRoot(root).render(strict)
  })
}
