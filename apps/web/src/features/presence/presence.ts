import { SocketEvents, type UserPresence } from '@closeroom/shared'
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useSocket } from '../../app/SocketProvider'
import { client, unwrap } from '../../lib/api'

export type PresenceState = 'active' | 'away' | 'offline'
type Known = Record<string, Exclude<PresenceState, 'offline'>>

/** Who is known online: its key carries its type, since the presence events change it in place. */
const presenceQuery = queryOptions({
  queryKey: ['presence'] as const,
  queryFn: async ({ signal }): Promise<Known> => {
    const { online } = await unwrap(client.GET('/users/online', { signal }))
    return Object.fromEntries(online.map((entry) => [entry.userId, entry.active ? 'active' : 'away']))
  },
})

type PresenceEvent =
  | typeof SocketEvents.userOnline
  | typeof SocketEvents.userActive
  | typeof SocketEvents.userInactive
  | typeof SocketEvents.userOffline

const events: [PresenceEvent, (known: Known, userId: string) => Known][] = [
  [SocketEvents.userOnline, (known, id) => ({ ...known, [id]: known[id] ?? 'active' })],
  [SocketEvents.userActive, (known, id) => ({ ...known, [id]: 'active' })],
  [SocketEvents.userInactive, (known, id) => ({ ...known, [id]: 'away' })],
  [SocketEvents.userOffline, (known, id) => Object.fromEntries(Object.entries(known).filter(([key]) => key !== id))],
]

function apply(queryClient: QueryClient, change: (known: Known, userId: string) => Known, { userId }: UserPresence) {
  queryClient.setQueryData(presenceQuery.queryKey, (known) => (known ? change(known, userId) : known))
}

/**
 * Who of the organization is online, and who of them is away from their desk: read once, then kept current
 * by user-online, user-offline, user-active and user-inactive (read again after a reconnection, which may
 * have missed some).
 */
export function usePresence(): (userId: string) => PresenceState {
  const { socket, connected } = useSocket()
  const queryClient = useQueryClient()
  const known = useQuery({ ...presenceQuery, enabled: connected })

  useEffect(() => {
    if (!socket || !connected) return
    void queryClient.invalidateQueries({ queryKey: presenceQuery.queryKey })
    const handlers = events.map(([event, change]) => [event, (payload: UserPresence) => apply(queryClient, change, payload)] as const)
    for (const [event, handler] of handlers) socket.on(event, handler)
    return () => {
      for (const [event, handler] of handlers) socket.off(event, handler)
    }
  }, [socket, connected, queryClient])

  return (userId) => known.data?.[userId] ?? 'offline'
}
