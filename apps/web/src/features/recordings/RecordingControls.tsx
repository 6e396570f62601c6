import FiberManualRecordRounded from '@mui/icons-material/FiberManualRecordRounded'
import StopRounded from '@mui/icons-material/StopRounded'
import { Alert, Button, Chip, Stack } from '@mui/material'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { useRecorder } from './useRecorder'

type Props = {
  meetingPublicId: string
  /** The call is being recorded, by this tab or another host's (the call hears meeting-recording-change). */
  live: boolean
  /** The stream to record (the host's mix of the call); null until there is one. */
  stream: MediaStream | null
  /** The host (a member of the meeting's organization) may start and stop. */
  canRecord: boolean
}

/** Record / Stop for the host, and for everyone in the call a red "Recording" sign while it runs. */
export function RecordingControls({ meetingPublicId, live, stream, canRecord }: Props) {
  const { t } = useTranslation()
  const recorder = useRecorder({ meetingPublicId, stream })

  const recording = live || recorder.state === 'recording'
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {recording && (
        <Chip
          role="status"
          color="error"
          size="small"
          icon={<FiberManualRecordRounded />}
          label={t('recordings.controls.live')}
          sx={{
            fontWeight: 600,
            '& .MuiChip-icon': { animation: 'recording-pulse 1.5s ease-in-out infinite' },
            '@keyframes recording-pulse': { '50%': { opacity: 0.3 } },
          }}
        />
      )}
      {canRecord &&
        (recorder.state === 'recording' || recorder.state === 'stopping' ? (
          <Button
            color="error"
            variant="outlined"
            startIcon={<StopRounded />}
            loading={recorder.state === 'stopping'}
            onClick={() => void recorder.stop()}
          >
            {t('recordings.controls.stop')}
          </Button>
        ) : (
          <Button
            color="error"
            variant="contained"
            startIcon={<FiberManualRecordRounded />}
            disabled={!stream || live}
            loading={recorder.state === 'starting'}
            onClick={() => void recorder.start()}
          >
            {t('recordings.controls.record')}
          </Button>
        ))}
      {!!recorder.error && (
        <Alert severity="warning" sx={{ py: 0 }}>
          {serverErrorText(t, recorder.error)}
        </Alert>
      )}
    </Stack>
  )
}
