import { type ChatThread, type ServerPayload, SocketEvents } from '@closeroom/shared'
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded'
import { Box, Button, IconButton, Stack, Typography } from '@mui/material'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { useSocket } from '../../app/SocketProvider'
import { MessageThread } from '../../components/thread/MessageThread'
import { useMessageRoom } from '../../components/thread/useMessageRoom'
import { useThreadPages } from '../../components/thread/useThreadPages'
import { joinRoom } from '../../lib/joinRoom'
import { useTranslation } from '../../locales/i18n'
import { clientMessagesQuery, useClientMessages, useEditClientMessage, usePostClientMessage } from '../clients/queries'
import { clientRoom } from '../clients/realtime'
import { dealMessagesQuery, useDealMessages, usePostDealMessage } from '../deals/queries'
import { dealRoom } from '../deals/realtime'
import { addRoomMessage, salesroomKeys } from '../salesroom/queries'
import { SellerChat } from '../salesroom/SellerChat'
import { useReadThread } from './readThread'
import { ThreadAvatar } from './ThreadAvatar'

type Kind = ChatThread['kind']
/** The log's height that leaves the composer in view under the pane's header. */
const LOG_HEIGHT = 'max(200px, calc(100dvh - 440px))'
const homes: Record<Kind, (id: string) => string> = {
  deal: (id) => `/deals/${id}`,
  client: (id) => `/clients/${id}`,
  room: (id) => `/deals/${id}/room`,
}

/**
 * A deal's chat, a client's thread or a sales room's chat, answered from here as from its own page: the same
 * calls, the same live room, the same cache, so a message written in either place shows in both.
 */
export function ThreadPane({ kind, id, name }: { kind: Kind; id: string; name: string | undefined }) {
  const { t, i18n } = useTranslation()
  return (
    <>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <IconButton component={RouterLink} to="/chat" aria-label={t('chat.back')} sx={{ display: { md: 'none' } }}>
          <ArrowBackRounded sx={{ transform: i18n.dir() === 'rtl' ? 'scaleX(-1)' : undefined }} />
        </IconButton>
        <ThreadAvatar kind={kind} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography component="h2" variant="subtitle1" noWrap dir="auto" sx={{ fontWeight: 700 }}>
            {name ?? t(`chat.kinds.${kind}`)}
          </Typography>
          <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
            {t(`chat.kinds.${kind}`)}
          </Typography>
        </Box>
        <Button component={RouterLink} to={homes[kind](id)} size="small">
          {t(`chat.openHome.${kind}`)}
        </Button>
      </Stack>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', p: 2 }}>
        {kind === 'deal' && <DealThread dealId={id} title={name ?? t('chat.kinds.deal')} />}
        {kind === 'client' && <ClientThread clientId={id} title={name ?? t('chat.kinds.client')} />}
        {kind === 'room' && <RoomThread dealId={id} />}
      </Box>
    </>
  )
}

function DealThread({ dealId, title }: { dealId: string; title: string }) {
  const thread = useThreadPages(useDealMessages(dealId), useSearchParams()[0].get('message'))
  const post = usePostDealMessage(dealId)
  useMessageRoom(dealRoom, dealId, dealMessagesQuery(dealId).queryKey)
  useReadThread('deal', dealId)
  return <MessageThread title={title} {...thread} onSend={(body) => post.mutateAsync(body)} height={LOG_HEIGHT} />
}

function ClientThread({ clientId, title }: { clientId: string; title: string }) {
  const thread = useThreadPages(useClientMessages(clientId), useSearchParams()[0].get('message'))
  const post = usePostClientMessage(clientId)
  const edit = useEditClientMessage(clientId)
  useMessageRoom(clientRoom, clientId, clientMessagesQuery(clientId).queryKey)
  useReadThread('client', clientId)
  return (
    <MessageThread
      title={title}
      {...thread}
      onSend={(body) => post.mutateAsync(body)}
      onEdit={(messageId, body) => edit.mutateAsync({ messageId, body })}
      height={LOG_HEIGHT}
    />
  )
}

/** The room's chat as the seller's team sees it, joined by the deal's id so the buyers' messages arrive live. */
function RoomThread({ dealId }: { dealId: string }) {
  const { socket, connected } = useSocket()
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!socket || !connected) return
    joinRoom(socket, SocketEvents.dealsJoinPublicRoom, { dealId }, () => {
      void queryClient.invalidateQueries({ queryKey: salesroomKeys.messages(dealId) })
    })
    const receive = (payload: ServerPayload<typeof SocketEvents.dealsNewPublicMessage>) => {
      if (payload.dealId === dealId) addRoomMessage(queryClient, dealId, payload.message)
    }
    socket.on(SocketEvents.dealsNewPublicMessage, receive)
    return () => {
      socket.off(SocketEvents.dealsNewPublicMessage, receive)
      socket.emit(SocketEvents.dealsLeavePublicRoom, { dealId })
    }
  }, [socket, connected, dealId, queryClient])
  const until = useSearchParams()[0].get('message')
  return <SellerChat dealId={dealId} until={until} />
}
