import { ProductSocketEvents, type ServerPayload } from '@closeroom/shared'
import { Badge, Box } from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useEffect } from 'react'
import { useAuthContext } from '../../app/AuthProvider'
import { useSocket } from '../../app/SocketProvider'
import { visuallyHidden } from '../../components/visuallyHidden'
import { useTranslation } from '../../locales/i18n'
import { chatApi, chatKeys } from './api'

/**
 * The chat's unread messages over all conversations and the deal, client and room threads: read once, again
 * whenever a message of someone else or a read of one's own comes.
 */
export function useChatUnread(): number {
  const { socket, connected } = useSocket()
  const me = useAuthContext().user?.id
  const queryClient = useQueryClient()
  const unread = useQuery({ queryKey: chatKeys.unread, queryFn: ({ signal }) => chatApi.unread(signal), enabled: connected })

  useEffect(() => {
    if (!socket || !connected) return
    void queryClient.invalidateQueries({ queryKey: chatKeys.unread })
    const onMessage = ({ message }: ServerPayload<typeof ProductSocketEvents.chatMessage>) => {
      if (message.senderId !== me) void queryClient.invalidateQueries({ queryKey: chatKeys.unread })
    }
    const onRead = ({ userId }: ServerPayload<typeof ProductSocketEvents.chatRead>) => {
      if (userId === me) void queryClient.invalidateQueries({ queryKey: chatKeys.unread })
    }
    const onThreadMessage = ({ authorId }: ServerPayload<typeof ProductSocketEvents.chatThreadMessage>) => {
      if (authorId !== me) void queryClient.invalidateQueries({ queryKey: chatKeys.unread })
    }
    const onThreadRead = () => void queryClient.invalidateQueries({ queryKey: chatKeys.unread })
    socket.on(ProductSocketEvents.chatMessage, onMessage)
    socket.on(ProductSocketEvents.chatRead, onRead)
    socket.on(ProductSocketEvents.chatThreadMessage, onThreadMessage)
    socket.on(ProductSocketEvents.chatThreadRead, onThreadRead)
    return () => {
      socket.off(ProductSocketEvents.chatMessage, onMessage)
      socket.off(ProductSocketEvents.chatRead, onRead)
      socket.off(ProductSocketEvents.chatThreadMessage, onThreadMessage)
      socket.off(ProductSocketEvents.chatThreadRead, onThreadRead)
    }
  }, [socket, connected, queryClient, me])

  return unread.data ?? 0
}

/** The menu's chat icon with its count of unread messages; screen readers hear the count in words. */
export function ChatUnreadBadge({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const count = useChatUnread()
  return (
    <Badge badgeContent={count} color="error" max={99} data-testid="chat-unread" slotProps={{ badge: { 'aria-hidden': true } }}>
      {children}
      {count > 0 && (
        <Box component="span" sx={visuallyHidden}>
          {t('chat.unread', { count })}
        </Box>
      )}
    </Badge>
  )
}
