import type { User } from '@closeroom/shared'
import { Chip } from '@mui/material'
import { useTranslation } from '../../locales/i18n'

const statusColor = { active: 'success', invited: 'warning', deactivated: 'default' } as const

export function StatusChip({ status }: { status: User['status'] }) {
  const { t } = useTranslation()
  return <Chip size="small" variant="outlined" color={statusColor[status]} label={t(`people.statuses.${status}`)} />
}
