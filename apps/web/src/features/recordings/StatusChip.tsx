import type { RecordingStatus } from '@closeroom/shared'
import { Chip } from '@mui/material'
import { useTranslation } from '../../locales/i18n'

const colors = { recording: 'error', processing: 'info', ready: 'success', failed: 'warning' } as const

export function StatusChip({ status }: { status: RecordingStatus }) {
  const { t } = useTranslation()
  return (
    <Chip
      size="small"
      color={colors[status]}
      variant={status === 'ready' ? 'outlined' : 'filled'}
      label={t(`recordings.statuses.${status}`)}
    />
  )
}
