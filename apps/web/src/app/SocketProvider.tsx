import { SOCKET_OPTIONS, SocketEvents } from '@closeroom/shared'
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react'
import type { Socket } from 'socket.io-client'
import { trackActivity } from '../lib/activity'
import { useAuthContext } from './session'

export type SocketState = { socket: Socket | null; connected: boolean }

const SocketContext = createContext<SocketState | null>(null)

/**
 * The signed-in user's real-time connection. It opens when the user id becomes known and is replaced when
 * it changes (another sign-in in this tab), so the server always sees the right person; on every
 * (re)connection it announces whether the user is active, then reports each change the activity tracker
 * sees. socket.io-client is loaded only then, so signed-out and public pages never download it.
 */
export function SocketProvider({ children }: { children: ReactNode }) {
  const userId = useAuthContext().user?.id ?? null
  const [state, setState] = useState<SocketState>({ socket: null, connected: false })

  useEffect(() => {
    if (!userId) return
    let closed = false
    let close: () => void = () => undefined
    void import('socket.io-client').then(({ io }) => {
      if (closed) return
      const socket = io({ ...SOCKET_OPTIONS, transports: [...SOCKET_OPTIONS.transports] })
      let active = true
      // Only while connected: socket.io would otherwise buffer stale states and replay them on reconnection.
      const announce = () => {
        if (socket.connected) socket.emit(active ? SocketEvents.userActive : SocketEvents.userInactive)
      }
      socket.on('connect', () => {
        announce()
        setState({ socket, connected: true })
      })
      socket.on('disconnect', () => setState({ socket, connected: false }))
      const stopTracking = trackActivity((next) => {
        active = next
        announce()
      })
      setState({ socket, connected: false })
      close = () => {
        stopTracking()
        socket.disconnect()
      }
    })
    return () => {
      closed = true
      close()
      setState({ socket: null, connected: false })
    }
  }, [userId])

  return <SocketContext.Provider value={state}>{children}</SocketContext.Provider>
}

export function useSocket(): SocketState {
  const context = useContext(SocketContext)
  if (!context) throw new Error('useSocket must be used within a SocketProvider')
  return context
}
