import type { WebhookAttempt, WebhookDelivery } from '@closeroom/shared'
import KeyboardArrowDownRounded from '@mui/icons-material/KeyboardArrowDownRounded'
import KeyboardArrowUpRounded from '@mui/icons-material/KeyboardArrowUpRounded'
import ReplayRounded from '@mui/icons-material/ReplayRounded'
import {
  Alert,
  Box,
  Button,
  Chip,
  Collapse,
  IconButton,
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
import { useSnackbar } from 'notistack'
import { Fragment, useId, useState } from 'react'
import { serverErrorText } from '../../lib/errorText'
import { formatDateTime } from '../../lib/intl'
import { type TFunction, useTranslation } from '../../locales/i18n'
import { useDeliveries, useRedeliver } from './queries'

/** On a phone the time and the last attempt wait in the row's details, where every attempt shows both. */
const wide = { display: { xs: 'none', sm: 'table-cell' } } as const
const STATUS_COLOR = { pending: 'info', succeeded: 'success', failed: 'error' } as const
const COLUMNS = 5

/** What an attempt came to, in the reader's words: the HTTP status, or the kind of failure the server recorded. */
function outcome(t: TFunction, attempt: WebhookAttempt) {
  const status = attempt.statusCode === null ? null : t('webhooks.log.httpStatus', { code: attempt.statusCode })
  switch (attempt.errorKind) {
    case 'redirect':
      return status ? `${status} · ${t('webhooks.log.redirect')}` : t('webhooks.log.redirect')
    case 'timeout':
      return t('webhooks.log.timeout')
    case 'refused':
      return t('webhooks.log.refused')
    case 'network':
      return t('webhooks.log.unreachable')
    default:
      // A success or a failing status answered; an attempt logged before kinds were recorded and not classified.
      return status ?? t('webhooks.log.unreachable')
  }
}

/** The endpoint's newest deliveries, each with its attempts on demand, and redeliver. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const { t } = useTranslation()
  const titleId = useId()
  const deliveries = useDeliveries(endpointId)
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 2 }}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ mb: 1, fontWeight: 600 }}>
        {t('webhooks.log.title')}
      </Typography>
      {deliveries.isError && <Alert severity="error">{serverErrorText(t, deliveries.error)}</Alert>}
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-labelledby={titleId}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 48 }}>
                <Box component="span" sx={visuallyHidden}>
                  {t('webhooks.log.attempts')}
                </Box>
              </TableCell>
              <TableCell>{t('webhooks.log.event')}</TableCell>
              <TableCell sx={wide}>{t('webhooks.log.time')}</TableCell>
              <TableCell>{t('webhooks.log.status')}</TableCell>
              <TableCell sx={wide}>{t('webhooks.log.result')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {deliveries.isPending && (
              <TableRow>
                <TableCell colSpan={COLUMNS}>
                  <Skeleton height={32} />
                </TableCell>
              </TableRow>
            )}
            {deliveries.data?.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS} sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
                  {t('webhooks.log.empty')}
                </TableCell>
              </TableRow>
            )}
            {deliveries.data?.map((delivery) => (
              <DeliveryRow key={delivery.id} endpointId={endpointId} delivery={delivery} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  )
}

function DeliveryRow({ endpointId, delivery }: { endpointId: string; delivery: WebhookDelivery }) {
  const { t, i18n } = useTranslation()
  const [open, setOpen] = useState(false)
  const redeliver = useRedeliver(endpointId)
  const { enqueueSnackbar } = useSnackbar()
  const time = formatDateTime(delivery.createdAt, i18n.language)
  const event = t(`webhooks.events.${delivery.type}`, { defaultValue: delivery.type })
  const last = delivery.attempts[0]
  const detailsId = `delivery-${delivery.id}`
  return (
    <Fragment>
      <TableRow data-testid="webhook-delivery" sx={{ '& > td': { borderBottom: open ? 'none' : undefined } }}>
        <TableCell>
          <IconButton
            size="small"
            aria-expanded={open}
            aria-controls={detailsId}
            aria-label={t(open ? 'webhooks.log.hideAttempts' : 'webhooks.log.showAttempts', { event, time })}
            onClick={() => setOpen(!open)}
          >
            {open ? <KeyboardArrowUpRounded /> : <KeyboardArrowDownRounded />}
          </IconButton>
        </TableCell>
        <TableCell sx={{ fontWeight: 600 }}>{event}</TableCell>
        <TableCell sx={{ ...wide, whiteSpace: 'nowrap' }}>{time}</TableCell>
        <TableCell>
          <Chip size="small" color={STATUS_COLOR[delivery.status]} label={t(`webhooks.log.statuses.${delivery.status}`)} />
        </TableCell>
        <TableCell sx={{ ...wide, color: 'text.secondary' }}>
          {last ? (
            <>
              {outcome(t, last)} · {t('webhooks.log.duration', { ms: last.durationMs })}
            </>
          ) : (
            t('webhooks.log.noAttempt')
          )}
          {delivery.nextAttemptAt && delivery.attempts.length > 0 && (
            <Box component="span" sx={{ display: 'block' }}>
              {t('webhooks.log.nextAttempt', { time: formatDateTime(delivery.nextAttemptAt, i18n.language) })}
            </Box>
          )}
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={COLUMNS} sx={{ py: 0, borderBottom: open ? undefined : 'none' }}>
          <Collapse in={open} unmountOnExit id={detailsId}>
            <Stack spacing={2} sx={{ py: 2 }} data-testid="webhook-attempts">
              {delivery.status !== 'pending' && (
                <Box>
                  <Button
                    size="small"
                    variant="outlined"
                    startIcon={<ReplayRounded />}
                    loading={redeliver.isPending}
                    onClick={() =>
                      redeliver.mutate(delivery.id, {
                        onSuccess: () => enqueueSnackbar(t('webhooks.snacks.redelivering'), { variant: 'success' }),
                        onError: (error) => enqueueSnackbar(serverErrorText(t, error), { variant: 'error' }),
                      })
                    }
                  >
                    {t('webhooks.log.redeliver')}
                  </Button>
                </Box>
              )}
              <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('webhooks.log.attempts')}>
                {delivery.attempts.map((attempt) => (
                  <Box component="li" key={attempt.id}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {formatDateTime(attempt.createdAt, i18n.language)} · {outcome(t, attempt)} ·{' '}
                      {t('webhooks.log.duration', { ms: attempt.durationMs })}
                    </Typography>
                    {attempt.error && attempt.statusCode === null && (
                      <Typography variant="body2" sx={{ color: 'error.main', overflowWrap: 'anywhere' }}>
                        <bdi dir="ltr">{attempt.error}</bdi>
                      </Typography>
                    )}
                    <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                      {t('webhooks.log.response')}
                    </Typography>
                    <Code>{attempt.responseBody || t('webhooks.log.emptyResponse')}</Code>
                  </Box>
                ))}
              </Stack>
              <Box>
                <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                  {t('webhooks.log.body')}
                </Typography>
                <Code>{delivery.payload}</Code>
              </Box>
            </Stack>
          </Collapse>
        </TableCell>
      </TableRow>
    </Fragment>
  )
}

function Code({ children }: { children: string }) {
  return (
    <Box
      component="pre"
      dir="ltr"
      // It scrolls when long: reachable by keyboard too.
      tabIndex={0}
      sx={{
        m: 0,
        mt: 0.5,
        p: 1,
        maxHeight: 160,
        overflow: 'auto',
        borderRadius: 1,
        bgcolor: 'action.hover',
        fontSize: 12,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
    >
      {children}
    </Box>
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
