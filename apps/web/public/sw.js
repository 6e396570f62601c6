// Closeroom's service worker. It shows the server's push messages and owns notification clicks: the app tab,
// if one is open, is told where to go (the app routes there itself); otherwise a new window opens at that address.
self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))

// A push message from the server (web-push, encrypted for this browser): { title, body, url }.
self.addEventListener('push', (event) => {
  let message = {}
  try {
    message = event.data ? event.data.json() : {}
  } catch {
    message = { body: event.data ? event.data.text() : '' }
  }
  event.waitUntil(
    self.registration.showNotification(message.title || 'Closeroom', {
      body: message.body || '',
      icon: '/favicon.svg',
      data: { url: message.url || '/' },
    }),
  )
})

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
