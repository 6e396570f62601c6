import { PROGRESS_BAR } from '@closeroom/shared'
import { GlobalStyles } from '@mui/material'
import { useLayoutEffect } from 'react'
import { useNavigationPending } from '../app/BrowserRouter'

// NProgress is fetched when the first route change starts, well before its 300 ms delay runs out: a page
// opened directly (a buyer's booking link) never downloads it.
let nprogress: Promise<typeof import('nprogress')> | undefined
function loadNProgress() {
  nprogress ??= import('nprogress').then(({ default: NProgress }) =>
    NProgress.configure({
      minimum: PROGRESS_BAR.minimum,
      speed: PROGRESS_BAR.speed,
      trickleSpeed: PROGRESS_BAR.trickleSpeed,
      showSpinner: false,
      // NProgress's own template gives the bar role="bar", which is no ARIA role (axe: critical). The bar
      // says nothing a reader needs: hidden from assistive technology.
      template: '<div class="bar" aria-hidden="true"></div>',
      barSelector: '.bar',
    }),
  )
  return nprogress
}

/** The thin bar at the top: shown only when a route change takes longer than 300 ms, so fast ones do not flicker. */
export function ProgressBar() {
  const pending = useNavigationPending()
  // A layout effect: its clean-up runs in the very commit that puts the new page on screen. A passive effect's runs a
  // task later, and a 300 ms timer falling due in between (a loaded machine) started the bar after the page was there.
  useLayoutEffect(() => {
    if (!pending) return
    const loading = loadNProgress()
    let ended = false
    const timer = setTimeout(() => void loading.then((NProgress) => ended || NProgress.start()), PROGRESS_BAR.delayMs)
    return () => {
      ended = true
      clearTimeout(timer)
      void loading.then((NProgress) => NProgress.done())
    }
  }, [pending])
  return (
    <GlobalStyles
      styles={(theme) => ({
        '#nprogress': { pointerEvents: 'none' },
        '#nprogress .bar': {
          position: 'fixed',
          zIndex: theme.zIndex.tooltip + 1,
          top: 0,
          insetInlineStart: 0,
          width: '100%',
          height: 2.5,
          background: theme.palette.primary.main,
        },
      })}
    />
  )
}
