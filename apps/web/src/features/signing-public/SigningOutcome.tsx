import BlockRounded from '@mui/icons-material/BlockRounded'
import CancelRounded from '@mui/icons-material/CancelRounded'
import DownloadRounded from '@mui/icons-material/DownloadRounded'
import EventBusyRounded from '@mui/icons-material/EventBusyRounded'
import HourglassTopRounded from '@mui/icons-material/HourglassTopRounded'
import LinkOffRounded from '@mui/icons-material/LinkOffRounded'
import TaskAltRounded from '@mui/icons-material/TaskAltRounded'
import { Box, Button, Stack, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { useTranslation } from '../../locales/i18n'
import type { SigningStep } from './outcome'

/** Every way a link can end up with nothing to sign, and the link that matches nothing. */
export type Outcome = Exclude<SigningStep, 'sign' | 'approve' | 'view'> | 'unknown'

const icons: Record<Outcome, { icon: ReactNode; color: string }> = {
  signed: { icon: <TaskAltRounded fontSize="inherit" />, color: 'success.main' },
  approved: { icon: <TaskAltRounded fontSize="inherit" />, color: 'success.main' },
  completed: { icon: <TaskAltRounded fontSize="inherit" />, color: 'success.main' },
  waiting: { icon: <HourglassTopRounded fontSize="inherit" />, color: 'info.main' },
  voided: { icon: <BlockRounded fontSize="inherit" />, color: 'text.secondary' },
  declined: { icon: <CancelRounded fontSize="inherit" />, color: 'error.main' },
  youDeclined: { icon: <CancelRounded fontSize="inherit" />, color: 'error.main' },
  expired: { icon: <EventBusyRounded fontSize="inherit" />, color: 'warning.main' },
  unknown: { icon: <LinkOffRounded fontSize="inherit" />, color: 'text.secondary' },
}

type Props = {
  outcome: Outcome
  /** The agreement's title, under the outcome's; unknown links have none. */
  title?: string
  senderName?: string
  /** The signed PDF, for a completed agreement (the server sends it as an attachment with ?download=1). */
  documentUrl?: string
  /** h1 on the signing page, h3 under the sales room's section. */
  level: 'h1' | 'h3'
}

/** Why there is nothing (more) to sign, and what comes next: never a blank page. */
export function SigningOutcome({ outcome, title, senderName, documentUrl, level }: Props) {
  const { t } = useTranslation()
  const { icon, color } = icons[outcome]
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 4, md: 6 }, px: 2 }} data-testid="signing-outcome">
      <Box aria-hidden sx={{ fontSize: 56, lineHeight: 1, color }}>
        {icon}
      </Box>
      <Typography variant={level === 'h1' ? 'h4' : 'h5'} component={level}>
        {t(`signing.states.${outcome}.title`)}
      </Typography>
      {title && (
        <Typography variant="subtitle1" dir="auto" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
      )}
      <Typography sx={{ color: 'text.secondary', maxWidth: 480 }}>
        {t(`signing.states.${outcome}.text`, { name: senderName ?? '' })}
      </Typography>
      {outcome === 'completed' && documentUrl && (
        <Button variant="contained" href={`${documentUrl}?download=1`} startIcon={<DownloadRounded />} sx={{ mt: 1 }}>
          {t('signing.states.completed.download')}
        </Button>
      )}
    </Stack>
  )
}
