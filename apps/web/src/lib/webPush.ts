import { PushSubscriptionBody } from '@closeroom/shared'
import { client, unwrap } from './api'
import { registerServiceWorker } from './serviceWorker'

export const PUBLIC_KEY_FAILED = 'Failed to fetch public key'
export const PERMISSION_DENIED = 'Notification permissions were denied'
export const NO_SUBSCRIPTION = 'No push subscription found'

/** Push needs both a service worker and the Push API. */
export const pushSupported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window

/** Asks the user; the answer is the new permission, whatever it is. */
export const requestPermission = () => Notification.requestPermission()

/** The browser's current subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/')
  return (await registration?.pushManager.getSubscription()) ?? null
}

/** Hands the browser's subscription to the server, e.g. again after signing in. */
export async function saveSubscription(subscription: PushSubscription) {
  // toJSON() types every field as optional; the shared schema checks that each is there and types the body.
  const body = PushSubscriptionBody.parse(subscription.toJSON())
  return unwrap(client.POST('/web-push', { body }))
}

/** The server's key, the user's permission, the browser's subscription, then the server is told of it. */
export async function subscribe(): Promise<PushSubscription> {
  let key: string
  try {
    key = await unwrap(client.GET('/web-push/public-key', { parseAs: 'text' }))
  } catch {
    throw new Error(PUBLIC_KEY_FAILED)
  }
  if ((await requestPermission()) !== 'granted') throw new Error(PERMISSION_DENIED)
  const registration = await registerServiceWorker()
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: Uint8Array.from(atob(key.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)),
  })
  await saveSubscription(subscription)
  return subscription
}

export async function unsubscribe(): Promise<void> {
  const subscription = await currentSubscription()
  if (!subscription) throw new Error(NO_SUBSCRIPTION)
  await unwrap(client.DELETE('/web-push', { body: { endpoint: subscription.endpoint } }))
  await subscription.unsubscribe()
}
