import type { Recording } from '@closeroom/shared'
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded'
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import LinkRounded from '@mui/icons-material/LinkRounded'
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  Grid,
  Link,
  MenuItem,
  Skeleton,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material'
import { useSnackbar } from 'notistack'
import { type ReactNode, useRef, useState } from 'react'
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ApiError } from '../../lib/api'
import { serverErrorText } from '../../lib/errorText'
import { formatDateTime, intlLocale } from '../../lib/intl'
import { formatFileSize } from '../../lib/upload'
import { useTranslation } from '../../locales/i18n'
import { formatClock } from './format'
import { recordingFileUrl, useDeleteRecording, useRecording, useShareRecording } from './queries'
import { RecordingComments } from './RecordingComments'
import { StatusChip } from './StatusChip'

export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const

/** /recordings/:id: the call played back (seekable, at any speed, from ?t=seconds), its comments, sharing, deleting. */
export default function RecordingPage() {
  const { t } = useTranslation()
  const id = useParams().id as string
  const recording = useRecording(id)
  return (
    <>
      <Stack direction="row" sx={{ mb: 1 }}>
        <Button
          component={RouterLink}
          to="/recordings"
          color="inherit"
          startIcon={<ArrowBackRounded sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />}
        >
          {t('recordings.back')}
        </Button>
      </Stack>
      {recording.isError ? (
        <Alert severity="error">
          {recording.error instanceof ApiError && recording.error.code === 'not_found'
            ? t('recordings.notFound')
            : serverErrorText(t, recording.error)}
        </Alert>
      ) : recording.data ? (
        <RecordingView recording={recording.data} />
      ) : (
        <Skeleton variant="rounded" height={360} />
      )}
    </>
  )
}

function RecordingView({ recording }: { recording: Recording }) {
  const { t, i18n } = useTranslation()
  const video = useRef<HTMLVideoElement>(null)
  const [searchParams] = useSearchParams()
  const [speed, setSpeed] = useState(1)
  const [currentMs, setCurrentMs] = useState(0)
  const ready = recording.status === 'ready'

  function seek(ms: number) {
    const element = video.current
    if (element) element.currentTime = ms / 1000
  }

  function changeSpeed(value: number) {
    setSpeed(value)
    if (video.current) {
      video.current.playbackRate = value
      video.current.defaultPlaybackRate = value
    }
  }

  /** A link straight to the moment shown, by the whole second. */
  const momentUrl = () => `${window.location.origin}/recordings/${recording.id}?t=${Math.floor(currentMs / 1000)}`

  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" dir="auto">
          {recording.meetingTitle}
        </Typography>
        <StatusChip status={recording.status} />
      </Stack>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Card>
            {ready ? (
              <Box
                component="video"
                ref={video}
                controls
                preload="metadata"
                src={recordingFileUrl(recording.id)}
                aria-label={t('recordings.player', { title: recording.meetingTitle })}
                onLoadedMetadata={(event) => {
                  const element = event.currentTarget
                  element.playbackRate = speed
                  const start = Number(searchParams.get('t'))
                  if (Number.isFinite(start) && start > 0) element.currentTime = Math.min(start, element.duration || start)
                }}
                onTimeUpdate={(event) => setCurrentMs(Math.round(event.currentTarget.currentTime * 1000))}
                onSeeked={(event) => setCurrentMs(Math.round(event.currentTarget.currentTime * 1000))}
                sx={{ display: 'block', width: '100%', aspectRatio: '16 / 9', bgcolor: 'common.black' }}
              />
            ) : (
              <CardContent>
                <Alert severity={recording.status === 'failed' ? 'warning' : 'info'}>{t(`recordings.notReady.${recording.status}`)}</Alert>
              </CardContent>
            )}
            {ready && (
              <CardContent>
                <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                  <TextField
                    select
                    size="small"
                    label={t('recordings.speed')}
                    value={speed}
                    onChange={(event) => changeSpeed(Number(event.target.value))}
                    sx={{ minWidth: 120 }}
                  >
                    {SPEEDS.map((value) => (
                      <MenuItem key={value} value={value}>
                        {`${new Intl.NumberFormat(intlLocale(i18n.language)).format(value)}×`}
                      </MenuItem>
                    ))}
                  </TextField>
                  <CopyMoment url={momentUrl} />
                  <Typography variant="body2" sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
                    {formatClock(currentMs)}
                    {recording.durationMs !== null && ` / ${formatClock(recording.durationMs)}`}
                  </Typography>
                </Stack>
              </CardContent>
            )}
          </Card>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Stack spacing={3}>
            <Details recording={recording} />
            {ready && <RecordingComments recordingId={recording.id} currentMs={currentMs} onSeek={seek} />}
          </Stack>
        </Grid>
      </Grid>
    </>
  )
}

function CopyMoment({ url }: { url: () => string }) {
  const { t } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  async function copy() {
    const link = url()
    try {
      await navigator.clipboard.writeText(link)
      enqueueSnackbar(t('recordings.copied'), { variant: 'success' })
    } catch {
      enqueueSnackbar(t('recordings.copyFailed', { url: link }), { variant: 'warning' })
    }
  }
  return (
    <Button variant="outlined" startIcon={<LinkRounded />} onClick={() => void copy()}>
      {t('recordings.copyMoment')}
    </Button>
  )
}

/** What was recorded, when, how long; showing it in the deal's sales room; deleting it. */
function Details({ recording }: { recording: Recording }) {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const { enqueueSnackbar } = useSnackbar()
  const share = useShareRecording(recording.id)
  const remove = useDeleteRecording(recording.id)
  const [confirming, setConfirming] = useState(false)
  const locale = intlLocale(i18n.language)
  const deal: ReactNode = recording.deal ? (
    <Link component={RouterLink} to={`/deals/${recording.deal.id}`} dir="auto">
      {recording.deal.name}
    </Link>
  ) : (
    '—'
  )
  const rows: [string, ReactNode][] = [
    [t('recordings.deal'), deal],
    [t('recordings.date'), formatDateTime(recording.startedAt, i18n.language)],
    [t('recordings.duration'), recording.durationMs === null ? '—' : formatClock(recording.durationMs)],
    [t('recordings.size'), recording.size === null ? '—' : formatFileSize(recording.size, locale)],
  ]

  async function toggleShare(sharedInRoom: boolean) {
    try {
      await share.mutateAsync({ sharedInRoom })
      enqueueSnackbar(t(sharedInRoom ? 'recordings.shared' : 'recordings.unshared'), { variant: 'success' })
    } catch (error) {
      enqueueSnackbar(serverErrorText(t, error), { variant: 'error' })
    }
  }

  return (
    <Card>
      <CardContent>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}>
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <FormControlLabel
          sx={{ mt: 2 }}
          control={
            <Switch
              checked={recording.sharedInRoom}
              disabled={!recording.canShare || share.isPending}
              onChange={(_, checked) => void toggleShare(checked)}
            />
          }
          label={t('recordings.share')}
        />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {recording.canShare ? t('recordings.shareHint') : t('recordings.noRoom')}
        </Typography>
        <Button color="error" startIcon={<DeleteOutlineRounded />} onClick={() => setConfirming(true)} sx={{ mt: 2 }}>
          {t('recordings.delete')}
        </Button>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={t('recordings.deleteTitle')}
        text={t('recordings.deleteText')}
        confirmLabel={t('recordings.delete')}
        cancelLabel={t('recordings.cancel')}
        color="error"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              enqueueSnackbar(t('recordings.deleted'), { variant: 'success' })
              navigate('/recordings')
            },
          })
        }
        onClose={() => setConfirming(false)}
      />
    </Card>
  )
}
