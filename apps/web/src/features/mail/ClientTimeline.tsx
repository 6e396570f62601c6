import { type ClientTimelineItem, SocketEvents } from '@closeroom/shared'
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineRounded'
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined'
import MailOutlined from '@mui/icons-material/MailOutlined'
import { Alert, Link, Skeleton, Typography } from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactElement, useEffect } from 'react'
import { Link as RouterLink } from 'react-router'
import { useSocket } from '../../app/SocketProvider'
import { Timeline } from '../../components/Timeline'
import { client, unwrap } from '../../lib/api'
import { serverErrorText } from '../../lib/errorText'
import { formatDateTime } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { mailKeys, useMailArrivals } from './queries'

// Names and subjects are isolated (FSI…PDI), so that either direction of text keeps its place in the line.
const isolate = (value: string) => `\u2068${value}\u2069`

const icons: Record<ClientTimelineItem['kind'], { icon: ReactElement; colour: 'info' | 'primary' | 'secondary' }> = {
  email: { icon: <MailOutlined fontSize="small" />, colour: 'info' },
  deal: { icon: <HandshakeOutlined fontSize="small" />, colour: 'primary' },
  message: { icon: <ChatBubbleOutline fontSize="small" />, colour: 'secondary' },
}

const timelineKey = (clientId: string) => [...mailKeys.all, 'client-timeline', clientId] as const

/** Read again when mail reaches the member's mailbox (under mailKeys.all) or a teammate writes in the client's thread. */
function useClientTimeline(clientId: string) {
  const queryClient = useQueryClient()
  const { socket, connected } = useSocket()
  useMailArrivals()
  useEffect(() => {
    if (!socket || !connected) return
    const onMessage = (payload: { clientId: string }) => {
      if (payload.clientId === clientId) void queryClient.invalidateQueries({ queryKey: timelineKey(clientId) })
    }
    socket.on(SocketEvents.clientsNewMessage, onMessage)
    return () => {
      socket.off(SocketEvents.clientsNewMessage, onMessage)
    }
  }, [socket, connected, queryClient, clientId])
  return useQuery({
    queryKey: timelineKey(clientId),
    queryFn: async ({ signal }) =>
      (await unwrap(client.GET('/clients/{id}/timeline', { params: { path: { id: clientId } }, signal }))).items,
  })
}

function Headline({ item }: { item: ClientTimelineItem }) {
  const { t } = useTranslation()
  if (item.kind === 'email')
    return (
      <>
        <Typography variant="body2">
          {t(item.direction === 'in' ? 'mail.clientTimeline.emailIn' : 'mail.clientTimeline.emailOut', {
            from: isolate(item.from.name || item.from.address),
            subject: isolate(item.subject || t('mail.noSubject')),
          })}
        </Typography>
        <Link component={RouterLink} to={`/mail/all?thread=${item.threadId}`} variant="body2">
          {t('mail.timeline.open')}
        </Link>
      </>
    )
  if (item.kind === 'deal')
    return (
      <Typography variant="body2">
        {t('mail.clientTimeline.dealOpened')}{' '}
        <Link component={RouterLink} to={`/deals/${item.id}`}>
          {item.title}
        </Link>
      </Typography>
    )
  return (
    <>
      <Typography variant="body2">{t('mail.clientTimeline.message', { author: isolate(item.author) })}</Typography>
      <Typography variant="body2" dir="auto" sx={{ color: 'text.secondary', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {item.body}
      </Typography>
    </>
  )
}

/** The client's history, newest first: emails with them, their deals, the team's messages about them. */
export function ClientTimeline({ clientId }: { clientId: string }) {
  const { t, i18n } = useTranslation()
  const timeline = useClientTimeline(clientId)
  if (timeline.isError) return <Alert severity="error">{serverErrorText(t, timeline.error)}</Alert>
  if (!timeline.data) return <Skeleton variant="rounded" height={120} />
  if (timeline.data.length === 0) return <Typography sx={{ color: 'text.secondary' }}>{t('mail.clientTimeline.empty')}</Typography>
  return (
    <Timeline
      label={t('mail.clientTimeline.title')}
      maxHeight={480}
      entries={timeline.data.map((item) => ({
        key: `${item.kind}-${item.id}`,
        ...icons[item.kind],
        content: (
          <>
            <Headline item={item} />
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
              {formatDateTime(item.at, i18n.language)}
            </Typography>
          </>
        ),
      }))}
    />
  )
}
