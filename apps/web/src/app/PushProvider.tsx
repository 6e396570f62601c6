import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import * as push from '../lib/webPush'
import { useAuthContext } from './session'

export type PushPermission = 'loading' | 'unsupported' | NotificationPermission

export type PushState = {
  subscription: PushSubscription | null
  permission: PushPermission
  subscribe(): Promise<void>
  unsubscribe(): Promise<void>
}

const PushContext = createContext<PushState | null>(null)

/**
 * This browser's push subscription and permission. The permission starts as loading, then is unsupported
 * or the browser's; it is read again after each attempt. Once the user is known, an existing subscription
 * is sent to the server again (it may have been made under another session, or forgotten).
 */
export function PushProvider({ children }: { children: ReactNode }) {
  const authenticated = useAuthContext().isAuthenticated
  const [permission, setPermission] = useState<PushPermission>('loading')
  const [subscription, setSubscription] = useState<PushSubscription | null>(null)

  useEffect(() => {
    if (!push.pushSupported()) return setPermission('unsupported')
    setPermission(Notification.permission)
    void push.currentSubscription().then(setSubscription, () => undefined)
  }, [])

  useEffect(() => {
    if (authenticated && subscription) push.saveSubscription(subscription).catch(() => undefined)
  }, [authenticated, subscription])

  const subscribe = useCallback(async () => {
    try {
      setSubscription(await push.subscribe())
    } finally {
      setPermission(Notification.permission)
    }
  }, [])

  const unsubscribe = useCallback(async () => {
    await push.unsubscribe()
    setSubscription(null)
  }, [])

  const value = useMemo(() => ({ subscription, permission, subscribe, unsubscribe }), [subscription, permission, subscribe, unsubscribe])
  return <PushContext.Provider value={value}>{children}</PushContext.Provider>
}

export function usePush(): PushState {
  const context = useContext(PushContext)
  if (!context) throw new Error('usePush must be used within a PushProvider')
  return context
}
