import ForumOutlined from '@mui/icons-material/ForumOutlined'
import { Box, Typography } from '@mui/material'
import { useParams, useSearchParams } from 'react-router'
import { PageHeader } from '../../components/PageHeader'
import { useTranslation } from '../../locales/i18n'
import { ConversationList } from './ConversationList'
import { ConversationPane } from './ConversationPane'
import { useMessageInView } from './messageInView'
import { NewConversation } from './NewConversation'
import { ThreadPane } from './ThreadPane'
import { isThreadKind, useThreads } from './threads'
import { useChat } from './useChat'

/**
 * /chat, /chat/new and /chat/:id: the conversations beside the open one. On a phone one pane at a time: the
 * list at /chat, the conversation (or the new one's form) at its own address.
 */
export default function ChatPage() {
  const { t } = useTranslation()
  // /chat/new, /chat/<conversation id>, or /chat/<deal|client|room>/<its id>.
  const [first = '', second] = (useParams()['*'] ?? '').split('/')
  const thread = isThreadKind(first) && second ? { kind: first, id: second } : null
  const creating = first === 'new'
  const activeId = !creating && !thread && first ? first : null
  const threads = useThreads()
  const { state, dispatch, loaded, loadOlder, sent, me } = useChat(activeId)
  const conversation = activeId ? state.conversations.byId[activeId] : undefined
  const listOnly = !activeId && !creating && !thread
  // A search hit's message, shown once its thread has loaded.
  useMessageInView(useSearchParams()[0].get('message'))

  let pane = (
    <Box sx={{ m: 'auto', textAlign: 'center', color: 'text.secondary', p: 3 }}>
      <ForumOutlined sx={{ fontSize: 48, mb: 1 }} />
      <Typography>{t('chat.pick')}</Typography>
    </Box>
  )
  if (creating) pane = <NewConversation state={state} dispatch={dispatch} />
  else if (thread)
    pane = (
      <ThreadPane kind={thread.kind} id={thread.id} name={threads.data?.find((t) => t.kind === thread.kind && t.id === thread.id)?.name} />
    )
  else if (conversation) pane = <ConversationPane conversation={conversation} me={me} loaded={loaded} onOlder={loadOlder} onSent={sent} />
  else if (activeId && !state.isLoading)
    pane = <Typography sx={{ m: 'auto', color: 'text.secondary', p: 3 }}>{t('chat.notFound')}</Typography>

  return (
    <>
      <PageHeader title={t('chat.title')} />
      <Box
        sx={{
          display: 'flex',
          height: { xs: 'calc(100dvh - 180px)', md: 'calc(100dvh - 200px)' },
          minHeight: 440,
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          overflow: 'hidden',
          bgcolor: 'background.paper',
        }}
      >
        <Box
          component="aside"
          aria-label={t('chat.list')}
          sx={{
            width: { xs: '100%', md: 320 },
            flexShrink: 0,
            display: { xs: listOnly ? 'flex' : 'none', md: 'flex' },
            flexDirection: 'column',
            borderInlineEnd: { md: 1 },
            borderColor: { md: 'divider' },
          }}
        >
          <ConversationList state={state} me={me} threads={threads.data ?? []} activeThread={thread} />
        </Box>
        <Box
          component="section"
          sx={{
            flex: 1,
            minWidth: 0,
            display: { xs: listOnly ? 'none' : 'flex', md: 'flex' },
            flexDirection: 'column',
            // Drawn inside the message: a thread's log clips what passes its edges.
            '& [data-found]': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2, borderRadius: 1 },
          }}
        >
          {pane}
        </Box>
      </Box>
    </>
  )
}
