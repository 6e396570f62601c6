import type { Message } from '@closeroom/shared'
import { can, DEAL_LIMITS } from '@closeroom/shared'
import EditOutlined from '@mui/icons-material/EditOutlined'
import SendRounded from '@mui/icons-material/SendRounded'
import { Alert, Avatar, Box, Button, IconButton, Skeleton, Stack, TextField, Tooltip, Typography } from '@mui/material'
import { type KeyboardEvent, useRef, useState } from 'react'
import { useAuthContext } from '../../app/AuthProvider'
import { avatarColours } from '../../components/PeopleAvatars'
import { serverErrorText } from '../../lib/errorText'
import { formatDateTime } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { Bubble } from './Bubble'
import { EarlierMessages } from './EarlierMessages'
import { useThreadScroll } from './useThreadScroll'

type Props = {
  title: string
  messages: Message[] | undefined
  /** The thread's refusal to load. */
  error?: unknown
  /** Asks for the page before the earliest message shown; given while there is one (useThreadPages). */
  earlier?: () => Promise<unknown>
  onSend: (body: string) => Promise<unknown>
  /** Offered on one's own messages when given. */
  onEdit?: (messageId: string, body: string) => Promise<unknown>
  height?: number | string
}

/**
 * A message thread: plain text only (React escapes it; nothing here is read as HTML), newest at the bottom, earlier
 * pages on request at the top. Enter sends, Shift+Enter starts a new line.
 */
export function MessageThread({ title, messages, error, earlier, onSend, onEdit, height = 420 }: Props) {
  const { t, i18n } = useTranslation()
  const me = useAuthContext().user
  const [draft, setDraft] = useState('')
  const [editing, setEditing] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [sendError, setSendError] = useState<unknown>(null)
  const list = useRef<HTMLDivElement>(null)
  const input = useRef<HTMLTextAreaElement>(null)

  const scroll = useThreadScroll(list, messages?.[0]?.id, messages?.at(-1)?.id)

  async function send() {
    const body = draft.trim()
    if (!body || sending) return
    setSending(true)
    setSendError(null)
    try {
      if (editing && onEdit) await onEdit(editing, body)
      else await onSend(body)
      setDraft('')
      setEditing(null)
    } catch (caught) {
      setSendError(caught)
    } finally {
      setSending(false)
      input.current?.focus()
    }
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      void send()
    }
    if (event.key === 'Escape' && editing) {
      setEditing(null)
      setDraft('')
    }
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }}>
      {!!error && <Alert severity="error">{serverErrorText(t, error)}</Alert>}
      <Box
        ref={list}
        role="log"
        aria-label={title}
        aria-live="polite"
        tabIndex={0}
        sx={{ height, overflowY: 'auto', py: 1, display: 'flex', flexDirection: 'column', gap: 1.5 }}
      >
        {earlier && <EarlierMessages load={earlier} label={t('pipeline.chat.older')} {...scroll} />}
        {!messages && !error && [0, 1].map((row) => <Skeleton key={row} variant="rounded" height={56} />)}
        {messages?.length === 0 && (
          <Typography sx={{ color: 'text.secondary', m: 'auto', textAlign: 'center', px: 2 }}>{t('pipeline.chat.empty')}</Typography>
        )}
        {messages?.map((message) => {
          const mine = message.author.id === me?.id
          return (
            <Stack
              key={message.id}
              id={`message-${message.id}`}
              direction="row"
              spacing={1}
              sx={{ alignItems: 'flex-end', alignSelf: mine ? 'flex-end' : 'flex-start', maxWidth: '88%' }}
              data-testid="message"
            >
              {!mine && (
                <Avatar
                  alt=""
                  src={message.author.avatarUrl ?? undefined}
                  sx={{ width: 28, height: 28, fontSize: 13, ...avatarColours(message.author.name) }}
                >
                  {message.author.name.slice(0, 1).toUpperCase()}
                </Avatar>
              )}
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', textAlign: mine ? 'end' : 'start' }}>
                  {mine ? t('pipeline.chat.you') : message.author.name} · {formatDateTime(message.createdAt, i18n.language)}
                  {message.editedAt && ` · ${t('pipeline.chat.edited')}`}
                </Typography>
                <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, flexDirection: mine ? 'row-reverse' : 'row' }}>
                  <Bubble mine={mine}>{message.body}</Bubble>
                  {onEdit && can(me, 'messages.edit', { authorId: message.author.id }) && (
                    <Tooltip title={t('pipeline.chat.edit')}>
                      <IconButton
                        size="small"
                        aria-label={t('pipeline.chat.edit')}
                        onClick={() => {
                          setEditing(message.id)
                          setDraft(message.body)
                          input.current?.focus()
                        }}
                      >
                        <EditOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </Stack>
              </Box>
            </Stack>
          )
        })}
      </Box>
      {!!sendError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {serverErrorText(t, sendError)}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end', pt: 1 }}>
        <TextField
          inputRef={input}
          label={editing ? t('pipeline.chat.editing') : t('pipeline.chat.message')}
          helperText={t('pipeline.chat.hint')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          multiline
          maxRows={6}
          fullWidth
          size="small"
          slotProps={{ htmlInput: { maxLength: DEAL_LIMITS.maxMessageLength } }}
        />
        {editing && (
          <Button
            color="inherit"
            onClick={() => {
              setEditing(null)
              setDraft('')
            }}
            sx={{ mb: 3 }}
          >
            {t('pipeline.cancel')}
          </Button>
        )}
        <IconButton
          color="primary"
          aria-label={t('pipeline.chat.send')}
          onClick={() => void send()}
          disabled={!draft.trim()}
          loading={sending}
          sx={{ mb: 3 }}
        >
          <SendRounded sx={{ transform: i18n.dir() === 'rtl' ? 'scaleX(-1)' : undefined }} />
        </IconButton>
      </Stack>
    </Box>
  )
}
