import type { PublicRoomRecording } from '@closeroom/shared'
import { Box, Stack, Typography } from '@mui/material'
import { useHydrated } from '../../components/public/ClientSuspense'
import { API_URL } from '../../lib/api'
import { formatDateTime } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { formatClock } from './format'

/**
 * The call recordings the seller shared in the room, each playable in place (seekable: the server answers
 * byte ranges through the room's public address and, for a private room, its pass cookie).
 */
export function RoomRecordings({ publicId, recordings }: { publicId: string; recordings: PublicRoomRecording[] }) {
  const { t, i18n } = useTranslation()
  // The time is in the reader's zone, which the server that rendered the room does not know.
  const hydrated = useHydrated()
  return (
    <Stack spacing={3}>
      {recordings.map((recording) => (
        <Box key={recording.id}>
          <Typography dir="auto" sx={{ fontWeight: 600 }}>
            {recording.title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
            {hydrated ? formatDateTime(recording.startedAt, i18n.language) : '\u00a0'}
            {recording.durationMs !== null && ` · ${formatClock(recording.durationMs)}`}
          </Typography>
          <Box
            component="video"
            controls
            preload="metadata"
            src={`${API_URL}/public/salesrooms/${encodeURIComponent(publicId)}/recordings/${recording.id}/file`}
            aria-label={t('salesroom.room.recordingLabel', { title: recording.title })}
            sx={{ display: 'block', width: '100%', borderRadius: 1, bgcolor: 'common.black', aspectRatio: '16 / 9' }}
          />
        </Box>
      ))}
    </Stack>
  )
}
