import type { AutomationRun } from '@closeroom/shared'
import CancelRounded from '@mui/icons-material/CancelRounded'
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded'
import KeyboardArrowDownRounded from '@mui/icons-material/KeyboardArrowDownRounded'
import KeyboardArrowUpRounded from '@mui/icons-material/KeyboardArrowUpRounded'
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  Collapse,
  IconButton,
  Link as MuiLink,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import { Fragment, useState } from 'react'
import { Link } from 'react-router'
import { serverErrorText } from '../../lib/errorText'
import { formatDateTime } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { useRuns } from './queries'

const STATUS_COLOR = { queued: 'default', running: 'info', succeeded: 'success', failed: 'error' } as const
const COLUMNS = 6

/** The product's runs, newest first: when, which rule, what set it off, how it ended, and its log on demand. */
export function RunsTable({ productId }: { productId: string }) {
  const { t } = useTranslation()
  const runs = useRuns(productId)
  const rows = runs.data?.pages.flatMap((page) => page.runs) ?? []
  return (
    <Box component="section" aria-labelledby="automation-runs-title" sx={{ mt: 5 }}>
      <Typography id="automation-runs-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('automations.runs.title')}
      </Typography>
      {runs.isError && <Alert severity="error">{serverErrorText(t, runs.error)}</Alert>}
      <Card>
        <TableContainer>
          <Table aria-labelledby="automation-runs-title">
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 48 }}>
                  <Box component="span" sx={visuallyHidden}>
                    {t('automations.runs.log')}
                  </Box>
                </TableCell>
                <TableCell>{t('automations.runs.time')}</TableCell>
                <TableCell>{t('automations.runs.rule')}</TableCell>
                <TableCell>{t('automations.runs.trigger')}</TableCell>
                <TableCell>{t('automations.runs.who')}</TableCell>
                <TableCell>{t('automations.runs.status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {runs.isPending &&
                [0, 1].map((row) => (
                  <TableRow key={row}>
                    <TableCell colSpan={COLUMNS}>
                      <Skeleton height={36} />
                    </TableCell>
                  </TableRow>
                ))}
              {runs.isSuccess && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={COLUMNS} sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
                    {t('automations.runs.empty')}
                  </TableCell>
                </TableRow>
              )}
              {rows.map((run) => (
                <RunRow key={run.id} run={run} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {runs.hasNextPage && (
          <Box sx={{ p: 2, textAlign: 'center' }}>
            <Button onClick={() => void runs.fetchNextPage()} loading={runs.isFetchingNextPage}>
              {t('automations.runs.more')}
            </Button>
          </Box>
        )}
      </Card>
    </Box>
  )
}

function RunRow({ run }: { run: AutomationRun }) {
  const { t, i18n } = useTranslation()
  const [open, setOpen] = useState(false)
  const time = formatDateTime(run.createdAt, i18n.language)
  const logId = `run-log-${run.id}`
  return (
    <Fragment>
      <TableRow data-testid="automation-run" sx={{ '& > td': { borderBottom: open ? 'none' : undefined } }}>
        <TableCell>
          <IconButton
            size="small"
            aria-expanded={open}
            aria-controls={logId}
            aria-label={t(open ? 'automations.runs.hideLog' : 'automations.runs.showLog', { time })}
            onClick={() => setOpen(!open)}
          >
            {open ? <KeyboardArrowUpRounded /> : <KeyboardArrowDownRounded />}
          </IconButton>
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{time}</TableCell>
        <TableCell sx={{ fontWeight: 600 }}>{run.ruleName}</TableCell>
        <TableCell>{t(`automations.triggerNames.${run.trigger}`)}</TableCell>
        <TableCell sx={{ color: 'text.secondary', minWidth: 180, maxWidth: 280, overflowWrap: 'anywhere' }}>
          <bdi>{run.summary}</bdi>
        </TableCell>
        <TableCell>
          <Chip size="small" color={STATUS_COLOR[run.status]} label={t(`automations.runs.statuses.${run.status}`)} />
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={COLUMNS} sx={{ py: 0, borderBottom: open ? undefined : 'none' }}>
          <Collapse in={open} unmountOnExit id={logId}>
            <RunLog run={run} />
          </Collapse>
        </TableCell>
      </TableRow>
    </Fragment>
  )
}

/** Each action's line: done or failed, and what it did in the server's words; the run's error in red. */
function RunLog({ run }: { run: AutomationRun }) {
  const { t } = useTranslation()
  return (
    <Stack spacing={1} sx={{ py: 2, pl: 7 }} data-testid="automation-run-log">
      {run.log.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('automations.runs.notReached')}
        </Typography>
      )}
      <Stack component="ol" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {run.log.map((entry, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a log line is its place in the run
          <Stack component="li" key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            {entry.ok ? (
              <CheckCircleRounded fontSize="small" color="success" titleAccess={t('automations.runs.ok')} />
            ) : (
              <CancelRounded fontSize="small" color="error" titleAccess={t('automations.runs.failed')} />
            )}
            <Box>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t(`automations.actionNames.${entry.action}`, { defaultValue: entry.action })}
              </Typography>
              <Typography variant="body2" sx={{ color: entry.ok ? 'text.secondary' : 'error.main' }}>
                <bdi>{entry.detail}</bdi>
              </Typography>
            </Box>
          </Stack>
        ))}
      </Stack>
      {/* An error no action's line carries (none so far) still shows. */}
      {run.error && !run.log.some((entry) => !entry.ok) && (
        <Typography variant="body2" sx={{ color: 'error.main', fontWeight: 600 }}>
          <bdi>{run.error}</bdi>
        </Typography>
      )}
      {run.dealId && (
        <MuiLink component={Link} to={`/deals/${run.dealId}`} variant="body2" sx={{ alignSelf: 'flex-start' }}>
          {t('automations.runs.openDeal')}
        </MuiLink>
      )}
    </Stack>
  )
}

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const
