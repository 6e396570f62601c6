import { SocketEvents } from '@closeroom/shared'
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react'
import { trackActivity } from '../lib/activity'
import { type AppSocket, openSocket } from '../lib/socket'
import { useAuthContext } from './session'

export type SocketState = { socket: AppSocket | null; connected: boolean }

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
    void openSocket().then((socket) => {
      if (closed) return void socket.disconnect()
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
