import type { ProductSocketEvents, RoomMessage, SocketEvents } from '@closeroom/shared'
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { EarlierMessages } from '../../components/thread/EarlierMessages'
import { useThreadScroll } from '../../components/thread/useThreadScroll'
import { dateTimeFormat, intlLocale } from '../../lib/intl'
import { joinRoom } from '../../lib/joinRoom'
import { openSocket } from '../../lib/socket'
import { localStorageAvailable } from '../../lib/storage'
import { useTranslation } from '../../locales/i18n'
import { roomApi } from './api'
import { ChatBubble } from './bits'

/**
 * The room's socket events, spelled out and checked against the contract's names by the types: importing the names
 * from events.ts brings its payload schemas along (zod and libphonenumber, about 230 KB), whose evaluation was the
 * longest task of the buyer's sales room on a phone once the chat mounted (bench/README.md, lighthouse).
 */
const events = {
  join: 'deals-join-public-room',
  leave: 'deals-leave-public-room',
  message: 'deals-new-public-message',
  roomChanged: 'salesroom-changed',
} as const satisfies {
  join: typeof SocketEvents.dealsJoinPublicRoom
  leave: typeof SocketEvents.dealsLeavePublicRoom
  message: typeof SocketEvents.dealsNewPublicMessage
  roomChanged: typeof ProductSocketEvents.salesroomChanged
}

const nameKey = (publicId: string) => `closeroom.salesroom.${publicId}.name`

function storedName(publicId: string): string {
  return localStorageAvailable() ? (window.localStorage.getItem(nameKey(publicId)) ?? '') : ''
}

/** Adds a message once, whether it came back from the POST or through the socket first. */
function merge(list: RoomMessage[], message: RoomMessage): RoomMessage[] {
  return list.some((m) => m.id === message.id) ? list : [...list, message]
}

/**
 * The latest page, read again after a reconnection, over what is on screen: the earlier pages the buyer opened stay
 * above it, and messages heard while it was on its way stay below.
 */
function withLatest(list: RoomMessage[], latest: RoomMessage[]): RoomMessage[] {
  const fresh = new Set(latest.map((m) => m.id))
  const first = latest[0]
  const others = list.filter((m) => !fresh.has(m.id))
  // ISO times of one format compare as text.
  const earlier = first ? others.filter((m) => m.createdAt < first.createdAt) : []
  return others.filter((m) => !earlier.includes(m)).reduce(merge, [...earlier, ...latest])
}

/** The buyer's chat with the seller: the history, then every new message live; plain text only. */
export default function RoomChat({
  publicId,
  visitorEmail,
  onRoomChanged,
}: {
  publicId: string
  visitorEmail: string | null
  /** The seller changed the room (or the buyer did, in another tab): the page reads it again. */
  onRoomChanged: () => void
}) {
  const roomChanged = useRef(onRoomChanged)
  roomChanged.current = onRoomChanged
  const { t, i18n } = useTranslation()
  const [messages, setMessages] = useState<RoomMessage[]>([])
  /** The cursor of the page before the earliest message shown; null: the chat's start is on screen. */
  const [next, setNext] = useState<string | null>(null)
  const openedEarlier = useRef(false)
  const [name, setName] = useState(() => storedName(publicId))
  const [knownName, setKnownName] = useState(() => storedName(publicId) !== '')
  const [body, setBody] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const listRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const controller = new AbortController()
    const download = () =>
      roomApi.messages(publicId, controller.signal).then(
        (answer) => {
          setMessages((live) => withLatest(live, answer.messages))
          // Once the buyer opened earlier pages, their own cursor goes on from the earliest of them.
          if (!openedEarlier.current) setNext(answer.next)
        },
        () => undefined,
      )
    void download()
    let closed = false
    let close: () => void = () => undefined
    void openSocket().then((socket) => {
      if (closed) return void socket.disconnect()
      // The server forgets rooms with the connection: join again after every reconnection.
      socket.on('connect', () => joinRoom(socket, events.join, { publicId }, () => void download()))
      socket.on(events.message, ({ message }) => setMessages((list) => merge(list, message)))
      socket.on(events.roomChanged, (change) => {
        if (change.publicId === publicId && change.part === 'content') roomChanged.current()
      })
      close = () => {
        socket.emit(events.leave, { publicId })
        socket.disconnect()
      }
    })
    return () => {
      closed = true
      controller.abort()
      close()
    }
  }, [publicId])

  const scroll = useThreadScroll(listRef, messages[0]?.id, messages.at(-1)?.id)
  const earlier = async (before: string) => {
    const page = await roomApi.messages(publicId, undefined, before)
    openedEarlier.current = true
    setMessages((list) => [...page.messages.filter((m) => !list.some((shown) => shown.id === m.id)), ...list])
    setNext(page.next)
  }

  const send = async (event: FormEvent) => {
    event.preventDefault()
    const text = body.trim()
    const author = name.trim()
    if (!text || !author) return
    setBusy(true)
    setError(null)
    try {
      const message = await roomApi.post(publicId, text, author)
      setMessages((list) => merge(list, message))
      setBody('')
      if (localStorageAvailable()) window.localStorage.setItem(nameKey(publicId), author)
      setKnownName(true)
    } catch {
      setError(t('salesroom.room.sendFailed'))
    } finally {
      setBusy(false)
    }
  }

  const time = dateTimeFormat(intlLocale(i18n.language), { dateStyle: 'short', timeStyle: 'short' })
  return (
    <Stack spacing={2}>
      <Box
        ref={listRef}
        role="log"
        aria-live="polite"
        aria-labelledby="room-chat"
        tabIndex={0}
        data-testid="room-chat-log"
        sx={{
          maxHeight: 360,
          overflowY: 'auto',
          display: 'grid',
          gap: 1.25,
          '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
        }}
      >
        {next && <EarlierMessages load={() => earlier(next)} label={t('salesroom.room.older')} {...scroll} />}
        {messages.length === 0 && <Typography sx={{ color: 'text.secondary' }}>{t('salesroom.room.noMessages')}</Typography>}
        {messages.map((message) => (
          <ChatBubble
            key={message.id}
            author={message.authorName}
            when={time.format(new Date(message.createdAt))}
            body={message.body}
            mine={message.side === 'buyer'}
          />
        ))}
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
      <Stack component="form" spacing={1.5} onSubmit={(event) => void send(event)}>
        {!knownName && (
          <TextField
            label={t('salesroom.room.yourName')}
            helperText={visitorEmail ?? t('salesroom.room.nameHelp')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            autoComplete="name"
            size="small"
          />
        )}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label={t('salesroom.room.message')}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            multiline
            maxRows={5}
            size="small"
            sx={{ flex: 1 }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) void send(event)
            }}
          />
          <Button type="submit" variant="contained" disabled={busy || !body.trim() || !name.trim()}>
            {t('salesroom.room.send')}
          </Button>
        </Stack>
      </Stack>
    </Stack>
  )
}
