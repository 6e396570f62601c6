import { CHAT_LIMITS, type ChatMessage, type ChatParticipant } from '@closeroom/shared'
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded'
import AttachFileRounded from '@mui/icons-material/AttachFileRounded'
import CloseRounded from '@mui/icons-material/CloseRounded'
import SendRounded from '@mui/icons-material/SendRounded'
import {
  Alert,
  Avatar,
  Box,
  Button,
  Chip,
  IconButton,
  LinearProgress,
  Link,
  Skeleton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material'
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { FileTypeIcon } from '../../components/FileTypeIcon'
import { avatarColours } from '../../components/PeopleAvatars'
import { Bubble } from '../../components/thread/Bubble'
import { serverErrorText } from '../../lib/errorText'
import { formatDateTime } from '../../lib/intl'
import { formatFileSize } from '../../lib/upload'
import { useTranslation } from '../../locales/i18n'
import { PresenceBadge } from '../presence/PresenceBadge'
import { usePresence } from '../presence/presence'
import { chatApi } from './api'
import { ConversationAvatar } from './ConversationList'
import { conversationTitle, otherPerson } from './names'
import type { Conversation } from './store'

type Props = {
  conversation: Conversation
  me: string | undefined
  loaded: boolean
  onOlder: () => Promise<void>
  onSent: (message: ChatMessage) => void
}

/** The right pane: who is in it, its history (earlier pages on demand), who has seen what, and the composer. */
export function ConversationPane({ conversation, me, loaded, onOlder, onSent }: Props) {
  const { t, i18n } = useTranslation()
  const presence = usePresence()
  const title = conversationTitle(conversation, me)
  const other = conversation.kind === 'direct' ? otherPerson(conversation, me) : undefined
  const [olderError, setOlderError] = useState<unknown>(null)
  const [loadingOlder, setLoadingOlder] = useState(false)
  const log = useRef<HTMLDivElement>(null)
  const people = new Map(conversation.participants.map((p) => [p.id, p]))

  // Follow new messages to the bottom; keep the reader's place when earlier ones come in above.
  const lastId = conversation.messages.at(-1)?.id
  const firstId = conversation.messages[0]?.id
  const heightBefore = useRef<number | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the first or last message changes, which is what moves the view.
  useLayoutEffect(() => {
    const box = log.current
    if (!box) return
    if (heightBefore.current !== null) {
      box.scrollTop = box.scrollHeight - heightBefore.current
      heightBefore.current = null
    } else box.scrollTop = box.scrollHeight
  }, [lastId, firstId])

  async function older() {
    heightBefore.current = log.current?.scrollHeight ?? null
    setLoadingOlder(true)
    setOlderError(null)
    try {
      await onOlder()
    } catch (error) {
      heightBefore.current = null
      setOlderError(error)
    } finally {
      setLoadingOlder(false)
    }
  }

  const seenBy = seenByOthers(conversation, me)

  return (
    <>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <IconButton component={RouterLink} to="/chat" aria-label={t('chat.back')} sx={{ display: { md: 'none' } }}>
          <ArrowBackRounded sx={{ transform: i18n.dir() === 'rtl' ? 'scaleX(-1)' : undefined }} />
        </IconButton>
        <ConversationAvatar conversation={conversation} me={me} />
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h2" variant="subtitle1" noWrap dir="auto" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
            {other ? t(`people.presence.${presence(other.id)}`) : t('chat.members', { count: conversation.participants.length })}
          </Typography>
        </Box>
      </Stack>

      <Box
        ref={log}
        role="log"
        aria-label={title}
        tabIndex={0}
        data-testid="chat-log"
        sx={{ flex: 1, overflowY: 'auto', p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}
      >
        {conversation.before && (
          <Button onClick={() => void older()} loading={loadingOlder} sx={{ alignSelf: 'center' }}>
            {t('chat.older')}
          </Button>
        )}
        {!!olderError && <Alert severity="error">{serverErrorText(t, olderError)}</Alert>}
        {!loaded && [0, 1].map((row) => <Skeleton key={row} variant="rounded" height={56} />)}
        {loaded && conversation.messages.length === 0 && (
          <Typography sx={{ color: 'text.secondary', m: 'auto', textAlign: 'center' }}>{t('chat.noMessages')}</Typography>
        )}
        {conversation.messages.map((message) => (
          <MessageBubble
            key={message.id}
            message={message}
            sender={people.get(message.senderId)}
            mine={message.senderId === me}
            group={conversation.kind === 'group'}
            seenBy={message.id === lastId && message.senderId === me ? seenBy : []}
            presence={presence}
          />
        ))}
      </Box>
      {/* Another conversation starts with an empty composer. */}
      <Composer key={conversation.id} conversationId={conversation.id} onSent={onSent} />
    </>
  )
}

/** The others who have read up to the last message. */
function seenByOthers(conversation: Conversation, me: string | undefined): ChatParticipant[] {
  const last = conversation.messages.at(-1)
  if (!last) return []
  return conversation.participants.filter((p) => p.id !== me && p.lastReadAt && p.lastReadAt >= last.createdAt)
}

function MessageBubble({
  message,
  sender,
  mine,
  group,
  seenBy,
  presence,
}: {
  message: ChatMessage
  sender: ChatParticipant | undefined
  mine: boolean
  group: boolean
  seenBy: ChatParticipant[]
  presence: ReturnType<typeof usePresence>
}) {
  const { t, i18n } = useTranslation()
  const name = sender?.name ?? t('chat.formerMember')
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'flex-end', alignSelf: mine ? 'flex-end' : 'flex-start', maxWidth: { xs: '92%', md: '75%' } }}
      id={`message-${message.id}`}
      data-testid="chat-message"
    >
      {!mine && group && (
        <PresenceBadge state={sender ? presence(sender.id) : 'offline'}>
          <Avatar alt="" src={sender?.avatarUrl ?? undefined} sx={{ width: 28, height: 28, fontSize: 13, ...avatarColours(name) }}>
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
        </PresenceBadge>
      )}
      <Box sx={{ minWidth: 0, display: 'flex', flexDirection: 'column', alignItems: mine ? 'flex-end' : 'flex-start', gap: 0.5 }}>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {mine ? t('chat.you') : name} · {formatDateTime(message.createdAt, i18n.language)}
        </Typography>
        {message.attachments.map((attachment) =>
          message.contentType === 'image' ? (
            <Link
              key={attachment.id}
              href={attachment.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('chat.open', { name: attachment.name })}
            >
              <Box
                component="img"
                src={attachment.url}
                alt={attachment.name}
                loading="lazy"
                sx={{
                  display: 'block',
                  maxWidth: { xs: 220, sm: 320 },
                  maxHeight: 240,
                  borderRadius: 2,
                  border: 1,
                  borderColor: 'divider',
                }}
              />
            </Link>
          ) : (
            <Stack
              key={attachment.id}
              direction="row"
              spacing={1.5}
              data-testid="chat-file"
              sx={{
                alignItems: 'center',
                p: 1.5,
                border: 1,
                borderColor: 'divider',
                borderRadius: 2,
                bgcolor: 'background.paper',
                maxWidth: 320,
              }}
            >
              <FileTypeIcon contentType={attachment.contentType} />
              <Box sx={{ minWidth: 0 }}>
                <Link
                  href={attachment.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('chat.open', { name: attachment.name })}
                  dir="auto"
                  sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                >
                  {attachment.name}
                </Link>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {formatFileSize(attachment.size, i18n.language)}
                </Typography>
              </Box>
            </Stack>
          ),
        )}
        {message.body && <Bubble mine={mine}>{message.body}</Bubble>}
        {seenBy.length > 0 && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid="chat-seen">
            {group ? t('chat.seenBy', { names: seenBy.map((p) => p.name).join(', ') }) : t('chat.seen')}
          </Typography>
        )}
      </Box>
    </Stack>
  )
}

/** Enter sends, Shift+Enter starts a new line; a chosen file goes with the words as its caption. */
function Composer({ conversationId, onSent }: { conversationId: string; onSent: (message: ChatMessage) => void }) {
  const { t, i18n } = useTranslation()
  const [draft, setDraft] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const input = useRef<HTMLTextAreaElement>(null)
  const picker = useRef<HTMLInputElement>(null)

  async function send() {
    const body = draft.trim()
    if ((!body && !file) || sending) return
    setSending(true)
    setError(null)
    try {
      const message = file
        ? await chatApi.attach(conversationId, file, body, (fraction) => setProgress(fraction))
        : await chatApi.send(conversationId, body)
      onSent(message)
      setDraft('')
      setFile(null)
    } catch (caught) {
      setError(caught)
    } finally {
      setSending(false)
      setProgress(null)
      input.current?.focus()
    }
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      void send()
    }
  }

  return (
    <Box sx={{ p: 1.5, borderTop: 1, borderColor: 'divider' }}>
      {!!error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {serverErrorText(t, error)}
        </Alert>
      )}
      {file && (
        <Chip
          label={file.name}
          onDelete={() => setFile(null)}
          deleteIcon={<CloseRounded aria-label={t('chat.removeFile', { name: file.name })} />}
          sx={{ mb: 1, maxWidth: '100%' }}
          data-testid="chat-chosen-file"
        />
      )}
      {progress !== null && <LinearProgress variant="determinate" value={progress * 100} sx={{ mb: 1 }} aria-label={t('chat.uploading')} />}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end' }}>
        <input
          ref={picker}
          type="file"
          hidden
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null)
            event.target.value = ''
          }}
          data-testid="chat-file-input"
        />
        <Tooltip title={t('chat.attach')}>
          <IconButton aria-label={t('chat.attach')} onClick={() => picker.current?.click()} sx={{ mb: 3 }}>
            <AttachFileRounded />
          </IconButton>
        </Tooltip>
        <TextField
          inputRef={input}
          label={file ? t('chat.caption') : t('chat.message')}
          helperText={t('chat.hint')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          multiline
          maxRows={6}
          fullWidth
          size="small"
          slotProps={{ htmlInput: { maxLength: file ? CHAT_LIMITS.maxCaptionLength : CHAT_LIMITS.maxBodyLength } }}
        />
        <IconButton
          color="primary"
          aria-label={t('chat.send')}
          onClick={() => void send()}
          disabled={!draft.trim() && !file}
          loading={sending}
          sx={{ mb: 3 }}
        >
          <SendRounded sx={{ transform: i18n.dir() === 'rtl' ? 'scaleX(-1)' : undefined }} />
        </IconButton>
      </Stack>
    </Box>
  )
}
