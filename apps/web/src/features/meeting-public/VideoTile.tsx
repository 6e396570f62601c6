import MicOffRounded from '@mui/icons-material/MicOffRounded'
import { Avatar, Box, Typography } from '@mui/material'
import { useEffect, useRef } from 'react'
import { useTranslation } from '../../locales/i18n'

/** One person's picture in the call (or the lobby's preview): their video, or their initial when it is off. */
export function VideoTile({
  stream,
  name,
  muted = false,
  cameraOff = false,
  self = false,
  mirror = false,
  note,
  message,
}: {
  stream: MediaStream | null
  name: string
  muted?: boolean
  cameraOff?: boolean
  /** Our own picture: never played aloud. */
  self?: boolean
  mirror?: boolean
  note?: string
  /**
   * Said in the tile in place of the initial while there is no picture (the lobby: the camera starting, then refused,
   * as an alert). One element whose text changes, so the page's largest paint stays the one the server sent.
   */
  message?: { text: string; alert: boolean }
}) {
  const { t } = useTranslation()
  const video = useRef<HTMLVideoElement>(null)
  useEffect(() => {
    const element = video.current
    if (!element || element.srcObject === stream) return
    element.srcObject = stream
    void element.play().catch(() => undefined)
  }, [stream])
  const hasVideo = !cameraOff && (stream?.getVideoTracks().length ?? 0) > 0
  return (
    <Box
      data-testid="video-tile"
      data-name={name}
      data-muted={muted}
      sx={{
        position: 'relative',
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: 'grey.900',
        aspectRatio: '16 / 9',
        width: '100%',
        minHeight: 0,
      }}
    >
      <Box
        component="video"
        ref={video}
        autoPlay
        playsInline
        muted={self}
        sx={{
          width: '100%',
          height: '100%',
          objectFit: 'cover',
          display: 'block',
          visibility: hasVideo ? 'visible' : 'hidden',
          transform: mirror ? 'scaleX(-1)' : undefined,
        }}
      />
      {!hasVideo && message && (
        // From the tile's top corner, so a longer text only grows downwards: nothing moves when it changes.
        <Box sx={{ position: 'absolute', inset: 0, p: { xs: 2, md: 3 }, pb: 5 }}>
          <Typography role={message.alert ? 'alert' : 'status'} variant="body2" sx={{ color: 'grey.100', maxWidth: 420 }}>
            {message.text}
          </Typography>
        </Box>
      )}
      {!hasVideo && !message && (
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
          <Avatar sx={{ width: 72, height: 72, fontSize: 32, bgcolor: 'primary.main' }}>
            {name.trim().charAt(0).toUpperCase() || '?'}
          </Avatar>
        </Box>
      )}
      <Box
        sx={{
          position: 'absolute',
          insetInlineStart: 8,
          bottom: 8,
          maxWidth: 'calc(100% - 16px)',
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          px: 1,
          py: 0.25,
          borderRadius: 1,
          bgcolor: 'rgba(0, 0, 0, 0.6)',
          color: 'common.white',
        }}
      >
        {muted && <MicOffRounded fontSize="small" aria-label={t('meeting.call.muted')} data-testid="tile-muted" />}
        <Typography variant="body2" noWrap sx={{ color: 'inherit' }}>
          {name}
        </Typography>
        {note && (
          <Typography variant="caption" noWrap sx={{ color: 'grey.300' }}>
            · {note}
          </Typography>
        )}
      </Box>
    </Box>
  )
}
