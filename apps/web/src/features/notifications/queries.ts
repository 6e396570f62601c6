import {
  type NotificationEntry,
  type NotificationList,
  type NotificationPreferences,
  SocketEvents,
  type UserNotification,
} from '@closeroom/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useSocket } from '../../app/SocketProvider'
import { api } from '../../lib/api'

export const notificationKeys = {
  list: ['notifications', 'list'] as const,
  preferences: ['notifications', 'preferences'] as const,
}

/**
 * The centre's list and unread count: read once, then each user-new-notification that carries a kept
 * notification is added as it comes (and `onNew` hears of it); read again after a reconnection.
 */
export function useNotifications(onNew?: (entry: NotificationEntry) => void) {
  const { socket, connected } = useSocket()
  const client = useQueryClient()
  const listener = useRef(onNew)
  listener.current = onNew
  const list = useQuery({ queryKey: notificationKeys.list, queryFn: () => api<NotificationList>('/notifications') })

  useEffect(() => {
    if (!socket || !connected) return
    void client.invalidateQueries({ queryKey: notificationKeys.list })
    const receive = (payload: UserNotification) => {
      const entry = 'notification' in payload ? payload.notification : undefined
      if (!entry) return
      client.setQueryData<NotificationList>(notificationKeys.list, (current) =>
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
  }, [socket, connected, client])
  return list
}

/** Marks the given notifications read, or all of them. */
export function useMarkRead() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (ids?: string[]) => api<NotificationList>('/notifications/read', { method: 'POST', body: { ids } }),
    onSuccess: (list) => client.setQueryData(notificationKeys.list, list),
  })
}

export function usePreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: () => api<Required<NotificationPreferences>>('/notifications/preferences'),
  })
}

/** Saves a change to the preferences; the boxes show it at once, and go back if the server refuses it. */
export function useSavePreferences() {
  const client = useQueryClient()
  type Preferences = Required<NotificationPreferences>
  return useMutation({
    mutationFn: (changes: NotificationPreferences) => api<Preferences>('/notifications/preferences', { method: 'PUT', body: changes }),
    onMutate: (changes) => {
      const before = client.getQueryData<Preferences>(notificationKeys.preferences)
      if (before) client.setQueryData<Preferences>(notificationKeys.preferences, { ...before, ...changes } as Preferences)
      return { before }
    },
    onError: (_error, _changes, context) => client.setQueryData(notificationKeys.preferences, context?.before),
    onSuccess: (saved) => client.setQueryData(notificationKeys.preferences, saved),
  })
}
