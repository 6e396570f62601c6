import { type NotificationEntry, type NotificationPreferences, SocketEvents, type UserNotification } from '@closeroom/shared'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useSocket } from '../../app/SocketProvider'
import { client, unwrap } from '../../lib/api'

// Both answers are written in place (a new notification, a read mark, a saved preference): their keys carry their types.
const notificationsQuery = queryOptions({
  queryKey: ['notifications', 'list'] as const,
  queryFn: ({ signal }) => unwrap(client.GET('/notifications', { signal })),
})

const preferencesQuery = queryOptions({
  queryKey: ['notifications', 'preferences'] as const,
  queryFn: ({ signal }) => unwrap(client.GET('/notifications/preferences', { signal })),
})

/**
 * The centre's list and unread count: read once, then each user-new-notification that carries a kept
 * notification is added as it comes (and `onNew` hears of it); read again after a reconnection.
 */
export function useNotifications(onNew?: (entry: NotificationEntry) => void) {
  const { socket, connected } = useSocket()
  const queryClient = useQueryClient()
  const listener = useRef(onNew)
  listener.current = onNew
  const list = useQuery(notificationsQuery)

  useEffect(() => {
    if (!socket || !connected) return
    void queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey })
    const receive = (payload: UserNotification) => {
      const entry = 'notification' in payload ? payload.notification : undefined
      if (!entry) return
      queryClient.setQueryData(notificationsQuery.queryKey, (current) =>
        !current || current.notifications.some((n) => n.id === entry.id)
          ? current
          : { notifications: [entry, ...current.notifications], unread: current.unread + 1 },
      )
      listener.current?.(entry)
    }
    socket.on(SocketEvents.userNewNotification, receive)
    return () => {
      socket.off(SocketEvents.userNewNotification, receive)
    }
  }, [socket, connected, queryClient])
  return list
}

/** Marks the given notifications read, or all of them. */
export function useMarkRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ids?: string[]) => unwrap(client.POST('/notifications/read', { body: { ids } })),
    onSuccess: (list) => queryClient.setQueryData(notificationsQuery.queryKey, list),
  })
}

export function usePreferences() {
  return useQuery(preferencesQuery)
}

/** Saves a change to the preferences; the boxes show it at once, and go back if the server refuses it. */
export function useSavePreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (changes: NotificationPreferences) => unwrap(client.PUT('/notifications/preferences', { body: changes })),
    onMutate: (changes) => {
      const before = queryClient.getQueryData(preferencesQuery.queryKey)
      if (before) queryClient.setQueryData(preferencesQuery.queryKey, { ...before, ...changes })
      return { before }
    },
    onError: (_error, _changes, context) => queryClient.setQueryData(preferencesQuery.queryKey, context?.before),
    onSuccess: (saved) => queryClient.setQueryData(preferencesQuery.queryKey, saved),
  })
}
