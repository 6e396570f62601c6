import { CHAT_LIMITS, type ChatMessage, type ChatThread, type ChatThreadHit } from '@closeroom/shared'
import AddCommentOutlined from '@mui/icons-material/AddCommentOutlined'
import SearchRounded from '@mui/icons-material/SearchRounded'
import {
  Alert,
  Avatar,
  Badge,
  Box,
  Button,
  InputAdornment,
  List,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Skeleton,
  TextField,
  Typography,
} from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { avatarColours } from '../../components/PeopleAvatars'
import { visuallyHidden } from '../../components/visuallyHidden'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { PresenceBadge } from '../presence/PresenceBadge'
import { usePresence } from '../presence/presence'
import { chatApi, chatKeys } from './api'
import { conversationTitle, messagePreview, otherPerson } from './names'
import type { ChatState, Conversation } from './store'
import { ThreadAvatar } from './ThreadAvatar'

type Props = {
  state: ChatState
  me: string | undefined
  threads: ChatThread[]
  activeThread: { kind: ChatThread['kind']; id: string } | null
}

/** The left pane: search over messages, a button to start a conversation, and the conversations, latest first. */
export function ConversationList({ state, me, threads, activeThread }: Props) {
  const { t } = useTranslation()
  const [q, setQ] = useState('')
  const searching = q.trim().length >= CHAT_LIMITS.minSearchLength
  const results = useQuery({
    queryKey: chatKeys.search(q.trim()),
    queryFn: ({ signal }) => chatApi.search(q.trim(), signal),
    enabled: searching,
    placeholderData: (previous) => previous,
  })
  const conversations = state.conversations.allIds.map((id) => state.conversations.byId[id]).filter((c) => !!c)
  // The deal, client and room threads take their place among the conversations by the time of their last message.
  const rows = [
    ...conversations.map((conversation) => ({ at: conversation.updatedAt, conversation, thread: undefined })),
    ...threads.map((thread) => ({ at: thread.lastMessage.createdAt, conversation: undefined, thread })),
  ].sort((a, b) => b.at.localeCompare(a.at))

  return (
    <>
      <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Button component={Link} to="/chat/new" variant="contained" startIcon={<AddCommentOutlined />}>
          {t('chat.new')}
        </Button>
        <TextField
          size="small"
          type="search"
          label={t('chat.search')}
          value={q}
          onChange={(event) => setQ(event.target.value)}
          slotProps={{
            htmlInput: { maxLength: 200 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRounded fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto' }}>
        {searching ? (
          <SearchResults results={results.data} error={results.error} state={state} me={me} />
        ) : (
          <>
            {!!state.error && (
              <Alert severity="error" sx={{ m: 2 }}>
                {serverErrorText(t, state.error)}
              </Alert>
            )}
            {state.isLoading &&
              !state.error &&
              [0, 1, 2].map((row) => <Skeleton key={row} variant="rounded" height={56} sx={{ m: 1.5 }} />)}
            {!state.isLoading && rows.length === 0 && (
              <Typography sx={{ color: 'text.secondary', p: 3, textAlign: 'center' }}>{t('chat.empty')}</Typography>
            )}
            <List aria-label={t('chat.list')} disablePadding>
              {rows.map(({ conversation, thread }) =>
                conversation ? (
                  <ConversationRow
                    key={conversation.id}
                    conversation={conversation}
                    me={me}
                    active={conversation.id === state.activeConversationId}
                  />
                ) : thread ? (
                  <ThreadRow
                    key={`${thread.kind}:${thread.id}`}
                    thread={thread}
                    active={activeThread?.kind === thread.kind && activeThread.id === thread.id}
                  />
                ) : null,
              )}
            </List>
          </>
        )}
      </Box>
    </>
  )
}

/** A person's avatar with their presence, or a group's initial. */
export function ConversationAvatar({ conversation, me, size = 40 }: { conversation: Conversation; me: string | undefined; size?: number }) {
  const presence = usePresence()
  const title = conversationTitle(conversation, me)
  const other = conversation.kind === 'direct' ? otherPerson(conversation, me) : undefined
  const avatar = (
    <Avatar alt="" src={other?.avatarUrl ?? undefined} sx={{ width: size, height: size, ...avatarColours(title) }}>
      {title.slice(0, 1).toUpperCase()}
    </Avatar>
  )
  return other ? <PresenceBadge state={presence(other.id)}>{avatar}</PresenceBadge> : avatar
}

function ConversationRow({ conversation, me, active }: { conversation: Conversation; me: string | undefined; active: boolean }) {
  const { t } = useTranslation()
  const title = conversationTitle(conversation, me)
  const preview = conversation.lastMessage ? messagePreview(conversation.lastMessage, conversation, me, t) : t('chat.noMessages')
  const unread = conversation.unreadCount
  return (
    <li>
      <ListItemButton
        component={Link}
        to={`/chat/${conversation.id}`}
        selected={active}
        aria-current={active ? 'page' : undefined}
        data-testid="conversation"
        sx={{ gap: 0.5 }}
      >
        <ListItemAvatar>
          <ConversationAvatar conversation={conversation} me={me} />
        </ListItemAvatar>
        <ListItemText
          primary={title}
          secondary={preview}
          slotProps={{
            primary: { noWrap: true, dir: 'auto', sx: { fontWeight: unread ? 700 : 500 } },
            // On the selected row's shade, grey text is too faint to read.
            secondary: { noWrap: true, dir: 'auto', sx: { color: unread || active ? 'text.primary' : 'text.secondary' } },
          }}
        />
        {unread > 0 && (
          <Badge badgeContent={unread} color="error" max={99} sx={{ mx: 1.5 }} data-testid="conversation-unread">
            <Box component="span" sx={visuallyHidden}>
              {t('chat.unread', { count: unread })}
            </Box>
          </Badge>
        )}
      </ListItemButton>
    </li>
  )
}

function ThreadRow({ thread, active }: { thread: ChatThread; active: boolean }) {
  const { t } = useTranslation()
  const line = `${thread.lastMessage.authorName}: ${thread.lastMessage.body.replace(/\s+/g, ' ').trim()}`
  const unread = thread.unreadCount
  return (
    <li>
      <ListItemButton
        component={Link}
        to={`/chat/${thread.kind}/${thread.id}`}
        selected={active}
        aria-current={active ? 'page' : undefined}
        data-testid="thread"
        sx={{ gap: 0.5 }}
      >
        <ListItemAvatar>
          <ThreadAvatar kind={thread.kind} />
        </ListItemAvatar>
        <ListItemText
          primary={
            <>
              <Box component="span" dir="auto">
                {thread.name}
              </Box>
              <Box component="span" sx={{ color: active ? 'text.primary' : 'text.secondary', fontWeight: 400, fontSize: 12, mx: 1 }}>
                {t(`chat.kinds.${thread.kind}`)}
              </Box>
            </>
          }
          secondary={line}
          slotProps={{
            primary: { noWrap: true, sx: { fontWeight: unread ? 700 : 500 } },
            secondary: { noWrap: true, dir: 'auto', sx: { color: unread || active ? 'text.primary' : 'text.secondary' } },
          }}
        />
        {unread > 0 && (
          <Badge badgeContent={unread} color="error" max={99} sx={{ mx: 1.5 }} data-testid="thread-unread">
            <Box component="span" sx={visuallyHidden}>
              {t('chat.unread', { count: unread })}
            </Box>
          </Badge>
        )}
      </ListItemButton>
    </li>
  )
}

type Results = { messages: ChatMessage[]; threads: ChatThreadHit[] }

/** Hits in conversations and in deal, client and room threads, newest first; each opens its thread at the message. */
function SearchResults({
  results,
  error,
  state,
  me,
}: {
  results: Results | undefined
  error: unknown
  state: ChatState
  me: string | undefined
}) {
  const { t } = useTranslation()
  if (error)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {serverErrorText(t, error)}
      </Alert>
    )
  if (!results) return <Skeleton variant="rounded" height={56} sx={{ m: 1.5 }} />
  const hits = [
    ...results.messages.map((message) => {
      const conversation = state.conversations.byId[message.conversationId]
      return {
        key: message.id,
        at: message.createdAt,
        to: `/chat/${message.conversationId}?message=${message.id}`,
        title: conversation ? conversationTitle(conversation, me) : t('chat.title'),
        kind: null,
        text: message.body || message.attachments.map((a) => a.name).join(', '),
      }
    }),
    ...results.threads.map((hit) => ({
      key: `${hit.kind}:${hit.id}`,
      at: hit.createdAt,
      to: `/chat/${hit.kind}/${hit.threadId}?message=${hit.id}`,
      title: hit.threadName,
      kind: hit.kind,
      text: `${hit.authorName}: ${hit.body}`,
    })),
  ].sort((a, b) => b.at.localeCompare(a.at))
  if (hits.length === 0) return <Typography sx={{ color: 'text.secondary', p: 3, textAlign: 'center' }}>{t('chat.noResults')}</Typography>
  return (
    <List aria-label={t('chat.results')} disablePadding>
      {hits.map((hit) => (
        <li key={hit.key}>
          <ListItemButton component={Link} to={hit.to} data-testid="search-result">
            <ListItemText
              primary={
                <>
                  <Box component="span" dir="auto">
                    {hit.title}
                  </Box>
                  {hit.kind && (
                    <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400, fontSize: 12, mx: 1 }}>
                      {t(`chat.kinds.${hit.kind}`)}
                    </Box>
                  )}
                </>
              }
              secondary={hit.text}
              slotProps={{ primary: { noWrap: true }, secondary: { dir: 'auto', sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItemButton>
        </li>
      ))}
    </List>
  )
}
