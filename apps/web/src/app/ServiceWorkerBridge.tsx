import { useEffect, useEffectEvent } from 'react'
import { useNavigate } from 'react-router'
import { onServiceWorkerNavigate, registerServiceWorker } from '../lib/serviceWorker'

/** Registers the service worker and follows it when it asks the app to open a url. */
export function ServiceWorkerBridge() {
  const navigate = useNavigate()
  // Registered once: navigate changes with every page.
  const follow = useEffectEvent((url: string) => {
    const target = new URL(url, window.location.origin)
    // Only the app's own pages: a message cannot send the user to another site.
    if (target.origin === window.location.origin) navigate(target.pathname + target.search + target.hash)
  })
  useEffect(() => {
    // After the page has loaded: the worker's script and start never compete with the page's own.
    const register = () => void registerServiceWorker().catch((error: Error) => console.warn(error.message))
    if (document.readyState === 'complete') register()
    else window.addEventListener('load', register, { once: true })
    const stop = onServiceWorkerNavigate((url) => follow(url))
    return () => {
      window.removeEventListener('load', register)
      stop()
    }
  }, [])
  return null
}
