import { Alert, Box, Button, Card, CardContent, CardHeader, Stack, TextField, Typography } from '@mui/material'
import { type FormEvent, useRef, useState } from 'react'
import { EarlierMessages } from '../../components/thread/EarlierMessages'
import { useThreadPages } from '../../components/thread/useThreadPages'
import { useThreadScroll } from '../../components/thread/useThreadScroll'
import { serverErrorText } from '../../lib/errorText'
import { formatDateTime } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { useReadThread } from '../chat/readThread'
import { ChatBubble } from '../salesroom-public/bits'
import { usePostRoomMessage, useRoomMessages } from './queries'

/**
 * The room's chat from the seller's side; the editor's live connection (useRoomLive) brings the buyers' messages.
 * `until`: a message a search hit opens the chat at, read back to.
 */
export function SellerChat({ dealId, until }: { dealId: string; until?: string | null }) {
  const { t, i18n } = useTranslation()
  const { messages, earlier } = useThreadPages(useRoomMessages(dealId, true), until)
  const log = useRef<HTMLDivElement>(null)
  const scroll = useThreadScroll(log, messages?.[0]?.id, messages?.at(-1)?.id)
  const post = usePostRoomMessage(dealId)
  // The room's chat on screen, here or in /chat, is read for the team chat's counts.
  useReadThread('room', dealId)
  const [body, setBody] = useState('')
  const send = (event: FormEvent) => {
    event.preventDefault()
    const text = body.trim()
    if (!text) return
    post.mutate(text, { onSuccess: () => setBody('') })
  }

  return (
    <Card>
      <CardHeader title={t('salesroom.editor.chat')} slotProps={{ title: { component: 'h2', variant: 'h6', id: 'seller-chat' } }} />
      <CardContent>
        <Box
          ref={log}
          role="log"
          aria-live="polite"
          aria-labelledby="seller-chat"
          data-testid="seller-chat-log"
          sx={{ maxHeight: 360, overflowY: 'auto', display: 'grid', gap: 1.25, mb: 2 }}
        >
          {earlier && <EarlierMessages load={earlier} label={t('salesroom.editor.older')} {...scroll} />}
          {messages?.length === 0 && <Typography sx={{ color: 'text.secondary' }}>{t('salesroom.editor.noMessages')}</Typography>}
          {messages?.map((message) => (
            <ChatBubble
              key={message.id}
              id={`message-${message.id}`}
              author={message.authorName}
              when={formatDateTime(message.createdAt, i18n.language)}
              body={message.body}
              mine={message.side === 'seller'}
            />
          ))}
        </Box>
        {post.error && (
          <Alert severity="error" sx={{ mb: 1.5 }}>
            {serverErrorText(t, post.error)}
          </Alert>
        )}
        <Stack component="form" direction="row" spacing={1} onSubmit={send} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label={t('salesroom.editor.message')}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            multiline
            maxRows={5}
            size="small"
            sx={{ flex: 1 }}
          />
          <Button type="submit" variant="contained" disabled={post.isPending || !body.trim()}>
            {t('salesroom.editor.send')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  )
}
