import type { AgreementStatus, RecipientStatus } from '@closeroom/shared'
import { Chip } from '@mui/material'
import { useTranslation } from '../../locales/i18n'

const agreementColours = {
  draft: 'default',
  sent: 'info',
  completed: 'success',
  declined: 'error',
  voided: 'default',
  expired: 'warning',
} as const

export function AgreementStatusChip({ status }: { status: AgreementStatus }) {
  const { t } = useTranslation()
  return (
    <Chip
      size="small"
      color={agreementColours[status]}
      variant={status === 'voided' ? 'outlined' : 'filled'}
      label={t(`agreements.statuses.${status}`)}
    />
  )
}

const recipientColours = {
  not_sent: 'default',
  sent: 'info',
  opened: 'warning',
  signed: 'success',
  approved: 'success',
  declined: 'error',
} as const

export function RecipientStatusChip({ status }: { status: RecipientStatus }) {
  const { t } = useTranslation()
  return (
    <Chip
      size="small"
      color={recipientColours[status]}
      variant={status === 'not_sent' ? 'outlined' : 'filled'}
      label={t(`agreements.recipientStatuses.${status}`)}
    />
  )
}
