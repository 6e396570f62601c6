import { HEALTH_CHECK_TIMEOUT_MS } from '@closeroom/shared'
import { createContext, type ReactNode, startTransition, useContext, useEffect, useEffectEvent, useState } from 'react'
import { useNavigate } from 'react-router'
import { client, unwrap } from '../lib/api'

export type ServerStatus = { status: 'loading' | 'active' | 'inactive'; initialized: boolean }

const ServerStatusContext = createContext<ServerStatus | null>(null)

/**
 * One health check at start-up: OK makes the server active; a timeout or any other answer sends the user to
 * /500 (except from /maintenance, which exists for that moment).
 */
export function ServerStatusProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ServerStatus>({ status: 'loading', initialized: false })
  const navigate = useNavigate()
  // Once, at start-up: navigate changes with every page.
  const toServerError = useEffectEvent(() => {
    // The maintenance page is where someone waits out an update: it says so and retries by itself.
    if (window.location.pathname !== '/maintenance') navigate('/500', { replace: true })
  })

  useEffect(() => {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), HEALTH_CHECK_TIMEOUT_MS)
    // The answer is a transition: an urgent update here, above a server-rendered page still hydrating, would make
    // React hydrate all of it at once, in one long task (bench/README.md, lighthouse).
    unwrap(client.GET('/health', { signal: controller.signal }))
      .then(() => startTransition(() => setState({ status: 'active', initialized: true })))
      .catch(() => {
        startTransition(() => setState({ status: 'inactive', initialized: true }))
        toServerError()
      })
      .finally(() => clearTimeout(timer))
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [])

  return <ServerStatusContext.Provider value={state}>{children}</ServerStatusContext.Provider>
}

export function useServerStatus(): ServerStatus {
  const context = useContext(ServerStatusContext)
  if (!context) throw new Error('useServerStatus must be used within a ServerStatusProvider')
  return context
}
