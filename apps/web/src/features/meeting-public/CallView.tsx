import {
  MEETING_CAPACITY,
  MEETING_CHAT_TOO_FAST,
  MEETING_FULL,
  MEETING_REFUSED,
  type MeetingChatAck,
  type MeetingChatMessage,
  type PublicMeeting,
} from '@closeroom/shared'
import CallEndRounded from '@mui/icons-material/CallEndRounded'
import ChatRounded from '@mui/icons-material/ChatRounded'
import CloseRounded from '@mui/icons-material/CloseRounded'
import FiberManualRecordRounded from '@mui/icons-material/FiberManualRecordRounded'
import MicOffRounded from '@mui/icons-material/MicOffRounded'
import PeopleRounded from '@mui/icons-material/PeopleRounded'
import ScreenShareRounded from '@mui/icons-material/ScreenShareRounded'
import StopScreenShareRounded from '@mui/icons-material/StopScreenShareRounded'
import {
  Alert,
  Badge,
  Box,
  Button,
  Chip,
  CircularProgress,
  FormControlLabel,
  IconButton,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material'
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react'
import { PublicFrame } from '../../components/public/PublicFrame'
import { surface } from '../../components/public/surface'
import { loadTexts, useTranslation } from '../../locales/i18n'
import { meetingApi, tabKey } from './api'
import { type CallState, MeetingCall } from './call'
import { MediaToggles } from './Lobby'
import { Notice } from './Notice'
import { useCallMix } from './useCallMix'
import type { LocalMedia } from './useLocalMedia'
import { VideoTile } from './VideoTile'

type Panel = 'people' | 'chat' | null

// Members only (they may record): the controls and the signed-in app's texts they use load for them alone.
const RecordingControls = lazy(async () => {
  const [controls] = await Promise.all([import('../recordings/RecordingControls'), loadTexts('app')])
  return { default: controls.RecordingControls }
})

/** Columns for n tiles: one person fills the stage, up to four share two columns, five and six take three. */
const columns = (n: number) => ({ xs: n <= 2 ? 1 : 2, md: n <= 1 ? 1 : n <= 4 ? 2 : 3 })

/** The call: the video grid, the toolbar, the participants and chat panels; the lobby's waiting and refusals. */
export function CallView({
  meeting,
  media,
  name,
  onLeave,
  onBack,
}: {
  meeting: PublicMeeting
  media: LocalMedia & { stream: MediaStream }
  name: string
  onLeave(): void
  /** Back to the lobby (full, refused, cancelled while waiting). */
  onBack(): void
}) {
  const { t } = useTranslation()
  const [state, setState] = useState<CallState>({
    phase: { name: 'joining' },
    self: null,
    others: [],
    waiting: [],
    chat: [],
    recording: false,
  })
  const [panel, setPanel] = useState<Panel>(null)
  const [sharing, setSharing] = useState<MediaStream | null>(null)
  const [shareFailed, setShareFailed] = useState(false)
  const [requireAdmission, setRequireAdmission] = useState(meeting.requireAdmission)
  const [seenChat, setSeenChat] = useState(0)
  const call = useRef<MeetingCall | null>(null)
  const grid = useRef<HTMLDivElement>(null)
  const { stream, muted, cameraOff } = media
  const mix = useCallMix(
    grid,
    [stream, ...state.others.flatMap((o) => (o.stream ? [o.stream] : []))],
    meeting.member && state.phase.name !== 'waiting',
  )

  // biome-ignore lint/correctness/useExhaustiveDependencies: one call per mount; media state goes through setMedia below.
  useEffect(() => {
    const current = new MeetingCall({
      publicId: meeting.publicId,
      name,
      key: tabKey(),
      iceServers: meeting.iceServers,
      local: stream,
      media: { muted, cameraOff },
      onChange: setState,
    })
    call.current = current
    void current.start()
    return () => current.leave()
  }, [meeting.publicId, stream])

  useEffect(() => {
    call.current?.setMedia({ muted, cameraOff })
  }, [muted, cameraOff])

  const sharingRef = useRef(sharing)
  sharingRef.current = sharing
  const stopSharing = () => {
    for (const track of sharingRef.current?.getTracks() ?? []) track.stop()
    setSharing(null)
    void call.current?.sendVideo(null)
  }
  useEffect(
    () => () => {
      for (const track of sharingRef.current?.getTracks() ?? []) track.stop()
    },
    [],
  )
  const share = async () => {
    if (sharing) return stopSharing()
    setShareFailed(false)
    try {
      const screen = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false })
      const track = screen.getVideoTracks()[0]
      if (!track) return
      track.addEventListener('ended', stopSharing)
      setSharing(screen)
      await call.current?.sendVideo(track, screen)
    } catch {
      setShareFailed(true)
    }
  }

  const leave = () => {
    stopSharing()
    call.current?.leave()
    onLeave()
  }

  const { phase } = state
  if (phase.name === 'waiting')
    return (
      <PublicFrame width="lg">
        <Notice title={t('meeting.lobby.waiting')} hint={t('meeting.lobby.waitingHint')}>
          <CircularProgress sx={{ display: 'block', mx: 'auto', mb: 3 }} aria-label={t('meeting.lobby.waiting')} />
          <Button onClick={onBack}>{t('meeting.lobby.cancel')}</Button>
        </Notice>
      </PublicFrame>
    )
  if (phase.name === 'refused') {
    const full = phase.message === MEETING_FULL
    // The server's own words for anything else (it answers in English, like every API message).
    const title = full ? t('meeting.lobby.full') : phase.message === MEETING_REFUSED ? t('meeting.lobby.refused') : phase.message
    return (
      <PublicFrame width="lg">
        <Notice title={title} hint={full ? t('meeting.lobby.fullHint', { count: MEETING_CAPACITY }) : undefined}>
          <Button variant="contained" onClick={onBack}>
            {t('meeting.lobby.tryAgain')}
          </Button>
        </Notice>
      </PublicFrame>
    )
  }

  const self = state.self
  const count = state.others.length + 1
  const member = meeting.member
  const unread = state.chat.length - seenChat
  const toggle = (which: Exclude<Panel, null>) => {
    setPanel((open) => (open === which ? null : which))
    if (which === 'chat') setSeenChat(state.chat.length)
  }
  const round = { bgcolor: 'rgba(255, 255, 255, 0.16)', color: 'common.white', '&:hover': { bgcolor: 'rgba(255, 255, 255, 0.28)' } }
  const shareLabel = sharing ? t('meeting.call.stopShare') : t('meeting.call.share')

  return (
    <Box sx={{ height: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: '#0b0e12', color: 'common.white' }}>
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1.5, gap: 2, minHeight: 56 }}>
        <Typography variant="subtitle1" component="h1" noWrap sx={{ flex: 1, color: 'inherit' }}>
          {meeting.title}
        </Typography>
        {meeting.member ? (
          <Suspense fallback={null}>
            <RecordingControls meetingPublicId={meeting.publicId} live={state.recording} stream={mix} canRecord />
          </Suspense>
        ) : (
          state.recording && (
            <Chip role="status" color="error" size="small" icon={<FiberManualRecordRounded />} label={t('meeting.call.recording')} />
          )
        )}
        {(phase.name === 'joining' || phase.name === 'reconnecting') && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
            <CircularProgress size={16} color="inherit" />
            <Typography variant="body2" sx={{ color: 'inherit' }}>
              {phase.name === 'joining' ? t('meeting.lobby.joining') : t('meeting.call.reconnecting')}
            </Typography>
          </Stack>
        )}
      </Stack>

      {member &&
        state.waiting.map((guest) => (
          <Alert
            key={guest.id}
            severity="info"
            sx={{ mx: 2, mb: 1 }}
            action={
              <Stack direction="row" spacing={1}>
                <Button color="inherit" size="small" onClick={() => call.current?.admit(guest.id, false)}>
                  {t('meeting.call.refuse')}
                </Button>
                <Button variant="contained" size="small" onClick={() => call.current?.admit(guest.id, true)}>
                  {t('meeting.call.admit')}
                </Button>
              </Stack>
            }
          >
            {t('meeting.call.wantsToJoin', { name: guest.name })}
          </Alert>
        ))}

      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', gap: 2, px: 2, flexDirection: { xs: 'column', md: 'row' } }}>
        <Box
          ref={grid}
          data-testid="video-grid"
          sx={{
            flex: 1,
            minHeight: 0,
            overflow: 'auto',
            display: 'grid',
            gap: 1.5,
            alignContent: 'center',
            gridTemplateColumns: { xs: `repeat(${columns(count).xs}, 1fr)`, md: `repeat(${columns(count).md}, 1fr)` },
            maxWidth: count === 1 ? 960 : undefined,
            mx: 'auto',
            width: '100%',
          }}
        >
          <VideoTile
            stream={sharing ?? stream}
            name={t('meeting.call.you', { name: self?.name ?? name })}
            muted={muted}
            cameraOff={cameraOff && !sharing}
            self
            mirror={!sharing}
            note={sharing ? t('meeting.call.presenting') : undefined}
          />
          {state.others.map((other) => (
            <VideoTile key={other.id} stream={other.stream} name={other.name} muted={other.muted} cameraOff={other.cameraOff} />
          ))}
        </Box>
        {panel && (
          <Box
            component="aside"
            aria-label={panel === 'chat' ? t('meeting.call.chat') : t('meeting.call.people')}
            sx={{
              ...surface,
              color: 'text.primary',
              width: { xs: '100%', md: 340 },
              height: { xs: '45%', md: '100%' },
              display: 'flex',
              flexDirection: 'column',
            }}
          >
            <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
              <Typography variant="subtitle1" component="h2" sx={{ flex: 1 }}>
                {panel === 'chat' ? t('meeting.call.chat') : t('meeting.call.participantCount', { count })}
              </Typography>
              <IconButton aria-label={t('meeting.call.close')} onClick={() => setPanel(null)}>
                <CloseRounded />
              </IconButton>
            </Stack>
            {panel === 'chat' ? (
              <Chat
                messages={state.chat}
                selfId={self?.id}
                onSend={(text) => call.current?.say(text) ?? Promise.resolve({ ok: false, message: '' })}
              />
            ) : (
              <Box sx={{ overflow: 'auto', p: 2 }}>
                {member && (
                  <FormControlLabel
                    sx={{ mb: 2, alignItems: 'flex-start' }}
                    control={
                      <Switch
                        checked={requireAdmission}
                        onChange={(_, on) => {
                          setRequireAdmission(on)
                          meetingApi.setAdmission(meeting.publicId, on).catch(() => setRequireAdmission(!on))
                        }}
                      />
                    }
                    label={<Typography variant="body2">{t('meeting.call.requireAdmission')}</Typography>}
                  />
                )}
                <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                  {[...(self ? [{ ...self, muted, name: t('meeting.call.you', { name: self.name }) }] : []), ...state.others].map((p) => (
                    <Stack component="li" key={p.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Box sx={{ flex: 1, minWidth: 0 }}>
                        <Typography variant="body2" noWrap>
                          {p.name}
                        </Typography>
                        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                          {p.member ? t('meeting.call.member') : t('meeting.call.guest')}
                        </Typography>
                      </Box>
                      {p.muted && <MicOffRounded fontSize="small" aria-label={t('meeting.call.muted')} />}
                    </Stack>
                  ))}
                </Stack>
              </Box>
            )}
          </Box>
        )}
      </Box>

      {shareFailed && (
        <Alert severity="warning" onClose={() => setShareFailed(false)} sx={{ mx: 2, mt: 1 }}>
          {t('meeting.call.shareFailed')}
        </Alert>
      )}
      <Stack
        direction="row"
        role="toolbar"
        aria-label={meeting.title}
        spacing={{ xs: 1, sm: 1.5 }}
        sx={{ justifyContent: 'center', alignItems: 'center', py: 2, flexWrap: 'wrap' }}
      >
        <MediaToggles media={media} />
        {'getDisplayMedia' in (navigator.mediaDevices ?? {}) && (
          <Tooltip title={shareLabel}>
            <IconButton size="large" aria-label={shareLabel} aria-pressed={Boolean(sharing)} onClick={share} sx={round}>
              {sharing ? <StopScreenShareRounded /> : <ScreenShareRounded />}
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title={t('meeting.call.people')}>
          <IconButton
            size="large"
            aria-label={t('meeting.call.people')}
            aria-pressed={panel === 'people'}
            onClick={() => toggle('people')}
            sx={round}
          >
            <Badge badgeContent={member ? state.waiting.length : 0} color="warning">
              <PeopleRounded />
            </Badge>
          </IconButton>
        </Tooltip>
        <Tooltip title={t('meeting.call.chat')}>
          <IconButton
            size="large"
            aria-label={t('meeting.call.chat')}
            aria-pressed={panel === 'chat'}
            onClick={() => toggle('chat')}
            sx={round}
          >
            <Badge badgeContent={panel === 'chat' ? 0 : unread} color="primary">
              <ChatRounded />
            </Badge>
          </IconButton>
        </Tooltip>
        <Button
          variant="contained"
          color="error"
          startIcon={<CallEndRounded />}
          onClick={leave}
          sx={{ borderRadius: 6, px: 3, py: 1.25, '& .MuiButton-startIcon': { marginInlineStart: 0 } }}
        >
          {t('meeting.call.leave')}
        </Button>
      </Stack>
    </Box>
  )
}

/** The call's chat: plain text, newest at the bottom. */
function Chat({
  messages,
  selfId,
  onSend,
}: {
  messages: MeetingChatMessage[]
  selfId?: string
  onSend(text: string): Promise<MeetingChatAck>
}) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const list = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (list.current && messages.length) list.current.scrollTop = list.current.scrollHeight
  }, [messages.length])
  const send = async (event: FormEvent) => {
    event.preventDefault()
    if (!text.trim()) return
    const answer = await onSend(text.trim())
    // A message that did not go stays in the field, to send again.
    if (answer.ok) setText('')
    setError(answer.ok ? null : answer.message === MEETING_CHAT_TOO_FAST ? t('meeting.call.tooFast') : t('meeting.call.notSent'))
  }
  return (
    <>
      <Box ref={list} role="log" aria-live="polite" sx={{ flex: 1, overflow: 'auto', p: 2 }}>
        {messages.length === 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('meeting.call.chatEmpty')}
          </Typography>
        )}
        <Stack spacing={1.5}>
          {messages.map((m) => (
            <Box key={m.id} data-testid="chat-message" sx={{ alignSelf: m.from === selfId ? 'flex-end' : 'flex-start', maxWidth: '85%' }}>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {m.name}
              </Typography>
              <Typography
                variant="body2"
                sx={{
                  whiteSpace: 'pre-wrap',
                  overflowWrap: 'anywhere',
                  px: 1.5,
                  py: 1,
                  borderRadius: 2,
                  bgcolor: m.from === selfId ? 'primary.main' : 'action.hover',
                  color: m.from === selfId ? 'primary.contrastText' : 'text.primary',
                }}
              >
                {m.text}
              </Typography>
            </Box>
          ))}
        </Stack>
      </Box>
      <Stack component="form" direction="row" spacing={1} onSubmit={send} sx={{ p: 1.5, borderTop: 1, borderColor: 'divider' }}>
        <TextField
          size="small"
          fullWidth
          label={t('meeting.call.message')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={Boolean(error)}
          helperText={error}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <Button type="submit" variant="contained">
          {t('meeting.call.send')}
        </Button>
      </Stack>
    </>
  )
}
