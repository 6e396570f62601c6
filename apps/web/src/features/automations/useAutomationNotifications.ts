import { AutomationNotification, SocketEvents } from '@closeroom/shared'
import { useQueryClient } from '@tanstack/react-query'
import { useSnackbar } from 'notistack'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useSocket } from '../../app/SocketProvider'
import { automationKeys } from './queries'

/** A rule's "notify a teammate" shows as a toast with the rule's message; the open runs list reads again. */
export function useAutomationNotifications() {
  const { socket } = useSocket()
  const queryClient = useQueryClient()
  const { enqueueSnackbar } = useSnackbar()
  const { t } = useTranslation()

  useEffect(() => {
    if (!socket) return
    const onNotification = (payload: unknown) => {
      const parsed = AutomationNotification.safeParse(payload)
      if (!parsed.success) return
      const { ruleName, message, productId } = parsed.data
      void queryClient.invalidateQueries({ queryKey: automationKeys.runs(productId) })
      enqueueSnackbar(t('automations.notification', { rule: ruleName, message }), { variant: 'info' })
    }
    socket.on(SocketEvents.userNewNotification, onNotification)
    return () => {
      socket.off(SocketEvents.userNewNotification, onNotification)
    }
  }, [socket, queryClient, enqueueSnackbar, t])
}
