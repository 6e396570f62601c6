export const SW_UNSUPPORTED = 'Service workers are not supported in your browser'

/** Registers /sw.js at the root path with root scope. */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  if (!('serviceWorker' in navigator)) throw new Error(SW_UNSUPPORTED)
  return navigator.serviceWorker.register('/sw.js', { scope: '/' })
}

/** Calls back with the url of every message from the service worker that carries one. */
export function onServiceWorkerNavigate(navigate: (url: string) => void): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined
  const listener = (event: MessageEvent) => {
    const url = (event.data as { url?: unknown } | null)?.url
    if (typeof url === 'string') navigate(url)
  }
  navigator.serviceWorker.addEventListener('message', listener)
  return () => navigator.serviceWorker.removeEventListener('message', listener)
}
