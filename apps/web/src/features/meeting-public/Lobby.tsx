import MicOffRounded from '@mui/icons-material/MicOffRounded'
import MicRounded from '@mui/icons-material/MicRounded'
import VideocamOffRounded from '@mui/icons-material/VideocamOffRounded'
import VideocamRounded from '@mui/icons-material/VideocamRounded'
import { Box, Button, IconButton, LinearProgress, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material'
import { type FormEvent, useEffect, useState } from 'react'
import { useHydrated } from '../../components/public/ClientSuspense'
import { surface } from '../../components/public/surface'
import { useTranslation } from '../../locales/i18n'
import type { LobbyMeeting } from './api'
import type { LocalMedia } from './useLocalMedia'
import { VideoTile } from './VideoTile'

/** How loud the microphone is, 0–100, read a few times a second from an analyser (cheap enough for a meter). */
function useLevel(stream: MediaStream | null, muted: boolean) {
  const [level, setLevel] = useState(0)
  useEffect(() => {
    const track = stream?.getAudioTracks()[0]
    if (!track || muted || typeof AudioContext === 'undefined') return setLevel(0)
    const context = new AudioContext()
    const analyser = context.createAnalyser()
    analyser.fftSize = 512
    context.createMediaStreamSource(new MediaStream([track])).connect(analyser)
    const samples = new Uint8Array(analyser.fftSize)
    const timer = window.setInterval(() => {
      analyser.getByteTimeDomainData(samples)
      let sum = 0
      for (const s of samples) sum += ((s - 128) / 128) ** 2
      setLevel(Math.min(100, Math.round(Math.sqrt(sum / samples.length) * 400)))
    }, 120)
    return () => {
      window.clearInterval(timer)
      void context.close()
    }
  }, [stream, muted])
  return level
}

export function MediaToggles({ media, size = 'large' }: { media: LocalMedia; size?: 'medium' | 'large' }) {
  const { t } = useTranslation()
  const round = (on: boolean) => ({
    bgcolor: on ? 'rgba(255, 255, 255, 0.16)' : 'error.main',
    color: 'common.white',
    '&:hover': { bgcolor: on ? 'rgba(255, 255, 255, 0.28)' : 'error.dark' },
  })
  const micLabel = media.muted ? t('meeting.call.unmute') : t('meeting.call.mute')
  const cameraLabel = media.cameraOff ? t('meeting.call.cameraOn') : t('meeting.call.cameraOff')
  return (
    <>
      <Tooltip title={micLabel}>
        <IconButton
          size={size}
          aria-label={micLabel}
          aria-pressed={media.muted}
          onClick={() => media.setMuted(!media.muted)}
          sx={round(!media.muted)}
        >
          {media.muted ? <MicOffRounded /> : <MicRounded />}
        </IconButton>
      </Tooltip>
      <Tooltip title={cameraLabel}>
        <IconButton
          size={size}
          aria-label={cameraLabel}
          aria-pressed={media.cameraOff}
          onClick={() => media.setCameraOff(!media.cameraOff)}
          sx={round(!media.cameraOff)}
        >
          {media.cameraOff ? <VideocamOffRounded /> : <VideocamRounded />}
        </IconButton>
      </Tooltip>
    </>
  )
}

/**
 * Before the call: the preview, the devices, the level of the microphone, the guest's name, Join. The server renders
 * it (entry-server.tsx) with the preview's tile at its own size, saying the camera is starting: the camera opens once
 * the page is hydrated, and a refused camera says so in the same place, so nothing on the page moves.
 */
export function Lobby({
  meeting,
  ready,
  media,
  name,
  onJoin,
  onFirstTouch,
}: {
  meeting: LobbyMeeting
  /** The whole meeting (what the call needs) has arrived: a lobby the server rendered fetches it as it hydrates. */
  ready: boolean
  media: LocalMedia
  name: string
  onJoin(name: string): void
  /** The reader first focused or pointed at the form (the call's code is fetched then). */
  onFirstTouch?(): void
}) {
  const { t } = useTranslation()
  // The name kept in this browser is known in the browser only: a lobby the server rendered takes it once hydrated,
  // and until then its field is read-only, so nothing typed before hydration is lost.
  const hydrated = useHydrated()
  const [typed, setTyped] = useState(hydrated ? name : '')
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when hydrated; the name given then is the one kept.
  useEffect(() => {
    if (hydrated) setTyped((current) => current || name)
  }, [hydrated])
  const [error, setError] = useState<string | null>(null)
  const level = useLevel(media.stream, media.muted)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!meeting.member && !typed.trim()) return setError(t('meeting.lobby.nameRequired'))
    onJoin(typed.trim())
  }
  const picker = (label: string, devices: MediaDeviceInfo[], value: string, set: (id: string) => void, testId: string) => (
    <TextField
      select
      fullWidth
      size="small"
      label={label}
      value={value}
      onChange={(e) => set(e.target.value)}
      slotProps={{ htmlInput: { 'data-testid': testId }, select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{devices.find((d) => d.deviceId === 'default')?.label || devices[0]?.label || label}</MenuItem>
      {devices
        .filter((d) => d.deviceId !== 'default')
        .map((d, i) => (
          <MenuItem key={d.deviceId} value={d.deviceId}>
            {d.label || `${label} ${i + 1}`}
          </MenuItem>
        ))}
      <MenuItem value="none">{t('meeting.lobby.none')}</MenuItem>
    </TextField>
  )

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: { md: 'center' } }}>
      <Box sx={{ flex: 3, minWidth: 0 }}>
        <Box sx={{ position: 'relative' }} aria-label={t('meeting.lobby.preview')} role="group">
          <VideoTile
            stream={media.stream}
            name={typed.trim() || t('meeting.lobby.preview')}
            muted={media.muted}
            cameraOff={media.cameraOff}
            self
            mirror
            message={
              media.blocked
                ? { text: t('meeting.lobby.blocked'), alert: true }
                : media.stream
                  ? undefined
                  : { text: t('meeting.lobby.starting'), alert: false }
            }
          />
          <Stack direction="row" spacing={1.5} sx={{ position: 'absolute', bottom: 12, insetInlineEnd: 12 }}>
            <MediaToggles media={media} size="medium" />
          </Stack>
        </Box>
        <LinearProgress
          variant="determinate"
          value={level}
          aria-label={t('meeting.lobby.level')}
          color="success"
          sx={{ mt: 1.5, height: 6, borderRadius: 3 }}
        />
      </Box>
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        onFocus={onFirstTouch}
        onPointerOver={onFirstTouch}
        onTouchStart={onFirstTouch}
        sx={{ ...surface, flex: 2, p: { xs: 2, md: 3 }, minWidth: 0 }}
      >
        <Typography variant="h5" component="h1" sx={{ mb: 0.5, overflowWrap: 'anywhere' }}>
          {meeting.title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
          {t('meeting.hostedBy', { name: meeting.hostName ?? meeting.organizationName, organization: meeting.organizationName })}
        </Typography>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 2 }}>
          {t('meeting.lobby.title')}
        </Typography>
        <Stack spacing={2}>
          {meeting.member ? (
            <Typography variant="body2">{t('meeting.lobby.memberNote', { organization: meeting.organizationName })}</Typography>
          ) : (
            <TextField
              label={t('meeting.lobby.name')}
              value={typed}
              required
              autoComplete="name"
              onChange={(e) => {
                setTyped(e.target.value)
                setError(null)
              }}
              error={Boolean(error)}
              helperText={error ?? ' '}
              slotProps={{ htmlInput: { maxLength: 80, readOnly: !hydrated } }}
            />
          )}
          {picker(t('meeting.lobby.camera'), media.cameras, media.cameraId, media.setCameraId, 'camera-picker')}
          {picker(t('meeting.lobby.microphone'), media.microphones, media.microphoneId, media.setMicrophoneId, 'microphone-picker')}
          <Button type="submit" variant="contained" size="large" disabled={!media.stream || !ready}>
            {media.stream && ready ? t('meeting.lobby.join') : t('meeting.lobby.joining')}
          </Button>
        </Stack>
      </Box>
    </Stack>
  )
}
