import { PROGRESS_BAR } from '@closeroom/shared'
import { GlobalStyles } from '@mui/material'
import NProgress from 'nprogress'
import { useEffect } from 'react'
import { useNavigation } from 'react-router'

NProgress.configure({
  minimum: PROGRESS_BAR.minimum,
  speed: PROGRESS_BAR.speed,
  trickleSpeed: PROGRESS_BAR.trickleSpeed,
  showSpinner: false,
})

/** The thin bar at the top: shown only when a route change takes longer than 300 ms, so fast ones do not flicker. */
export function ProgressBar() {
  const { state } = useNavigation()
  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => NProgress.start(), PROGRESS_BAR.delayMs)
    return () => {
      clearTimeout(timer)
      NProgress.done()
    }
  }, [state])
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
