// Closeroom's service worker. It owns notification clicks: the app tab, if one is open, is told where to go
// (the app routes there itself); otherwise a new window opens at that address.
self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = event.notification.data?.url || '/'
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const app = windows.find((client) => new URL(client.url).origin === self.location.origin)
      if (!app) return self.clients.openWindow(url)
      app.postMessage({ url })
      return app.focus()
    }),
  )
})
